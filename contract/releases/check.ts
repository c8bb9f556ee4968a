/**
 * The rule CI holds (`npm run contract:check`, run by `npm test`): the contract in `openapi/` may differ
 * from the last release only in ways that break no integrator, and every release that broke one
 * raised the major version. What it refuses, it names: the change, its JSON path, what it breaks and
 * the command that releases it. It also refuses a bound, an enumeration or a `required` list
 * without its citation (citations.ts), naming the YAML file, the key and the line to add.
 */
import semver from 'semver';

import {citationProblems, formatCitationProblem} from '../citations';
import {contractChanges, type Change} from './diff';
import {readReleases, readSnapshot, type ContractDocument, type Release} from './releases';
import {releaseHint, undeclaredBreakingMessage} from './report';

export type CheckResult = {
  readonly problems: string[];
  readonly lastRelease?: Release;
  /** The working contract against the last release. */
  readonly unreleased: Change[];
};

export function checkContract(projectRoot: string, working: ContractDocument): CheckResult {
  const releases = readReleases(projectRoot);
  const [lastRelease] = releases;
  if (!lastRelease) {
    return {
      problems: [`No release in openapi/releases/ yet. Make the first one: ${releaseHint(working.info.version)}`],
      unreleased: [],
    };
  }
  const problems: string[] = [];

  // History: each release against the one before it. A snapshot is never edited, so this only fails
  // when one was, or when a release was made by hand.
  const oldestFirst = [...releases].reverse();
  for (let index = 1; index < oldestFirst.length; index += 1) {
    const older = oldestFirst[index - 1];
    const newer = oldestFirst[index];
    const breaking = contractChanges(readSnapshot(older), readSnapshot(newer)).filter((change) => change.kind === 'breaking');
    if (breaking.length > 0 && semver.major(newer.version) === semver.major(older.version)) {
      problems.push(
        `${newer.snapshotFile}: release ${newer.version} breaks ${breaking.length} thing${breaking.length === 1 ? '' : 's'} of ${older.version} ` +
          `(first: ${breaking[0].group}, ${breaking[0].description}) without a new major version.`,
      );
    }
  }

  const version = working.info.version;
  if (version !== lastRelease.version) {
    problems.push(
      semver.valid(version) === null
        ? `openapi/openapi.yaml: info.version is ${JSON.stringify(version)}, not a semver version such as ${lastRelease.version}.`
        : `openapi/openapi.yaml: info.version is ${version}, but the last release is ${lastRelease.version}. ` +
            `The release command sets info.version: put ${lastRelease.version} back, or release: ${releaseHint(version)}`,
    );
  }

  // What the specification says is cited in the YAML, keyword by keyword (citations.ts).
  problems.push(...citationProblems(projectRoot).map(formatCitationProblem));

  const unreleased = contractChanges(readSnapshot(lastRelease), working);
  if (unreleased.some((change) => change.kind === 'breaking')) {
    problems.push(undeclaredBreakingMessage(lastRelease.version, unreleased, projectRoot));
  }
  return {problems, lastRelease, unreleased};
}
