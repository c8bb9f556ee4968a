/**
 * The words a writer reads: changes grouped by operation for `npm run contract:diff`, and the
 * refusal `npm run contract:check` (in `npm test`) prints for a breaking change nobody declared.
 */
import semver from 'semver';

import {countByKind, groupByOperation, type Change} from './diff';
import {sourceFileOf} from './sourceFile';

const kindLabel = {breaking: 'BREAKING', 'non-breaking': 'non-breaking', annotation: 'wording'} as const;

/**
 * Changes grouped by operation, each with the file of openapi/ to open (sourceFile.ts) when
 * `projectRoot` is given, and the JSON path in the bundled contract.
 */
export function formatGroups(changes: readonly Change[], {onlyBreaking = false, projectRoot}: {onlyBreaking?: boolean; projectRoot?: string} = {}): string {
  const lines: string[] = [];
  for (const group of groupByOperation(onlyBreaking ? changes.filter((change) => change.kind === 'breaking') : changes)) {
    lines.push('', group.operationId ? `${group.group} (${group.operationId})` : group.group);
    for (const change of group.changes) {
      lines.push(`  ${kindLabel[change.kind].padEnd(13)} ${change.description}`);
      if (projectRoot) {
        lines.push(`  ${''.padEnd(13)} in ${sourceFileOf(projectRoot, change.jsonPath)}`);
      }
      lines.push(`  ${''.padEnd(13)} at ${change.jsonPath}`);
      if (change.breaks) {
        lines.push(`  ${''.padEnd(13)} breaks: ${change.breaks}`);
      }
    }
  }
  return lines.join('\n');
}

/**
 * What `contract:diff` prints: the API changes first, breaking then compatible, each with its file;
 * the wording edits as one count, listed only when asked (`withWording`): they are published as they
 * are merged, and a one-field change once drowned in 1,202 of them (2,474 lines).
 */
export function formatDiff(changes: readonly Change[], {projectRoot, withWording = false}: {projectRoot: string; withWording?: boolean}): string {
  const sections: string[] = [];
  const breaking = changes.filter((change) => change.kind === 'breaking');
  const compatible = changes.filter((change) => change.kind === 'non-breaking');
  const wording = changes.filter((change) => change.kind === 'annotation');
  if (breaking.length > 0) sections.push(`Breaking changes (${breaking.length}):${formatGroups(breaking, {projectRoot})}`);
  if (compatible.length > 0) sections.push(`Compatible changes (${compatible.length}):${formatGroups(compatible, {projectRoot})}`);
  if (breaking.length + compatible.length === 0) sections.push('No change to a request or an answer.');
  if (wording.length > 0) {
    sections.push(
      withWording
        ? `Wording edits (${wording.length}), published without a release:${formatGroups(wording, {projectRoot})}`
        : `Wording edits: ${wording.length} to descriptions, examples, samples or x- markers, published without a release (list them: npm run contract:diff -- --wording).`,
    );
  }
  return sections.join('\n\n');
}

export function formatSummary(changes: readonly Change[]): string {
  const counts = countByKind(changes);
  return `${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.annotation} wording-only`;
}

export function nextMajor(version: string): string {
  return `${semver.major(version) + 1}.0.0`;
}

export function releaseHint(version: string): string {
  return `npm run contract:release -- ${version} "One line on what changes for integrators"`;
}

/** The message CI prints when the working contract breaks integrators and no release says so. */
export function undeclaredBreakingMessage(lastVersion: string, changes: readonly Change[], projectRoot?: string): string {
  const breaking = changes.filter((change) => change.kind === 'breaking');
  return [
    `Contract check failed: the contract in openapi/ has ${breaking.length} breaking change${breaking.length === 1 ? '' : 's'} against release ${lastVersion}, and no release declares ${breaking.length === 1 ? 'it' : 'them'}.`,
    formatGroups(changes, {onlyBreaking: true, projectRoot}),
    '',
    'If the change is intended, release it as a new major version:',
    `  ${releaseHint(nextMajor(lastVersion))}`,
    `That keeps openapi/releases/${nextMajor(lastVersion)}.json and .md, sets info.version, and the Changelog lists every change.`,
    'If it is not intended, undo it. To see every change, breaking or not: npm run contract:diff',
  ].join('\n');
}
