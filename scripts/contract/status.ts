/** Which release the files the portal serves are, for the Downloads list (`<Downloads />`). */
import {contractChanges} from './diff';
import {readReleases, readSnapshot, type ContractDocument} from './releases';

export type ReleaseStatus = {
  readonly version: string;
  readonly date?: string;
  /** Changes in openapi/ that no release lists yet (CI lets only non-breaking ones through). */
  readonly unreleasedChanges: number;
};

export function releaseStatus(projectRoot: string, working: ContractDocument): ReleaseStatus {
  const [last] = readReleases(projectRoot);
  if (!last) {
    return {version: working.info.version, unreleasedChanges: 0};
  }
  return {version: last.version, date: last.date, unreleasedChanges: contractChanges(readSnapshot(last), working).length};
}
