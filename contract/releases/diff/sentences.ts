/** Each change in one line a writer reads in seconds: what changed, where, from what to what. */
import {type Diff} from 'api-smart-diff';

import {pointerTarget} from '../../jsonPointer';
import type {ContractDocument} from '../releases';
import {toJsonPath, type Segment} from './index';

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
export function parameterOf(document: ContractDocument, segments: readonly Segment[]): string | undefined {
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

export function describe(diff: Diff, parameter?: string): string {
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

/** The value at `segments` in `document`, or undefined, through `$ref`s as the library's paths go. */
export function valueAt(document: ContractDocument, segments: readonly Segment[]): unknown {
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
export function groupedUnder(segments: readonly Segment[], older: ContractDocument, newer: ContractDocument): Segment[] | undefined {
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
export function placeOf(document: ContractDocument, segments: readonly Segment[]): string {
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

export function describeList(list: readonly Segment[], before: unknown, after: unknown, place: string): string {
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
