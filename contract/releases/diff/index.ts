/**
 * What changed between two versions of the served contract, classified the way an integrator's code
 * feels it. The comparison is api-smart-diff's (chosen over Optic's rulesets and Atlassian's
 * openapi-diff: see contract/releases/README.md); it resolves every `$ref`, so a change to a shared
 * schema is reported under each operation that uses it, in the direction (request or response) it is
 * used in.
 *
 * The library's rules miss a few cases that matter for this contract. `portalRules` reclassifies them,
 * each with its reason, over the library's output (tests/unit/contract/diff.spec.ts holds each one).
 *
 * `normalise.ts` makes the two documents comparable first; `sentences.ts` says each change in one line.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {apiCompare, type Diff} from 'api-smart-diff';

import type {ContractDocument} from '../releases';
import {inlineAnnotatedRefs, mergeObjectAllOf, titleCombinedRefs} from './normalise';
import {describe, describeList, groupedUnder, parameterOf, placeOf, valueAt} from './sentences';

export {differingParts} from './sentences';
export {inlineAnnotatedRefs, mergeObjectAllOf} from './normalise';

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

export type Segment = string | number;

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

/**
 * Where comparisons already made are kept. A comparison takes 0.3 to 0.6 s, and the check, the
 * Changelog and the release command compare every release with the one before it, again and again
 * (4.4 s of the check's 5 s, 2026-11-28), though a release never changes. The key is both documents
 * and the code that compares them, so an edited rule or library recomputes everything.
 */
const cacheFolder = path.resolve(__dirname, '../../../node_modules/.cache/contract-changes');
const comparerFingerprint = createHash('sha256')
  .update(readFileSync(__filename))
  .update(readFileSync(require.resolve('./normalise')))
  .update(readFileSync(require.resolve('./sentences')))
  .update(readFileSync(require.resolve('../../jsonPointer')))
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

/** Every change from `before` to `after`, in document order. */
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
