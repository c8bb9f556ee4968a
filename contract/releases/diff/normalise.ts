/**
 * The two documents made comparable before the library reads them: the forms of a `$ref` and an
 * `allOf` that mean the same to an integrator are written the same way, so the library does not
 * report a change where there is none.
 */

import {pointerTarget} from '../../jsonPointer';
import type {ContractDocument} from '../releases';

/** Keys beside a `$ref` that describe it without constraining a value. */
const isAnnotationKey = (key: string) => key.startsWith('x-') || ['description', 'title', 'example', 'examples', 'deprecated'].includes(key);

/**
 * The library turns a `$ref` with any key beside it into `allOf: [target, siblings]`, so adding a
 * description or an `x-not-stated` note beside a `$ref` reads as every property of the target removed
 * and re-added: a false breaking change. Where the keys beside a `$ref` are only annotations, the
 * target is copied in place with them laid over it (which is what such a `$ref` means), in both
 * documents alike; a `$ref` with constraints beside it is left to the library.
 */
export function inlineAnnotatedRefs(document: ContractDocument): ContractDocument {
  const visit = (node: unknown, inlining: readonly string[] = []): unknown => {
    if (Array.isArray(node)) {
      return node.map((item) => visit(item, inlining));
    }
    if (node === null || typeof node !== 'object') {
      return node;
    }
    const {$ref: ref, ...rest} = node as Record<string, unknown>;
    const siblings = Object.keys(rest);
    // A schema that reaches itself through annotated `$ref`s keeps the inner one as a reference.
    if (typeof ref === 'string' && ref.startsWith('#/') && siblings.length > 0 && siblings.every(isAnnotationKey) && !inlining.includes(ref)) {
      const target = pointerTarget(document, ref);
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        return visit({...(target as Record<string, unknown>), ...rest}, [...inlining, ref]);
      }
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value, inlining)]));
  };
  return visit(document) as ContractDocument;
}

/** Keys an object schema may have and still merge with the other parts of an `allOf`. */
const mergeableKeys = new Set(['type', 'properties', 'required', 'description', 'title', 'example', 'examples', 'deprecated']);

type SchemaObject = Record<string, unknown> & {properties?: Record<string, unknown>; required?: string[]};

/**
 * The library maps the parts of an `allOf` to each other by likeness, not by position, so a wording
 * change inside one part (`Address.zipcode` inside `AgentProbill`, the first part of
 * `AgentProbillDetail`) can make it pair the parts crosswise and report the `$ref` and the other
 * part's fields removed and re-added: a false breaking change. Where every part is a plain object
 * schema (a `$ref` to one, or one written in place) and no field appears in two parts, the parts are
 * merged into the one object schema they mean: every part's fields, every part's `required`, and the
 * `allOf`'s own keys over the parts' annotations. Any other `allOf` is left to the library.
 */
export function mergeObjectAllOf(document: ContractDocument): ContractDocument {
  const resolve = (part: unknown): SchemaObject | null => {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) {
      return null;
    }
    const {$ref: ref, ...rest} = part as Record<string, unknown>;
    if (ref === undefined) {
      return part as SchemaObject;
    }
    const target = typeof ref === 'string' && ref.startsWith('#/') && Object.keys(rest).length === 0 ? pointerTarget(document, ref) : null;
    return target !== null && typeof target === 'object' && !Array.isArray(target) && !('$ref' in target) ? (target as SchemaObject) : null;
  };
  const isPlainObjectSchema = (schema: SchemaObject) =>
    (schema.type === undefined || schema.type === 'object') && Object.keys(schema).every((key) => key.startsWith('x-') || mergeableKeys.has(key));
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      return node.map(visit);
    }
    if (node === null || typeof node !== 'object') {
      return node;
    }
    const {allOf, ...own} = node as Record<string, unknown>;
    const parts = Array.isArray(allOf) ? allOf.map(resolve) : [];
    if (parts.length > 0 && parts.every((part): part is SchemaObject => part !== null && isPlainObjectSchema(part))) {
      const fieldNames = parts.flatMap((part) => Object.keys(part.properties ?? {}));
      if (new Set(fieldNames).size === fieldNames.length) {
        const required = [...new Set(parts.flatMap((part) => part.required ?? []))];
        const merged: Record<string, unknown> = {
          ...Object.assign({}, ...parts),
          type: 'object',
          properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
          required,
          ...own,
        };
        // No part requires a field (and the allOf itself lists none): say nothing rather than `[]`.
        if (Array.isArray(merged.required) && merged.required.length === 0) {
          delete merged.required;
        }
        return visit(merged);
      }
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  return visit(document) as ContractDocument;
}

/**
 * The library also pairs the parts of an `anyOf` or `oneOf` by likeness: when the schemas they refer
 * to are reworded (`ValidationError` and `ErrorResponse`, the two bodies of a 400), it can pair them
 * crosswise and report each `$ref` replaced by the other, a false breaking change on every call. A
 * part that is a bare `$ref` gets the name of its schema as its `title`, in both documents alike, so
 * the same schema pairs with itself.
 */
export function titleCombinedRefs(document: ContractDocument): ContractDocument {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      return node.map(visit);
    }
    if (node === null || typeof node !== 'object') {
      return node;
    }
    const record = node as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(record).map(([key, value]) => {
        if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
          const parts = value.map((part) => {
            const ref = (part as {$ref?: unknown} | null)?.$ref;
            return typeof ref === 'string' && Object.keys(part as object).length === 1 ? {$ref: ref, title: ref.split('/').pop()} : visit(part);
          });
          return [key, parts];
        }
        return [key, visit(value)];
      }),
    );
  };
  return visit(document) as ContractDocument;
}
