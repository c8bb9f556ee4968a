/**
 * `npm run contract:check`, run by `npm test`: fails when the contract in openapi/ breaks integrators
 * against the last release without a release that says so (see check.ts). It bundles openapi/ in
 * memory and writes nothing.
 */
import path from 'node:path';

import {checkContract} from '../../contract/releases/check';
import {formatSummary} from '../../contract/releases/report';
import {readWorkingContract, runCommand} from '../../contract/releases/workingContract';

const projectRoot = path.resolve(__dirname, '../..');

runCommand(async () => {
  const {problems, lastRelease, unreleased} = checkContract(projectRoot, (await readWorkingContract(projectRoot)).document);
  if (problems.length > 0) {
    console.error(problems.join('\n\n'));
    return 1;
  }
  const unreleasedNote = unreleased.length === 0 ? 'no change since it' : `${formatSummary(unreleased)} change(s) since it (npm run contract:diff lists them)`;
  console.log(`contract: release ${lastRelease?.version} is the last; ${unreleasedNote}.`);
});
