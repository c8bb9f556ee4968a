/**
 * The Changelog integrators read at /changelog and subscribe to (RSS and Atom): one post per release,
 * written by the bundle step into `generated/changelog/` for the Docusaurus blog plugin configured in
 * docusaurus.config.ts. A post carries the release entry's summary and notes, then the changes the diff
 * finds against the release before it, grouped by operation; no change is ever typed by hand.
 *
 * It also copies each release's snapshot to its stable download URL (releases.ts).
 */
import {cpSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {contractChanges, countByKind, groupByOperation, type Change} from './diff';
import {readReleases, readSnapshot, releaseDownloadPath, type ContractDocument, type Release} from './releases';

export const changelogFolder = 'generated/changelog';
export const changelogRoute = '/changelog';

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

function changeLines(release: Release, changes: readonly Change[], current: ContractDocument): string[] {
  const lines: string[] = [];
  const anchorVersion = release.version.replace(/\./g, '-');
  for (const group of groupByOperation(changes)) {
    // A removed operation has no section on /api/ any more: its heading stays plain text.
    const link = apiLink(current, group.operationId);
    const title = link ? `[${group.group}](${link})` : group.group;
    const id = `v${anchorVersion}-${(group.operationId ?? group.group).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
    lines.push('', `### ${title} \\{#${id}}`, '');
    for (const change of group.changes) {
      const breaks = change.breaks ? ` Breaks: ${change.breaks}.` : '';
      lines.push(`- ${kindLabel[change.kind]} (${directionLabel[change.direction]}): ${escapeMdx(change.description)}.${escapeMdx(breaks)}`);
    }
  }
  return lines;
}

function post(release: Release, previous: Release | undefined, changes: readonly Change[], current: ContractDocument): string {
  const counts = countByKind(changes);
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(`Version ${release.version}`)}`,
    `slug: /${release.version}`,
    `date: ${release.date}`,
    `description: ${JSON.stringify(release.summary)}`,
    '---',
  ];
  const source = `openapi/releases/${release.version}.md`;
  const summaryLine = previous
    ? `${counts.breaking > 0 ? `**${plural(counts.breaking, 'breaking change')}**` : 'No breaking change'}, ` +
      `${plural(counts['non-breaking'], 'compatible change')} and ${plural(counts.annotation, 'wording change')} since [version ${previous.version}](${changelogRoute}/${previous.version}).`
    : 'The first release: every call of the contract as it stands on this day.';
  return [
    ...frontMatter,
    '',
    `{/* Generated by npm run openapi:bundle from ${source} and the diff against the release before it. Edit ${source}, not this file. */}`,
    '',
    escapeMdx(release.summary),
    ...(release.notes ? ['', release.notes] : []),
    '',
    `${summaryLine} [Download this release's contract (openapi.json)](pathname://${releaseDownloadPath(release.version)}).`,
    ...(changes.length > 0 ? ['', `## Changes in ${release.version} \\{#v${release.version.replace(/\./g, '-')}-changes}`, ...changeLines(release, changes, current)] : []),
    '',
  ].join('\n');
}

/**
 * Writes one post per release and each release's downloadable snapshot. Returns the releases, newest
 * first, for the Downloads list.
 */
export function writeChangelog(projectRoot: string, current: ContractDocument): Release[] {
  const releases = readReleases(projectRoot);
  const folder = path.join(projectRoot, changelogFolder);
  // Both are rewritten whole, so a release taken out of openapi/releases/ leaves nothing behind.
  rmSync(folder, {recursive: true, force: true});
  rmSync(path.join(projectRoot, 'static', path.dirname(path.dirname(releaseDownloadPath('0.0.0')))), {recursive: true, force: true});
  mkdirSync(folder, {recursive: true});
  releases.forEach((release, index) => {
    const previous = releases[index + 1];
    const changes = previous ? contractChanges(readSnapshot(previous), readSnapshot(release)) : [];
    // Named newest first: the blog orders posts by date, and two releases of one day keep file order.
    writeFileSync(path.join(folder, `${String(index).padStart(4, '0')}-${release.version}.mdx`), post(release, previous, changes, current));
    const download = path.join(projectRoot, 'static', releaseDownloadPath(release.version));
    mkdirSync(path.dirname(download), {recursive: true});
    cpSync(release.snapshotFile, download);
  });
  return releases;
}
