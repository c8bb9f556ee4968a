/** Which release the files the portal serves are, for the Downloads list (`<Downloads />`). */
import {contractChanges} from './diff';
import {readReleases, readSnapshot, type ContractDocument} from './releases';

export type ReleaseStatus = {
  readonly version: string;
  readonly date?: string;
  /** Changes to the contract's shape in openapi/ that no release lists yet (CI lets only non-breaking ones through). */
  readonly unreleasedChanges: number;
  /** Documentation edits since the release: descriptions, examples, samples and `x-` markers. */
  readonly documentationEdits: number;
};

export function releaseStatus(projectRoot: string, working: ContractDocument): ReleaseStatus {
  const [last] = readReleases(projectRoot);
  if (!last) {
    return {version: working.info.version, unreleasedChanges: 0, documentationEdits: 0};
  }
  const changes = contractChanges(readSnapshot(last), working);
  const documentationEdits = changes.filter((change) => change.kind === 'annotation').length;
  return {version: last.version, date: last.date, unreleasedChanges: changes.length - documentationEdits, documentationEdits};
}
