/**
 * `npm test`: type-check, contract check, production build, then every Playwright project (unit,
 * build checks, browser) against that build. Ends with the suite's wall time, each step's, and the
 * three slowest test files, so a run that grows slower says where.
 *
 * The type-check runs beside the contract check and the build: it only reads the sources, and tsc
 * keeps one core of two busy while the build leaves part of the other free. Its output is held and
 * printed when it ends, so it never interleaves with the build's. The tests start once all three
 * have passed; the first step that fails stops the run, with its exit status.
 */
import {spawn} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {durationsFile, type Durations} from '../../tests/reporters/fileDurations';
import {tallyFolder, type Tally} from '../sandbox/contractValidator';

const projectRoot = path.resolve(__dirname, '../..');
type Step = {name: string; command: string[]};
const typecheck: Step = {name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck']};
/** One after the other, while the type-check runs beside them. */
const preparation: Step[] = [
  {name: 'contract check', command: ['npm', 'run', '--silent', 'contract:check']},
  {name: 'build', command: ['npm', 'run', '--silent', 'build']},
];
// Extra arguments (`npm test -- tests/e2e/try-it.spec.ts`) go to Playwright.
const testRun: Step = {name: 'tests', command: ['npx', 'playwright', 'test', ...process.argv.slice(2)]};

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

type Finished = {status: number; ms: number; heldOutput: string};

/** Runs a step; with `holdOutput`, keeps what it prints until it ends instead of passing it through. */
function runStep(step: Step, {holdOutput = false} = {}): Promise<Finished> {
  const stepStarted = Date.now();
  const child = spawn(step.command[0], step.command.slice(1), {cwd: projectRoot, stdio: holdOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit'});
  let heldOutput = '';
  child.stdout?.on('data', (chunk) => (heldOutput += chunk));
  child.stderr?.on('data', (chunk) => (heldOutput += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({status: 1, ms: Date.now() - stepStarted, heldOutput: `${heldOutput}${error.message}\n`}));
    child.on('close', (code) => resolve({status: code ?? 1, ms: Date.now() - stepStarted, heldOutput}));
  });
}

rmSync(durationsFile, {force: true});
rmSync(tallyFolder, {recursive: true, force: true});
const started = Date.now();
const timings: string[] = [];
let status = 0;

/** Notes a finished step's time; on failure, says so and keeps the first failing exit status. */
function record(step: Step, finished: Finished, note = ''): boolean {
  timings.push(`${step.name} ${formatDuration(finished.ms)}${note}`);
  if (finished.status === 0) {
    return true;
  }
  console.error(`\nnpm test: ${step.name} failed (exit ${finished.status}).`);
  status ||= finished.status;
  return false;
}

// The script is CommonJS (package.json has no "type"), so no await at its top level.
async function main(): Promise<void> {
  const typechecking = runStep(typecheck, {holdOutput: true});
  let prepared = true;
  for (const step of preparation) {
    prepared = record(step, await runStep(step));
    if (!prepared) break;
  }
  // Awaited even after a failure: a type error is worth knowing too, before the run stops.
  const typed = await typechecking;
  process.stdout.write(typed.heldOutput);
  const typesPass = record(typecheck, typed, ' (beside them)');
  if (prepared && typesPass) {
    record(testRun, await runStep(testRun));
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
}

void main();
