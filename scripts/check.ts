/** `npm run check`: the writers' quick check (checks/index.ts), with each check's time and the total. */
import path from 'node:path';

import {quickCheck} from '../checks';

const projectRoot = path.resolve(__dirname, '..');
const started = Date.now();
void quickCheck(projectRoot).then((outcomes) => {
  for (const {name, problems, ms} of outcomes) {
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name} (${(ms / 1000).toFixed(1)} s)${problems.length ? `: ${problems.length} problem(s)` : ''}`);
    for (const problem of problems) console.log(`  ${problem.replace(/\n/g, '\n  ')}`);
  }
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  console.log(`\ncheck: ${failed === 0 ? 'all passed' : `${failed} check(s) failed`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed === 0 ? 0 : 1);
});
