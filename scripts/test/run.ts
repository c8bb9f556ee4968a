/**
 * `npm test`: type-check, contract check, production build, then every Playwright project (unit,
 * build checks, browser) against that build. Ends with the suite's wall time, each step's, and the
 * three slowest test files, so a run that grows slower says where.
 *
 * Stops at the first step that fails, with its exit status.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {durationsFile, type Durations} from '../../tests/reporters/fileDurations';
import {tallyFolder, type Tally} from '../sandbox/contractValidator';

const projectRoot = path.resolve(__dirname, '../..');
const steps: {name: string; command: string[]}[] = [
  {name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck']},
  {name: 'contract check', command: ['npm', 'run', '--silent', 'contract:check']},
  {name: 'build', command: ['npm', 'run', '--silent', 'build']},
  // Extra arguments (`npm test -- tests/e2e/try-it.spec.ts`) go to Playwright.
  {name: 'tests', command: ['npx', 'playwright', 'test', ...process.argv.slice(2)]},
];

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

rmSync(durationsFile, {force: true});
rmSync(tallyFolder, {recursive: true, force: true});
const started = Date.now();
const timings: string[] = [];
let status = 0;
for (const step of steps) {
  const stepStarted = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {cwd: projectRoot, stdio: 'inherit'});
  timings.push(`${step.name} ${formatDuration(Date.now() - stepStarted)}`);
  status = result.status ?? 1;
  if (status !== 0) {
    console.error(`\nnpm test: ${step.name} failed (exit ${status}).`);
    break;
  }
}

console.log(`\nSuite: ${formatDuration(Date.now() - started)} (${timings.join(', ')}).`);
if (existsSync(durationsFile)) {
  // Written by tests/reporters/fileDurations.ts when Playwright ran.
  const {files} = JSON.parse(readFileSync(durationsFile, 'utf8')) as Durations;
  const slowest = files.slice(0, 3).map(({file, ms, tests}) => `${file} ${formatDuration(ms)} (${tests} tests)`);
  if (slowest.length > 0) {
    console.log(`Slowest test files, in test time summed over workers: ${slowest.join('; ')}.`);
  }
}
if (existsSync(tallyFolder)) {
  // Written by the suites that reach the sandbox through Prism's validation proxy (scripts/sandbox/contractValidator.ts).
  const tallies = readdirSync(tallyFolder).map((file) => JSON.parse(readFileSync(path.join(tallyFolder, file), 'utf8')) as Tally);
  const sum = (key: 'requests' | 'requestViolations' | 'responseViolations') => tallies.reduce((total, tally) => total + tally[key], 0);
  console.log(
    `Prism's validation proxy saw ${sum('requests')} requests to the downloaded sandbox (${tallies.map((tally) => `${tally.suite} ${tally.requests}`).join(', ')}): ` +
      `${sum('responseViolations')} answers broke the contract; ${sum('requestViolations')} requests did${status === 0 ? ', each sent on purpose and refused by the sandbox' : ''}.`,
  );
}
process.exit(status);
