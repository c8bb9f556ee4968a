/**
 * What changed between two versions of the served contract, classified the way an integrator's code
 * feels it. The comparison is api-smart-diff's (chosen over Optic's rulesets and Atlassian's
 * openapi-diff: see contract/releases/README.md); it resolves every `$ref`, so a change to a shared
 * schema is reported under each operation that uses it, in the direction (request or response) it is
 * used in.
 *
 * The library's rules miss a few cases that matter for this contract. `portalRules` reclassifies them,
 * each with its reason, over the library's output (tests/unit/contract/diff.spec.ts holds each one).
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {apiCompare, type Diff} from 'api-smart-diff';

import {pointerTarget} from '../jsonPointer';
import type {ContractDocument} from './releases';

export type ChangeKind = 'breaking' | 'non-breaking' | 'annotation';
export type Direction = 'request' | 'response' | 'operation' | 'contract';

export type Change = {
  readonly kind: ChangeKind;
  readonly direction: Direction;
  /** `POST /order/pickup/request`, or `Whole contract` for servers, security and the introduction. */
  readonly group: string;
  readonly operationId?: string;
  readonly tag?: string;
  /** Where the change is, in the newer document (the older one for a removal), as a JSON path. */
  readonly jsonPath: string;
  /** One line a writer reads in seconds. */
  readonly description: string;
  /** For a breaking change: what it breaks for an integrator. */
  readonly breaks?: string;
  /** Set when a portal rule, not the library, decided the kind. */
  readonly rule?: string;
};

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type Segment = string | number;

/** `$.paths['/order/pickup/request'].post.requestBody…`: readable, and unambiguous for any key. */
export function toJsonPath(segments: readonly Segment[]): string {
  return `$${segments
    .map((segment) =>
      typeof segment === 'number' ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `['${segment.replace(/'/g, "\\'")}']`,
    )
    .join('')}`;
}

function directionOf(segments: readonly Segment[]): Direction {
  if (segments[0] !== 'paths' || !httpMethods.has(String(segments[2]))) {
    return 'contract';
  }
  if (segments[3] === 'requestBody' || segments[3] === 'parameters') {
    return 'request';
  }
  return segments[3] === 'responses' ? 'response' : 'operation';
}

/** A keyword on the path that `matches`, not a field that happens to be named so (under `properties`). */
function touchesKeyword(segments: readonly Segment[], matches: (segment: string) => boolean): boolean {
  return segments.some((segment, index) => typeof segment === 'string' && matches(segment) && segments[index - 1] !== 'properties');
}

/** An `x-` extension of the description itself (not a property that happens to be named `x-…`). */
const touchesExtension = (segments: readonly Segment[]) => touchesKeyword(segments, (segment) => segment.startsWith('x-'));

const isPropertyItself = (segments: readonly Segment[]) => segments.at(-2) === 'properties';

/** An `example` or `examples` keyword (not a field named `examples`). */
const touchesExample = (segments: readonly Segment[]) => touchesKeyword(segments, (segment) => segment === 'example' || segment === 'examples');

type PortalRule = {
  readonly name: string;
  readonly applies: (diff: Diff, direction: Direction) => boolean;
  readonly kind: ChangeKind;
};

/** Cases the library classifies otherwise, and why this portal does not follow it there. */
export const portalRules: readonly PortalRule[] = [
  {
    // x-codeSamples, x-not-stated, x-spec, x-portal-choices: the portal's own notes about the
    // contract. The library leaves them unclassified; no integrator's code reads them.
    name: 'extensions are annotations',
    applies: (diff) => touchesExtension(diff.path),
    kind: 'annotation',
  },
  {
    // An example shows a value; no server validates against it. The library leaves a parameter's
    // `example` moved into named `examples` (where it can carry a note) unclassified, which this
    // check would otherwise count as breaking.
    name: 'examples are annotations',
    applies: (diff) => touchesExample(diff.path),
    kind: 'annotation',
  },
  {
    // Links to the guides (externalDocs, added by the bundle step) and the tags that group /api/'s
    // menu: the library leaves them unclassified; they change the reading, never a call.
    name: 'guide links and tags are annotations',
    applies: (diff) => diff.path.includes('externalDocs') || diff.path[0] === 'tags',
    kind: 'annotation',
  },
  {
    // The library calls the removal of an optional response field non-breaking, since a client must
    // cope with its absence. This contract leaves presence unstated almost everywhere (see
    // `x-not-stated`), so integrators read the fields the description shows; taking one away breaks them.
    name: 'a response field removed is breaking',
    applies: (diff, direction) => direction === 'response' && diff.action === 'remove' && isPropertyItself(diff.path),
    kind: 'breaking',
  },
  {
    // The library calls the removal of a request field non-breaking (the server ignores what it no
    // longer reads). For an integrator it is a field the carrier silently drops, and a rename shows up
    // as exactly this removal plus an addition.
    name: 'a request field removed is breaking',
    applies: (diff, direction) => direction === 'request' && diff.action === 'remove' && isPropertyItself(diff.path),
    kind: 'breaking',
  },
  {
    // The library calls a changed `type` in a response non-breaking; code that parses an integer
    // fails on a string.
    name: 'a response type changed is breaking',
    applies: (diff, direction) => direction === 'response' && diff.path.at(-1) === 'type' && diff.path.at(-2) !== 'properties',
    kind: 'breaking',
  },
];

function breaksFor(direction: Direction): string {
  switch (direction) {
    case 'request':
      return 'requests integrators send today may be refused or read differently';
    case 'response':
      return 'code that reads today\u2019s answers may fail on the new ones';
    case 'operation':
      return 'integrators calling this operation today may fail';
    default:
      return 'every integrator may be affected';
  }
}

function formatValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 60 ? `${text.slice(0, 57)}\u2026` : text;
}

/**
 * Two long texts (a description) usually differ in a few words: show those words with a little
 * context, not two identical openings cut at the same place.
 */
export function differingParts(beforeText: string, afterText: string): [string, string] {
  // Line breaks in a description are Markdown's; on a terminal line they only get in the way.
  const before = beforeText.replace(/\s+/g, ' ');
  const after = afterText.replace(/\s+/g, ' ');
  if (before.length <= 60 && after.length <= 60) {
    return [formatValue(before), formatValue(after)];
  }
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end += 1;
  // Start and end on word boundaries, with a few words of context either side.
  const from = Math.max(0, before.lastIndexOf(' ', Math.max(0, start - 25)) + 1);
  const excerpt = (text: string) => {
    const stop = text.length - end;
    const next = text.indexOf(' ', Math.min(text.length, stop + 20));
    const to = next === -1 ? text.length : next;
    const middle = text.slice(from, to);
    const shown = middle.length > 160 ? `${middle.slice(0, 157)}\u2026` : middle;
    return `${from > 0 ? '\u2026' : ''}"${shown}"${to < text.length ? '\u2026' : ''}`;
  };
  return [excerpt(before), excerpt(after)];
}

const actionWords: Record<string, string> = {add: 'Added', remove: 'Removed', replace: 'Replaced', rename: 'Renamed'};
const actionWord = (diff: Diff) => actionWords[diff.action] ?? diff.action;

/** The keyword a change is to: the last segment of its path that is not an array index. */
const keywordOf = (diff: Diff) => [...diff.path].map(String).reverse().find((segment) => !/^\d+$/.test(segment)) ?? '';

/**
 * The library names no change for some nodes (inside `anyOf`/`oneOf` parts, an `x-` list, a
 * parameter's extension): its text is then only " in Response 400 content (application/json)" or
 * "[Added]  to `field` in …". Name the keyword and where it is in
 * the body, as the library does elsewhere: "Replaced description of `anyOf[0].message`".
 */
function unnamedChange(diff: Diff, libraryText: string): string {
  const keyword = keywordOf(diff);
  const path = diff.path.map(String);
  const field = fieldOf(path.slice(0, path.lastIndexOf(keyword)));
  return `${actionWord(diff)} ${keyword}${field ? ` of \`${field}\`` : ''}${libraryText}`;
}

/**
 * The field a path inside a body's schema leads to, as `items[].roll.cutRollNumber`; '' at the
 * schema itself or outside a body.
 */
function fieldOf(path: readonly string[]): string {
  const schemaAt = path.indexOf('schema', path.indexOf('content'));
  if (schemaAt <= 0) {
    return '';
  }
  return path
    .slice(schemaAt + 1)
    .map((segment, index, all) => {
      // A name under `properties` is a field, even one called `items`; otherwise `items` is an array's.
      if (all[index - 1] === 'properties') return `.${segment}`;
      if (/^\d+$/.test(segment)) return `[${segment}]`;
      if (segment === 'items') return '[]';
      return segment === 'properties' ? '' : `.${segment}`;
    })
    .join('')
    .replace(/^\./, '');
}

/** `query parameter \`bol\``, for a change inside an operation's parameter; undefined elsewhere. */
function parameterOf(document: ContractDocument, segments: readonly Segment[]): string | undefined {
  if (segments[0] !== 'paths' || segments[3] !== 'parameters' || !/^\d+$/.test(String(segments[4]))) {
    return undefined;
  }
  const operation = document.paths?.[String(segments[1])]?.[String(segments[2])] as {parameters?: unknown[]} | undefined;
  const listed = operation?.parameters?.[Number(segments[4])] as {$ref?: string} | undefined;
  const resolved = (typeof listed?.$ref === 'string' ? pointerTarget(document, listed.$ref) : listed) as {in?: string; name?: string} | undefined;
  return resolved?.name ? `${resolved.in ?? ''} parameter \`${resolved.name}\``.trim() : undefined;
}

/**
 * For a change the library gives no text at all (a guide link, a parameter's example): the keyword
 * and what it is on, "Replaced externalDocs.url", "Removed example of query parameter `limit`".
 */
function plainChange(diff: Diff, parameter?: string): string {
  const path = diff.path.map(String);
  const from = parameter !== undefined ? 5 : path[0] === 'paths' ? 3 : 0;
  const keyword = path.slice(from).join('.');
  return `${actionWord(diff)} ${keyword}${parameter !== undefined ? ` of ${parameter}` : ''}`;
}

function describe(diff: Diff, parameter?: string): string {
  const libraryText = diff.description ?? plainChange(diff, parameter);
  // "[Added]  to `x` in …" and " in …": the library found no name for what changed.
  const unnamed = /^\s*(?:\[\w+\]\s*)?(?:(?:to|of|from) `[^`]*`\s*)?(in .*)$/s.exec(libraryText);
  // An extension added to a parameter reads "[Added] required query parameter `x`", as if the
  // parameter itself were new, or has no text at all: name the extension and the parameter it is on.
  const keyword = keywordOf(diff);
  const onParameter = parameter !== undefined && keyword.startsWith('x-') && !(diff.description ?? '').includes(keyword);
  const named = unnamed ? unnamedChange(diff, ` ${unnamed[1]}`) : onParameter ? `${actionWord(diff)} ${keyword} of ${parameter}` : libraryText;
  const base = named.replace(/^\[(\w+)\]\s*/, '$1 ');
  const scalar = (value: unknown) => value === undefined || value === null || typeof value !== 'object';
  const scalars = (value: unknown): value is unknown[] => Array.isArray(value) && value.every(scalar);
  if (diff.action === 'replace' && typeof diff.before === 'string' && typeof diff.after === 'string') {
    const [before, after] = differingParts(diff.before, diff.after);
    return `${base}: ${before} \u2192 ${after}`;
  }
  if (diff.action === 'replace' && scalar(diff.before) && scalar(diff.after)) {
    return `${base}: ${formatValue(diff.before)} \u2192 ${formatValue(diff.after)}`;
  }
  if (diff.action === 'replace' && scalars(diff.before) && scalars(diff.after)) {
    // A list of values (an enum, `required`) replaced whole: say which values went and came.
    const gone = diff.before.filter((value) => !(diff.after as unknown[]).includes(value));
    const came = diff.after.filter((value) => !(diff.before as unknown[]).includes(value));
    const parts = [gone.length ? `without ${gone.map(formatValue).join(', ')}` : '', came.length ? `with ${came.map(formatValue).join(', ')}` : ''];
    return `${base}: ${parts.filter(Boolean).join('; ') || 'reordered'}`;
  }
  const value = diff.action === 'remove' ? diff.before : diff.action === 'add' ? diff.after : undefined;
  return value !== undefined && scalar(value) ? `${base}: ${diff.action === 'remove' ? 'removes' : 'adds'} ${formatValue(value)}` : base;
}

/** Keeps what an integrator can feel: operations (with every `$ref` resolved), servers, security, the introduction. */
function isReported(segments: readonly Segment[]): boolean {
  const [top, second] = segments;
  if (top === 'paths' || top === 'servers' || top === 'security' || top === 'tags') {
    return true;
  }
  if (top === 'info') {
    // The version moves with every release; the entry says so.
    return second !== 'version';
  }
  return top === 'components' && second === 'securitySchemes';
}

function operationOf(document: ContractDocument, segments: readonly Segment[]): {operationId?: string; tag?: string} {
  const operation = document.paths?.[String(segments[1])]?.[String(segments[2])] as {operationId?: string; tags?: string[]} | undefined;
  return {operationId: operation?.operationId, tag: operation?.tags?.[0]};
}

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

/** The value at `segments` in `document`, or undefined, through `$ref`s as the library's paths go. */
function valueAt(document: ContractDocument, segments: readonly Segment[]): unknown {
  const resolved = (node: unknown): unknown => {
    const ref = (node as {$ref?: unknown} | null)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#/') ? resolved(pointerTarget(document, ref)) : node;
  };
  return segments.reduce<unknown>((node, segment) => {
    const here = resolved(node);
    return here !== null && typeof here === 'object' ? (here as Record<string, unknown>)[String(segment)] : undefined;
  }, document);
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/**
 * The library reports a list of values (`x-not-stated: [unit]`) element by element, by index, and a
 * code sample line by line of its source: "Replaced annotation (0) …: "required" → "meaning"",
 * "Replaced annotation (1) …: "behaviour" → "required"", "Added annotation (2) …" for one added
 * "meaning". Such changes are grouped under the path of the list (or of `x-codeSamples`) and told once.
 */
function groupedUnder(segments: readonly Segment[], older: ContractDocument, newer: ContractDocument): Segment[] | undefined {
  const at = segments.findIndex((segment, index) => typeof segment === 'string' && segment.startsWith('x-') && segments[index - 1] !== 'properties');
  if (at < 0) {
    return undefined;
  }
  const list = segments.slice(0, at + 1);
  if (list[at] === 'x-codeSamples') {
    return list;
  }
  const values = [valueAt(older, list), valueAt(newer, list)];
  return values.every((value) => value === undefined || (Array.isArray(value) && value.every(isScalar))) ? list : undefined;
}

/** "of `items[].weight` in Request Body content (application/json)", "of query parameter `bol`", "of Response 200". */
function placeOf(document: ContractDocument, segments: readonly Segment[]): string {
  const parameter = parameterOf(document, segments);
  if (parameter) {
    return `of ${parameter}`;
  }
  const path = segments.map(String);
  const [, , , part, code] = path;
  const body = part === 'requestBody' ? 'Request Body' : part === 'responses' ? `Response ${code}` : undefined;
  if (body === undefined) {
    return path[0] === 'paths' ? 'of the operation' : `at ${toJsonPath(segments)}`;
  }
  const contentAt = path.indexOf('content');
  const where = contentAt > 0 ? `${body} content (${path[contentAt + 1]})` : body;
  // The list's own name is not part of the field it is on.
  const field = fieldOf(path.slice(0, -1));
  return field ? `of \`${field}\` in ${where}` : `of ${where}`;
}

type CodeSample = {lang?: string; label?: string; source?: string};

function describeList(list: readonly Segment[], before: unknown, after: unknown, place: string): string {
  const name = String(list.at(-1));
  if (name === 'x-codeSamples') {
    const older = (Array.isArray(before) ? before : []) as CodeSample[];
    const newer = (Array.isArray(after) ? after : []) as CodeSample[];
    const label = (sample: CodeSample) => sample.label ?? sample.lang ?? '?';
    const changed = [...new Set([...older, ...newer].map(label))].filter(
      (shown) => older.find((sample) => label(sample) === shown)?.source !== newer.find((sample) => label(sample) === shown)?.source,
    );
    const first = changed[0];
    const was = older.find((sample) => label(sample) === first)?.source;
    const now = newer.find((sample) => label(sample) === first)?.source;
    const action = was === undefined ? 'Added' : now === undefined ? 'Removed' : 'Replaced';
    const excerpt = was !== undefined && now !== undefined ? `: ${differingParts(was, now).join(' \u2192 ')}` : '';
    return `${action} the code samples (${changed.join(', ')}) ${place}${excerpt}`;
  }
  const older = Array.isArray(before) ? before : [];
  const newer = Array.isArray(after) ? after : [];
  const gone = older.filter((value) => !newer.includes(value)).map(formatValue).join(', ');
  const came = newer.filter((value) => !older.includes(value)).map(formatValue).join(', ');
  if (gone && came) return `Replaced ${gone} with ${came} in ${name} ${place}`;
  if (came) return `Added ${came} to ${name} ${place}`;
  if (gone) return `Removed ${gone} from ${name} ${place}`;
  return `Reordered ${name} ${place}`;
}

/** Every change from `before` to `after`, in document order. */
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

/**
 * Where comparisons already made are kept. A comparison takes 0.3 to 0.6 s, and the check, the
 * Changelog and the release command compare every release with the one before it, again and again
 * (4.4 s of the check's 5 s, 2026-11-28), though a release never changes. The key is both documents
 * and the code that compares them, so an edited rule or library recomputes everything.
 */
const cacheFolder = path.resolve(__dirname, '../../node_modules/.cache/contract-changes');
const comparerFingerprint = createHash('sha256')
  .update(readFileSync(__filename))
  .update(readFileSync(require.resolve('../jsonPointer')))
  .update(readFileSync(require.resolve('api-smart-diff')))
  .digest('hex');

export function contractChanges(before: ContractDocument, after: ContractDocument): Change[] {
  const key = createHash('sha256').update(comparerFingerprint).update(JSON.stringify(before)).update('\0').update(JSON.stringify(after)).digest('hex');
  const cached = path.join(cacheFolder, `${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as Change[];
  } catch {
    // Not compared yet (or the cache is unreadable): compare, and keep the result if the folder takes it.
  }
  const changes = compare(before, after);
  try {
    mkdirSync(cacheFolder, {recursive: true});
    // Written aside then renamed: parallel runs (the build checks) never read half a file.
    const partial = `${cached}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(changes));
    renameSync(partial, cached);
  } catch {
    // A read-only node_modules only loses the speed-up.
  }
  return changes;
}

function compare(before: ContractDocument, after: ContractDocument): Change[] {
  const comparable = (document: ContractDocument) => mergeObjectAllOf(inlineAnnotatedRefs(titleCombinedRefs(document)));
  const older = comparable(before);
  const newer = comparable(after);
  const {diffs} = apiCompare(comparable(before), comparable(after));
  const classify = (diff: Diff) => {
    const direction = directionOf(diff.path);
    const rule = portalRules.find((candidate) => candidate.applies(diff, direction));
    // What the library leaves unclassified is treated as breaking: a writer then reads it and, if
    // it is harmless, adds a rule. Deprecation is announced, not breaking.
    const libraryKind: ChangeKind = diff.type === 'unclassified' ? 'breaking' : diff.type === 'deprecated' ? 'non-breaking' : diff.type;
    return {kind: rule?.kind ?? libraryKind, rule: rule ? rule.name : diff.type === 'unclassified' ? 'left unclassified by the library: treated as breaking' : undefined};
  };
  const change = (segments: readonly Segment[], owner: ContractDocument, kind: ChangeKind, rule: string | undefined, description: string): Change => {
    const direction = directionOf(segments);
    const isOperation = direction !== 'contract';
    return {
      kind,
      direction,
      group: isOperation ? `${String(segments[2]).toUpperCase()} ${String(segments[1])}` : 'Whole contract',
      ...(isOperation ? operationOf(owner, segments) : {}),
      jsonPath: toJsonPath(segments),
      description,
      ...(kind === 'breaking' ? {breaks: breaksFor(direction)} : {}),
      ...(rule ? {rule} : {}),
    };
  };
  // Each list's changes, in the place of its first one.
  const lists = new Map<string, {segments: Segment[]; diffs: Diff[]}>();
  const inOrder: Array<Diff | {segments: Segment[]; diffs: Diff[]}> = [];
  for (const diff of diffs.filter((candidate) => isReported(candidate.path))) {
    const list = groupedUnder(diff.path, older, newer);
    if (!list) {
      inOrder.push(diff);
      continue;
    }
    const key = JSON.stringify(list);
    const entry = lists.get(key) ?? {segments: list, diffs: []};
    if (!lists.has(key)) {
      lists.set(key, entry);
      inOrder.push(entry);
    }
    entry.diffs.push(diff);
  }
  const severity: ChangeKind[] = ['breaking', 'non-breaking', 'annotation'];
  return inOrder.map((item): Change => {
    if ('action' in item) {
      const {kind, rule} = classify(item);
      const owner = item.action === 'remove' ? before : after;
      return change(item.path, owner, kind, rule, describe(item, parameterOf(owner, item.path)));
    }
    // The list is as strict as its strictest element's change.
    const classified = item.diffs.map(classify).sort((a, b) => severity.indexOf(a.kind) - severity.indexOf(b.kind));
    const owner = valueAt(newer, item.segments) === undefined ? before : after;
    const description = describeList(item.segments, valueAt(older, item.segments), valueAt(newer, item.segments), placeOf(owner, item.segments));
    return change(item.segments, owner, classified[0].kind, classified[0].rule, description);
  });
}

export type ChangeGroup = {readonly group: string; readonly operationId?: string; readonly tag?: string; readonly changes: Change[]};

/** Changes grouped by operation, in the order the operations first appear; breaking changes first in each. */
export function groupByOperation(changes: readonly Change[]): ChangeGroup[] {
  const order: ChangeKind[] = ['breaking', 'non-breaking', 'annotation'];
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const group = groups.get(change.group) ?? {group: change.group, operationId: change.operationId, tag: change.tag, changes: []};
    group.changes.push(change);
    groups.set(change.group, group);
  }
  return [...groups.values()].map((group) => ({
    ...group,
    changes: [...group.changes].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)),
  }));
}

export function countByKind(changes: readonly Change[]): Record<ChangeKind, number> {
  const counts: Record<ChangeKind, number> = {breaking: 0, 'non-breaking': 0, annotation: 0};
  for (const change of changes) {
    counts[change.kind] += 1;
  }
  return counts;
}
