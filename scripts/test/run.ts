/**
 * `npm test`: type-check, contract check, production build, then every Playwright project (unit,
 * build checks, browser) against that build. Ends with the suite's wall time, each step's, and the
 * three slowest test files, so a run that grows slower says where.
 *
 * The build's steps run one by one, as `npm run build` runs them (the pages, with the contract's
 * publish into generated/build/ at their start, then llms.txt and the link check), with two checks beside them that only
 * read: the type-check, from the start (tsc keeps one core of two busy while the build leaves part of
 * the other free), and the contract check, which bundles openapi/ in memory. Their output is held and
 * printed when each ends, so it never interleaves with the build's. The tests start once every step
 * has passed; the first step that fails stops the run, with its exit status.
 */
import {spawn} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {durationsFile, type Durations} from '../../tests/reporters/fileDurations';
import {tallyFolder, type Tally} from '../../sandbox/contractValidator';
import {clearSampleTally, sampleTallySummary} from '../../tests/support/sampleTally';
import {leftoverProcesses, testRunVariable} from '../../tests/leftoverProcesses';

const projectRoot = path.resolve(__dirname, '../..');
type Step = {name: string; command: string[]};
const typecheck: Step = {name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck']};
// `npm run build` is these two: itself without its post script, then its postbuild (llms.txt, then the link check).
const pages: Step = {name: 'build', command: ['npm', 'run', '--silent', '--ignore-scripts', 'build']};
const llmsIndex: Step = {name: 'llms.txt and link check', command: ['npm', 'run', '--silent', 'postbuild']};
const contractCheck: Step = {name: 'contract check', command: ['npm', 'run', '--silent', 'contract:check']};
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

// Every process the suite starts inherits this mark; the run fails if one still carries it at the end.
const runMark = `${process.pid}-${Date.now()}`;
process.env[testRunVariable] = runMark;

rmSync(durationsFile, {force: true});
rmSync(tallyFolder, {recursive: true, force: true});
clearSampleTally();
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

/** Runs a step beside others, holding its output; prints it, and notes the step, when it ends. */
async function runBeside(step: Step, note: string): Promise<boolean> {
  const finished = await runStep(step, {holdOutput: true});
  process.stdout.write(finished.heldOutput);
  return record(step, finished, note);
}

/** The pages and llms.txt with the contract check beside them; false on a failure. */
async function build(): Promise<boolean> {
  const checking = runBeside(contractCheck, ' (beside the build)');
  const built = record(pages, await runStep(pages)) && record(llmsIndex, await runStep(llmsIndex));
  // Awaited even after a failure, as the type-check below: a refused contract is worth knowing too.
  return (await checking) && built;
}

/**
 * Under `.ci/run`, the Debian install (the browser, the samples' toolchains) runs beside npm ci and the
 * build; the tests wait for it here. Its file holds its exit status and its seconds. Elsewhere, nothing to wait for.
 */
async function installsReady(): Promise<boolean> {
  const done = process.env.CI_INSTALLS_DONE_FILE;
  if (!done) return true;
  const waitStarted = Date.now();
  while (!existsSync(done)) {
    if (Date.now() - waitStarted > 15 * 60_000) {
      console.error(`\nnpm test: the Debian install of .ci/run did not end within 15 minutes (its output: ${process.env.CI_INSTALLS_LOG}).`);
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [installStatus, seconds] = readFileSync(done, 'utf8').trim().split(' ').map(Number);
  timings.push(`Debian install ${seconds} s (beside them; the tests waited ${formatDuration(Date.now() - waitStarted)})`);
  if (installStatus !== 0) {
    process.stderr.write(existsSync(process.env.CI_INSTALLS_LOG ?? '') ? readFileSync(process.env.CI_INSTALLS_LOG!, 'utf8') : '');
    console.error(`\nnpm test: the Debian install of .ci/run failed (exit ${installStatus}; its output is above).`);
    status ||= installStatus;
    return false;
  }
  return true;
}

// The script is CommonJS (package.json has no "type"), so no await at its top level.
async function main(): Promise<void> {
  const typechecking = runBeside(typecheck, ' (beside them)');
  const prepared = await build();
  const typesPass = await typechecking;
  if (prepared && typesPass && (await installsReady())) {
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
    // Written by the suites that reach the sandbox through Prism's validation proxy (sandbox/contractValidator.ts).
    const tallies = readdirSync(tallyFolder).map((file) => JSON.parse(readFileSync(path.join(tallyFolder, file), 'utf8')) as Tally);
    const sum = (key: 'requests' | 'requestViolations' | 'responseViolations') => tallies.reduce((total, tally) => total + tally[key], 0);
    console.log(
      `Prism's validation proxy saw ${sum('requests')} requests to the downloaded sandbox (${tallies.map((tally) => `${tally.suite} ${tally.requests}`).join(', ')}): ` +
        `${sum('responseViolations')} answers broke the contract; ${sum('requestViolations')} requests did${status === 0 ? ', each sent on purpose and refused by the sandbox' : ''}.`,
    );
  }
  const samples = sampleTallySummary();
  if (samples) console.log(samples);
  status ||= await checkNothingLeftRunning();
  process.exit(status);
}

/** 1, with the processes named, when a process the suite started is still alive; they are ended then. */
async function checkNothingLeftRunning(): Promise<number> {
  // A process told to stop at a test's end may take a moment to go.
  let leftovers = leftoverProcesses(runMark);
  for (let attempt = 0; attempt < 20 && leftovers && leftovers.length > 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    leftovers = leftoverProcesses(runMark);
  }
  if (leftovers === undefined) {
    console.log('No /proc here: the check that the suite left no process running was not made.');
    return 0;
  }
  if (leftovers.length === 0) {
    console.log('No process the suite started is still running.');
    return 0;
  }
  console.error(
    `\nnpm test: ${leftovers.length} process(es) the suite started were still running, now ended. The test that started each must end it, with its children:\n` +
      leftovers.map(({pid, command}) => `  ${pid}  ${command.slice(0, 200)}`).join('\n'),
  );
  for (const {pid} of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return 1;
}

void main();
