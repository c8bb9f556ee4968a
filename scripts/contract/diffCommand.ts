/**
 * `npm run contract:diff [-- --against <version>] [--wording]`: what the contract in openapi/ changes
 * against the last release (or the one named): its API changes, breaking first, each with its file,
 * and a count of the wording edits (listed with --wording). It bundles openapi/ in memory and writes nothing.
 */
import path from 'node:path';

import {contractChanges} from '../../contract/releases/diff';
import {readReleases, readSnapshot} from '../../contract/releases/releases';
import {formatDiff, formatSummary, nextMajor, releaseHint} from '../../contract/releases/report';
import {readWorkingContract, runCommand} from '../../contract/releases/workingContract';

const projectRoot = path.resolve(__dirname, '../..');
const usage = 'usage: npm run contract:diff [-- --against <released version>] [--wording]';

runCommand(async () => {
  const args = process.argv.slice(2);
  let against: string | undefined;
  let withWording = false;
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--wording') {
      withWording = true;
    } else if (args[index] === '--against' && args[index + 1]) {
      against = args[(index += 1)];
    } else if (args[index].startsWith('--against=')) {
      against = args[index].slice('--against='.length);
    } else {
      throw new Error(`contract:diff: unknown argument ${JSON.stringify(args[index])}\n${usage}`);
    }
  }
  const releases = readReleases(projectRoot);
  if (releases.length === 0) {
    throw new Error('contract:diff: there is no release to compare with yet (openapi/releases/ is empty).');
  }
  const release = against === undefined ? releases[0] : releases.find((candidate) => candidate.version === against);
  if (!release) {
    throw new Error(`contract:diff: no release ${against}; the releases are ${releases.map((candidate) => candidate.version).join(', ')}.`);
  }
  const changes = contractChanges(readSnapshot(release), (await readWorkingContract(projectRoot)).document);
  console.log(`The contract in openapi/ against release ${release.version} (${release.date}): ${formatSummary(changes)}.`);
  if (changes.length === 0) {
    return;
  }
  console.log(`\n${formatDiff(changes, {projectRoot, withWording})}`);
  const last = releases[0].version;
  const hasBreaking = changes.some((change) => change.kind === 'breaking');
  console.log(
    `\nTo release: ${releaseHint(hasBreaking ? nextMajor(last) : '<next version>')}` +
      (hasBreaking ? '\nBreaking changes need a new major version; npm test refuses them until then.' : ''),
  );
});
