/**
 * The words a writer reads: changes grouped by operation for `npm run contract:diff`, and the
 * refusal `npm run contract:check` (in `npm test`) prints for a breaking change nobody declared.
 */
import semver from 'semver';

import {countByKind, groupByOperation, type Change} from './diff';

const kindLabel = {breaking: 'BREAKING', 'non-breaking': 'non-breaking', annotation: 'wording'} as const;

export function formatGroups(changes: readonly Change[], {onlyBreaking = false} = {}): string {
  const lines: string[] = [];
  for (const group of groupByOperation(onlyBreaking ? changes.filter((change) => change.kind === 'breaking') : changes)) {
    lines.push('', group.operationId ? `${group.group} (${group.operationId})` : group.group);
    for (const change of group.changes) {
      lines.push(`  ${kindLabel[change.kind].padEnd(13)} ${change.description}`);
      lines.push(`  ${''.padEnd(13)} at ${change.jsonPath}`);
      if (change.breaks) {
        lines.push(`  ${''.padEnd(13)} breaks: ${change.breaks}`);
      }
    }
  }
  return lines.join('\n');
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
export function undeclaredBreakingMessage(lastVersion: string, changes: readonly Change[]): string {
  const breaking = changes.filter((change) => change.kind === 'breaking');
  return [
    `Contract check failed: the contract in openapi/ has ${breaking.length} breaking change${breaking.length === 1 ? '' : 's'} against release ${lastVersion}, and no release declares ${breaking.length === 1 ? 'it' : 'them'}.`,
    formatGroups(changes, {onlyBreaking: true}),
    '',
    'If the change is intended, release it as a new major version:',
    `  ${releaseHint(nextMajor(lastVersion))}`,
    `That keeps openapi/releases/${nextMajor(lastVersion)}.json and .md, sets info.version, and the Changelog lists every change.`,
    'If it is not intended, undo it. To see every change, breaking or not: npm run contract:diff',
  ].join('\n');
}
