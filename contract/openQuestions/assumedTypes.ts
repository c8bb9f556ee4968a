/**
 * The JSON types this portal reads where the specification gives none. The specification types a
 * few fields ("Every probillNumber is an integer", "transitDays (integer)"); the contract cites each
 * (`x-spec-type`). Every other type is the portal's reading of the field's name, limits and example,
 * and a generated client enforces it all the same: `pw` string, `expires_in` integer, `isWillCall`
 * boolean. One row of the register asks the carrier for them all (`api-json-types`), and each such
 * field carries the same mark on its type, in the guides' field lists and on /api/, linked to it.
 *
 * A type is the carrier's, not marked, where the contract cites it (`x-spec-type` on the field or on
 * the schema it refers to), where the carrier's own words give it (a limit counted in characters,
 * "bol up to 20 characters"; allowed values that are words, "Prepaid, Collect, Third Party"), and
 * for an object, whose fields the specification lists. A field with its own question on its type
 * (`x-not-stated: [type]`) is marked by that question, which says more, and a field with no type
 * ("not stated") shows nothing assumed.
 */
import {citesKeywords, parseCitation} from '../citations';
import {methods, referencedComponent, type Document, type Node} from './rows';

/** The register row every assumed type links to; its words are in portalChoices.ts (`apiWideQuestions`). */
export const assumedTypesRowId = 'api-json-types';

type Schema = Node & {type?: string | string[]; properties?: Record<string, Node>; items?: Node; allOf?: Node[]; anyOf?: Node[]; oneOf?: Node[]; enum?: unknown[]; const?: unknown};

/** The quoted words of a node's citation, or undefined. */
function quoteOf(value: unknown): string | undefined {
  const citation = parseCitation(value);
  return citesKeywords(citation) ? citation.quote : undefined;
}

/** A field's node, the component it refers to, and the parts it is made of: what its type is read from. */
function partsOf(document: Pick<Document, 'components'>, node: Node, seen = new Set<Node>()): Schema[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const target = referencedComponent(document, node);
  const parts = [...((node.allOf as Node[] | undefined) ?? [])].flatMap((part) => partsOf(document, part, seen));
  return [node as Schema, ...(target ? partsOf(document, target, seen) : []), ...parts];
}

/**
 * True where `field` shows a JSON type that no words of the carrier give: the fact the
 * `api-json-types` mark sits on. `field` is a property's node or a parameter's schema.
 */
export function showsAssumedType(document: Pick<Document, 'components'>, field: Node): boolean {
  const parts = partsOf(document, field);
  const type = parts.map((part) => part.type).find((value) => value !== undefined);
  const combined = parts.some((part) => part.anyOf || part.oneOf);
  // No type shown: nothing is assumed on the line ("not stated"), and its own question says what is open.
  if (type === undefined && !combined) return false;
  // A question of its own on the type says more than the API-wide row.
  if (parts.some((part) => (part['x-not-stated'] ?? []).includes('type'))) return false;
  if (parts.some((part) => quoteOf(part['x-spec-type']))) {
    // An array the carrier types ("message (an array)") shows its entries' type too ("array of
    // string"): that part is the portal's reading unless the entries carry words of their own.
    const items = parts.map((part) => part.items).find(Boolean);
    return type === 'array' && items !== undefined && showsAssumedType(document, items);
  }
  // An object: the specification lists its fields ("pickupWindow (windowDate, …)").
  if (type === 'object' || parts.some((part) => part.properties)) return false;
  // A limit the carrier counts in characters makes the field text.
  if (type === 'string' && parts.some((part) => /\bcharacters?\b/.test(quoteOf(part['x-spec']) ?? ''))) return false;
  // Allowed values the carrier spells as words ("Prepaid, Collect, Third Party") are text; class codes such as 50 and 77 are not.
  const values = parts.map((part) => part.enum ?? (part.const !== undefined ? [part.const] : undefined)).find(Boolean);
  const valuesCited = parts.some((part) => (part.enum || part.const !== undefined) && quoteOf(part['x-spec']));
  if (type === 'string' && values && valuesCited && values.every((value) => typeof value === 'string' && !/^\d/.test(value))) return false;
  return true;
}

/**
 * What the `api-json-types` mark names on `field`: its type, and, on a text field whose limit the
 * carrier gives as a bare number ("purchaseOrder 12"), the unit of that limit too, which the portal
 * reads as characters (a limit the carrier counts in characters leaves the field unmarked, above).
 */
export function assumedTypeAspects(document: Pick<Document, 'components'>, field: Node): ('type' | 'unit')[] {
  const parts = partsOf(document, field);
  const type = parts.map((part) => part.type).find((value) => value !== undefined);
  return type === 'string' && parts.some((part) => part.maxLength !== undefined || part.minLength !== undefined) ? ['type', 'unit'] : ['type'];
}

/**
 * True where a text field's encoding (`contentEncoding: base64`) is the portal's reading, shown on its
 * line as "string (base64)": a probill document's `contentBase64`, named so. Where the carrier's words
 * give it ("document (base64)", `x-spec-type`), the encoding is the carrier's.
 */
export function showsAssumedEncoding(field: Node): boolean {
  const encoding = (field as {contentEncoding?: unknown}).contentEncoding;
  if (typeof encoding !== 'string') return false;
  // The carrier may spell it "Base64" or "base64": the word is what counts.
  return !(quoteOf(field['x-spec-type']) ?? '').toLowerCase().includes(encoding.toLowerCase());
}

/** A field of the contract, with where it is (`schema PickupRequest pickupFrom.zip`, `parameter clientCode of GET /…`). */
export type ContractField = {readonly node: Node; readonly where: string; readonly parameter?: Node};

/**
 * Every field of the contract once: the properties of each component schema and of the calls' inline
 * schemas (nested objects and array entries included), and each parameter's schema.
 */
export function contractFields(document: Document): ContractField[] {
  const fields: ContractField[] = [];
  const visit = (schema: Node | undefined, where: string, prefix: string) => {
    if (!schema || typeof schema !== 'object' || schema.$ref) return;
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
      fields.push({node: property, where: `${where} ${prefix}${name}`});
      visit(property, where, `${prefix}${name}.`);
      visit(property.items as Node | undefined, where, `${prefix}${name}[].`);
    }
    for (const part of [schema.allOf, schema.anyOf, schema.oneOf].flat().filter(Boolean) as Node[]) visit(part, where, prefix);
    visit(schema.items as Node | undefined, where, prefix);
  };
  for (const [name, schema] of Object.entries(document.components.schemas ?? {})) visit(schema, `schema ${name}`, '');
  for (const [name, parameter] of Object.entries(document.components.parameters ?? {})) {
    if (parameter.schema) fields.push({node: parameter.schema as Node, where: `parameter ${name}`, parameter});
  }
  for (const [pathName, item] of Object.entries(document.paths)) {
    for (const method of methods.filter((candidate) => item[candidate])) {
      const operation = item[method];
      const call = `${method.toUpperCase()} ${pathName}`;
      for (const parameter of (operation.parameters ?? []) as Node[]) {
        if (!parameter.$ref && parameter.schema) fields.push({node: parameter.schema as Node, where: `${call} parameter ${String(parameter.name)}`, parameter});
      }
      const bodies = [operation.requestBody as Node | undefined, ...Object.values((operation.responses ?? {}) as Record<string, Node>)];
      for (const body of bodies) {
        visit((body?.content as Record<string, {schema?: Node}> | undefined)?.['application/json']?.schema, call, '');
      }
    }
  }
  return fields;
}

/** The fields whose JSON type is the portal's reading: the register row's count and /api/'s marks. */
export function fieldsWithAssumedType(document: Document): ContractField[] {
  // A parameter's own question on its type (`clientCode`'s) says more, as a field's does.
  return contractFields(document).filter((field) => showsAssumedType(document, field.node) && !(field.parameter?.['x-not-stated'] ?? []).includes('type'));
}
