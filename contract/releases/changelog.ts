/**
 * The Changelog integrators read at /changelog and subscribe to (RSS and Atom): one post per release,
 * written by the publisher into `changelog/` of each output folder (contract/outputs.ts) for the Docusaurus blog plugin configured in
 * docusaurus.config.ts. A post carries the release entry's summary and notes, then the API changes the
 * diff finds against the release before it, breaking first, grouped by operation; no change is ever
 * typed by hand. Documentation edits (descriptions, examples, samples, `x-` markers) change no request
 * and no answer: a post folds them into one line with the details behind a disclosure
 * (`documentationClass`), which the site search does not index and the feeds leave out.
 *
 * It also copies each release's snapshot to its stable download URL (releases.ts).
 */
import {readFileSync} from 'node:fs';

import {servedFolder} from '../outputs';
import {contractChanges, countByKind, groupByOperation, type Change} from './diff';
import {readReleases, readSnapshot, releaseDownloadPath, type ContractDocument, type Release} from './releases';

/** The Changelog blog's posts, within an output folder (contract/outputs.ts). */
export const changelogFolder = 'changelog';
export const changelogRoute = '/changelog';
/** The class of a post's folded documentation edits: left out of the search index and the feeds. */
export const documentationClass = 'changelog-documentation';

/** What a release changed for integrators, for its title: the feeds and the page read it first. */
/** A release's kind when it changes no request and no answer; the feeds leave such releases out. */
export const documentationOnlyKind = 'documentation edits only';

export function releaseKind(changes: readonly Change[], first: boolean): 'first release' | 'breaking' | 'compatible' | typeof documentationOnlyKind {
  if (first) return 'first release';
  if (changes.some((change) => change.kind === 'breaking')) return 'breaking';
  if (changes.some((change) => change.kind === 'non-breaking')) return 'compatible';
  return documentationOnlyKind;
}

// Parentheses too, and a word joiner (U+2060) inside every `://`: an excerpt holding a URL, often cut
// short (`https://developer.carrier.examp…`), must not become a link. GFM finds autolinks in the text
// after entities are decoded, so an entity alone does not stop it, and Docusaurus then fails the build
// on the URL it cannot parse.
const literal = (text: string) => text.replace(/[{}<>*_[\]\\`()]/g, (character) => `&#${character.charCodeAt(0)};`).replace(/:\/\//g, ':&#8288;//');

/**
 * Keeps generated text literal in MDX: braces, angle brackets and Markdown marks become entities.
 * A pair of backticks around one word (`pickupFrom.zip`, `Item`) stays a code span. Any other
 * backtick is shown as itself: a quoted excerpt of a description can start or stop inside a code
 * span, and pairing its backticks as they come would turn the words between two spans into code.
 */
export function escapeMdx(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf('`', index);
    if (open === -1) {
      return result + literal(text.slice(index));
    }
    result += literal(text.slice(index, open));
    const close = text.indexOf('`', open + 1);
    const inside = close === -1 ? '' : text.slice(open + 1, close);
    if (/^[^\s`]+$/.test(inside)) {
      result += `\`${inside}\``;
      index = close + 1;
    } else {
      result += '&#96;';
      index = open + 1;
    }
  }
  return result;
}

const kindLabel = {breaking: '**Breaking**', 'non-breaking': 'Compatible', annotation: 'Wording'} as const;
const directionLabel = {request: 'request', response: 'answer', operation: 'operation', contract: 'contract'} as const;

/** The `/api/` anchor of an operation, as Redoc names it (`tag/<Tag-name>/operation/<operationId>`). */
function apiLink(current: ContractDocument, operationId: string | undefined): string | undefined {
  for (const methods of Object.values(current.paths ?? {})) {
    for (const operation of Object.values(methods) as Array<{operationId?: string; tags?: string[]}>) {
      if (operationId && operation?.operationId === operationId) {
        return `/api/#tag/${(operation.tags?.[0] ?? '').trim().replace(/\s+/g, '-')}/operation/${operationId}`;
      }
    }
  }
  return undefined;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * A release's title, which is also its feed item's: the writer's one-line summary, marked when the
 * release breaks integrators ("2.0.0 (breaking): bol now at most 10 characters", backticks left out). The diff's own
 * sentences follow in the post, as a list. A release of documentation edits only (there were some
 * before contract:release refused them) says so instead, and the feeds leave it out.
 */
export function releaseTitle(release: Pick<Release, 'version' | 'summary'>, changes: readonly Change[], first: boolean): string {
  const kind = releaseKind(changes, first);
  if (kind === documentationOnlyKind) {
    return `${release.version}: ${kind}`;
  }
  // A title is plain text, on the page and in the feeds: a backtick would show as one.
  return `${release.version}${kind === 'breaking' ? ' (breaking)' : ''}: ${release.summary.replaceAll('`', '')}`;
}

function operationHeading(group: {group: string; operationId?: string}, current: ContractDocument): string {
  // A removed operation has no section on /api/ any more: its name stays plain text.
  const link = apiLink(current, group.operationId);
  return link ? `[${group.group}](${link})` : group.group;
}

function changeLine(change: Change): string {
  const breaks = change.breaks ? ` Breaks: ${change.breaks}.` : '';
  return `${kindLabel[change.kind]} (${directionLabel[change.direction]}): ${escapeMdx(change.description)}.${escapeMdx(breaks)}`;
}

/** The API changes, breaking first, each operation under its own heading. */
function apiChangeLines(release: Release, changes: readonly Change[], current: ContractDocument): string[] {
  const lines: string[] = [];
  const anchorVersion = release.version.replace(/\./g, '-');
  const ordered = [...changes].sort((a, b) => Number(b.kind === 'breaking') - Number(a.kind === 'breaking'));
  for (const group of groupByOperation(ordered)) {
    const id = `v${anchorVersion}-${(group.operationId ?? group.group).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
    lines.push('', `### ${operationHeading(group, current)} \\{#${id}}`, '', ...group.changes.map((change) => `- ${changeLine(change)}`));
  }
  return lines;
}

/** The documentation edits, folded: a line to read, the list behind a disclosure. */
function documentationLines(edits: readonly Change[], current: ContractDocument): string[] {
  if (edits.length === 0) {
    return [];
  }
  const items = groupByOperation(edits).flatMap((group) => [`- ${operationHeading(group, current)}`, ...group.changes.map((change) => `  - ${changeLine(change)}`)]);
  return [
    '',
    `<details className="${documentationClass}">`,
    `<summary>Documentation: ${plural(edits.length, 'edit')} to descriptions, examples, samples or markers; no request or answer changed</summary>`,
    '',
    ...items,
    '',
    '</details>',
  ];
}

function post(release: Release, previous: Release | undefined, changes: readonly Change[], current: ContractDocument): string {
  const counts = countByKind(changes);
  const api = changes.filter((change) => change.kind !== 'annotation');
  const edits = changes.filter((change) => change.kind === 'annotation');
  const title = releaseTitle(release, changes, !previous);
  // A release of documentation edits only is listed, but nothing in it is searched: its words are
  // about this portal's wording, and they answered integrators' questions before the guides did.
  const documentationOnly = releaseKind(changes, !previous) === documentationOnlyKind;
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `slug: /${release.version}`,
    `date: ${release.date}`,
    // The page's meta description is searched: a documentation-only release says only that.
    `description: ${JSON.stringify(documentationOnly ? 'Documentation edits only; no request or answer changed.' : release.summary)}`,
    '---',
  ];
  const source = `openapi/releases/${release.version}.md`;
  const summaryLine = previous
    ? `${counts.breaking > 0 ? `**${plural(counts.breaking, 'breaking change')}**` : 'No breaking change'} and ` +
      `${plural(counts['non-breaking'], 'compatible change')} to the API since [version ${previous.version}](${changelogRoute}/${previous.version}).`
    : 'The first release: every call of the contract as it stands on this day.';
  return [
    ...frontMatter,
    '',
    `{/* Published by src/plugins/contract from ${source} and the diff against the release before it. Edit ${source}, not this file. */}`,
    ...(documentationOnly ? ['', `<div className="${documentationClass}">`] : []),
    // The summary is the title, but for a release of documentation edits only, titled by that.
    ...(documentationOnly ? ['', escapeMdx(release.summary)] : []),
    ...(release.notes ? ['', release.notes] : []),
    '',
    `${summaryLine} [Download this release's contract (openapi.json)](pathname://${releaseDownloadPath(release.version)}).`,
    ...(api.length > 0 ? ['', `## API changes in ${release.version} \\{#v${release.version.replace(/\./g, '-')}-changes}`, ...apiChangeLines(release, api, current)] : []),
    // Wording edits are published as they are merged, without a release: a release lists what it
    // changes in requests and answers, and does not sweep them up (only a release of them alone did).
    ...(documentationOnly ? documentationLines(edits, current) : []),
    ...(documentationOnly ? ['', '</div>'] : []),
    '',
  ].join('\n');
}

/**
 * One post per release and each release's downloadable snapshot, by path within an output folder
 * (contract/outputs.ts), and the releases, newest first, for the Downloads list. The publisher writes
 * them, and removes what a release taken out of openapi/releases/ left behind.
 */
export function changelogFiles(projectRoot: string, current: ContractDocument): {releases: Release[]; files: Map<string, string | Buffer>} {
  const releases = readReleases(projectRoot);
  const files = new Map<string, string | Buffer>();
  releases.forEach((release, index) => {
    const previous = releases[index + 1];
    const changes = previous ? contractChanges(readSnapshot(previous), readSnapshot(release)) : [];
    // Named newest first: the blog orders posts by date, and two releases of one day keep file order.
    files.set(`${changelogFolder}/${String(index).padStart(4, '0')}-${release.version}.mdx`, post(release, previous, changes, current));
    files.set(`${servedFolder}${releaseDownloadPath(release.version)}`, readFileSync(release.snapshotFile));
  });
  return {releases, files};
}
