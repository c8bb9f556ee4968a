/**
 * `npm run contract:release -- <version> "<summary>" [--notes "<markdown>"] [--date YYYY-MM-DD]`
 *
 * Makes the contract in openapi/ a release: sets `info.version` in openapi/openapi.yaml, keeps the
 * served description as `openapi/releases/<version>.json` with its entry `<version>.md` (date,
 * summary, notes; edit the notes afterwards if you like), and publishes once, bundling openapi/ once in
 * memory and once more for the publish. It refuses a version that is not
 * higher than the last release, breaking changes without a new major version, a release that changes
 * nothing or only the documentation, and a contract that fails its own checks (lint, and the unit
 * checks on silences, bounds and honesty); a refusal leaves every file as it was.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import semver from 'semver';
import {stringify as toYaml} from 'yaml';

import {openApiSourcePath, outputRoot} from '../../contract/outputs';
import {filesUnder, publishContract} from '../../src/plugins/contract/publish';
import {bundleContract} from '../../contract/bundle';
import {citationProblems, formatCitationProblem} from '../../contract/citations';
import {contractChanges} from '../../contract/releases/diff';
import {readReleases, readSnapshot, releasesFolder, withInfoVersion, type ContractDocument} from '../../contract/releases/releases';
import {formatGroups, formatSummary, nextMajor} from '../../contract/releases/report';
import {runCommand} from '../../contract/releases/workingContract';

const projectRoot = path.resolve(__dirname, '../..');
const usage = 'usage: npm run contract:release -- <version> "<one-line summary>" [--notes "<markdown>"] [--date YYYY-MM-DD]';

type Request = {version: string; summary: string; notes: string; date: string};

function parseArguments(args: readonly string[]): Request {
  const positional: string[] = [];
  let notes = '';
  let date = new Date().toISOString().slice(0, 10);
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if ((arg === '--notes' || arg === '--date') && args[index + 1] !== undefined) {
      const value = args[(index += 1)];
      if (arg === '--notes') notes = value.trim();
      else date = value;
    } else if (arg.startsWith('--')) {
      throw new Error(`contract:release: unknown option ${arg}\n${usage}`);
    } else {
      positional.push(arg);
    }
  }
  const [version, summary, ...rest] = positional;
  if (!version || !summary || rest.length > 0) {
    throw new Error(`contract:release: give the version and a one-line summary, quoted\n${usage}`);
  }
  if (semver.valid(version) !== version) {
    throw new Error(`contract:release: ${JSON.stringify(version)} is not a semver version such as 1.1.0`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new Error(`contract:release: --date must be YYYY-MM-DD, not ${JSON.stringify(date)}`);
  }
  if (summary.includes('\n')) {
    throw new Error('contract:release: the summary is one line; longer words go in --notes');
  }
  return {version, summary: summary.trim(), notes, date};
}

/**
 * Keeps the bytes of every file in the build's output folder, and returns what puts them back: a
 * refusal leaves every file as it was, the published ones too, stale or missing included.
 */
function keepPublishedFiles(): () => void {
  const root = outputRoot(projectRoot, 'build');
  const list = () => filesUnder(root, '.').map((file) => path.join(root, file));
  const kept = new Map(list().map((file) => [file, readFileSync(file)]));
  return () => {
    for (const file of list()) if (!kept.has(file)) rmSync(file);
    for (const [file, bytes] of kept) {
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, bytes);
    }
  };
}

/** Publishes openapi/ into the build's output folder, which the contract's unit checks and the site read. */
async function publish(): Promise<void> {
  try {
    await publishContract(projectRoot, 'build');
  } catch (error) {
    throw new Error(`contract:release: openapi/ could not be published:\n${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The contract's own checks: a release is a snapshot nobody edits again, so it must be one that passes.
 * Each says what to change when it fails. The lint reads the bundle's text before anything is
 * published; the unit checks read the register and the downloads, after the one publish.
 */
type ReleaseCheck = {name: string; command: (lintedFile: string) => string[]; fix: string};
const lintCheck: ReleaseCheck = {
  name: 'lint (Redocly, redocly.yaml)',
  command: (lintedFile) => ['npx', 'redocly', 'lint', lintedFile, '--config', 'redocly.yaml'],
  fix: 'Fix the rule it names in the openapi/ file the pointer leads to, then run npm run lint:openapi.',
};
const unitChecks: ReleaseCheck = {
  name: 'contract unit checks (tests/unit/openapi: silences, bounds, honesty, open questions)',
  // One worker: the checks take about 6 s of test time, and a second worker loaded the contract's
  // modules again for it (11 against 14 CPU-s, idle, 2026-12-03), while a release inside the test run
  // shares the machine with the other tests.
  command: () => ['npx', 'playwright', 'test', '--project=unit', 'tests/unit/openapi', '--reporter=line', '--retries=0', '--workers=1'],
  fix: 'Each failing test names the openapi/ file and what to change there (a caveat word out of a description, an x-open beside every x-not-stated); change it, then run npx playwright test --project=unit tests/unit/openapi.',
};

function failedCheck(check: ReleaseCheck, lintedFile = ''): string | undefined {
  // A release run from inside a test run starts its own Playwright: the worker's variables stay out.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TEST_|PW_|PLAYWRIGHT_)/.test(name)));
  const [command, ...args] = check.command(lintedFile);
  // PORTAL_URL set: Playwright starts no web server for these unit checks (playwright.config.ts), which
  // would find the port taken when the release runs inside a test run.
  const result = spawnSync(command, args, {cwd: projectRoot, encoding: 'utf8', env: {...env, REDOCLY_TELEMETRY: 'off', PORTAL_URL: 'http://127.0.0.1:9'}});
  if (result.status === 0) return undefined;
  const output = `${result.stdout}${result.stderr}`.trim().split('\n').slice(-40).join('\n');
  return `contract:release: the ${check.name} failed, so nothing was released and no file was written.\n${output}\n\nWhat to do: ${check.fix}`;
}

/** Lints the bundle's text from a file of its own, in a folder removed afterwards. */
function failedLint(text: string): string | undefined {
  const folder = mkdtempSync(path.join(tmpdir(), 'contract-release-'));
  try {
    const file = path.join(folder, 'openapi.json');
    writeFileSync(file, text);
    return failedCheck(lintCheck, file);
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
}

runCommand(async () => {
  const request = parseArguments(process.argv.slice(2));
  const releases = readReleases(projectRoot);
  const last = releases[0];
  if (last && !semver.gt(request.version, last.version)) {
    throw new Error(`contract:release: ${request.version} is not higher than the last release, ${last.version}. Choose a higher version.`);
  }

  const sourceFile = path.join(projectRoot, openApiSourcePath);
  const originalSource = readFileSync(sourceFile, 'utf8');
  const restorePublishedFiles = keepPublishedFiles();
  writeFileSync(sourceFile, withInfoVersion(originalSource, request.version));
  const folder = path.join(projectRoot, releasesFolder);
  const releaseFiles = [path.join(folder, `${request.version}.json`), path.join(folder, `${request.version}.md`)];
  const refuse = (message: string): never => {
    for (const file of releaseFiles) rmSync(file, {force: true});
    writeFileSync(sourceFile, originalSource);
    restorePublishedFiles();
    throw new Error(message);
  };
  // In memory first (about a second): what the release would be is judged before anything is written.
  const working = await bundleContract(projectRoot).catch((error: Error) => refuse(error.message));
  const workingDocument = working.document as unknown as ContractDocument;
  const changes = last ? contractChanges(readSnapshot(last), workingDocument) : [];
  if (last) {
    const breaking = changes.some((change) => change.kind === 'breaking');
    if (breaking && semver.major(request.version) === semver.major(last.version)) {
      refuse(
        `contract:release: the contract breaks integrators of ${last.version}, so the release must be a new major version ` +
          `(${nextMajor(last.version)}), not ${request.version}:${formatGroups(changes, {onlyBreaking: true, projectRoot})}`,
      );
    }
    if (changes.length === 0) {
      refuse(`contract:release: the contract in openapi/ is the same as release ${last.version}; there is nothing to release.`);
    }
    // Wording, examples, samples and x- markers change no request and no answer: the site serves them
    // as soon as they are merged, and the Downloads list says the files are the release, edited since.
    if (changes.every((change) => change.kind === 'annotation')) {
      refuse(
        `contract:release: the contract differs from release ${last.version} in its documentation only (${changes.length} edit(s) to descriptions, examples, samples or x- markers). ` +
          'Documentation edits make no API release: merge them, and the site serves them as they are. Release when a path, operation, parameter, field, bound, enum or status changes.',
      );
    }
  }
  // The citations first: each refusal names the YAML file, the key and the line to add.
  const uncited = citationProblems(projectRoot);
  if (uncited.length > 0) {
    refuse(`contract:release: ${uncited.length} keyword(s) of openapi/ cite no source the specification bears out, so nothing was released and no file was written.\n\n${uncited.map(formatCitationProblem).join('\n')}`);
  }
  const lintFailure = failedLint(working.text);
  if (lintFailure) {
    refuse(lintFailure);
  }
  // The release's files, then one whole publish: the snapshot is the bundle's text, byte for byte what
  // the publish serves as openapi.json (publish.ts), and the publish then carries the new release into
  // the downloads and the Changelog. The checks below read what it wrote; a refusal removes it all.
  mkdirSync(folder, {recursive: true});
  writeFileSync(releaseFiles[0], working.text);
  const frontMatter = toYaml({date: request.date, summary: request.summary}).trimEnd();
  writeFileSync(releaseFiles[1], `---\n${frontMatter}\n---\n${request.notes ? `\n${request.notes}\n` : ''}`);
  await publish().catch((error: Error) => refuse(error.message));
  const failure = failedCheck(unitChecks);
  if (failure) {
    refuse(failure);
  }
  console.log(
    `contract: released ${request.version} (${request.date})${last ? ` with ${formatSummary(changes)} change(s) since ${last.version}` : ''}.\n` +
      `Wrote ${releasesFolder}/${request.version}.json and ${request.version}.md and set info.version in ${openApiSourcePath}; commit them together.`,
  );
});
