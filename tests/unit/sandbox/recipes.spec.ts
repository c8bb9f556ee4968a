import {spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {once} from 'node:events';
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import {createServer, type AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {parse} from 'yaml';

import {startStaticServer} from '../../support/staticServer';
import {projectRoot, sandboxFolder, startSandboxServer} from '../../../sandbox/process';
import {localSandboxPort} from '../../../sandbox/engine/localServer';
import {ciShellRecipe, githubActionsWorkflow, sandboxDownloadUrl, startCommands} from '../../../src/downloads/sandboxRecipes';
import {provider} from '../../../src/settings/provider';

/**
 * The Test environment page's "Use the sandbox in your CI" recipes, run exactly as the page shows them
 * (the page renders these same strings), against the built site served on loopback: the file is
 * downloaded with curl, started, waited for, tested and stopped. "Your tests" are an `npm` on PATH
 * that makes the token call at CARRIER_BASE_URL and records what it got.
 */

const served = readFileSync(path.join(projectRoot, 'build/openapi.json'));
const servedLabel = `${(JSON.parse(served.toString()) as {info: {version: string}}).info.version}+sha256.${createHash('sha256').update(served).digest('hex').slice(0, 12)}`;

let site: Server;
let siteUrl: string;
test.beforeAll(async () => {
  site = await startStaticServer(path.join(projectRoot, 'build'), 0);
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
const machines: string[] = [];
test.afterAll(() => {
  site?.close();
  for (const folder of machines) rmSync(folder, {recursive: true, force: true});
});

/** Runs a script without blocking this process, which serves the site the script downloads from. */
async function bash(args: string[], options: {cwd: string; env: Record<string, string>}): Promise<{status: number | null; stdout: string; stderr: string}> {
  const child = spawn('bash', args, {...options, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000});
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [status] = (await once(child, 'close')) as [number | null];
  return {status, stdout, stderr};
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const {port} = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A folder outside the repository, and a PATH whose `npm test` calls the sandbox, then exits with `testsExit`. */
function integratorMachine(testsExit = 0) {
  const folder = mkdtempSync(path.join(tmpdir(), 'integrator-ci-'));
  machines.push(folder);
  const bin = path.join(folder, '.bin');
  mkdirSync(bin);
  const record = path.join(folder, 'tests-ran.json');
  const tests = `const answer = await fetch(process.env.CARRIER_BASE_URL + '/authentication/user/token', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({id: 'ci', pw: 's3cure-Passw0rd'})});
await (await import('node:fs/promises')).writeFile(${JSON.stringify(record)}, JSON.stringify({status: answer.status, contract: answer.headers.get('x-sandbox-contract')}));
process.exit(answer.status === 200 ? ${testsExit} : 9);`;
  writeFileSync(path.join(bin, 'integrator-tests.mjs'), tests);
  writeFileSync(path.join(bin, 'npm'), `#!/usr/bin/env bash\ncase "$1" in\n  ci) exit 0 ;;\n  test) exec node ${JSON.stringify(path.join(bin, 'integrator-tests.mjs'))} ;;\n  *) echo "npm $1: not part of the recipe" >&2; exit 64 ;;\nesac\n`);
  chmodSync(path.join(bin, 'npm'), 0o755);
  return {folder, record, path: `${bin}:${process.env.PATH}`};
}

async function refusesConnections(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    return false;
  } catch {
    return true;
  }
}

test('the download URL the recipes name is the program the built site serves, as JavaScript', async () => {
  const url = new URL(sandboxDownloadUrl(provider.portalUrl));
  expect(url.origin).toBe(new URL(provider.portalUrl).origin);
  const answer = await fetch(`${siteUrl}${url.pathname}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(Buffer.from(await answer.arrayBuffer()).equals(readFileSync(path.join(projectRoot, 'build/downloads/carrier-sandbox.mjs')))).toBe(true);
});

for (const testsExit of [0, 3]) {
  test(`the shell recipe runs as written: download, start, wait, test, stop (tests exiting ${testsExit})`, async () => {
    const machine = integratorMachine(testsExit);
    const port = await freePort();
    const run = await bash(['-c', ciShellRecipe(provider.portalUrl)], {
      cwd: machine.folder,
      env: {PATH: machine.path, HOME: machine.folder, PORT: String(port), CARRIER_SANDBOX_URL: `${siteUrl}/downloads/carrier-sandbox.mjs`},
    });
    expect(run.status, run.stderr).toBe(testsExit);
    expect(run.stdout).toContain(`carrier-sandbox ${servedLabel}`);
    expect(JSON.parse(readFileSync(machine.record, 'utf8'))).toEqual({status: 200, contract: servedLabel});
    await expect.poll(() => refusesConnections(port), {message: 'the sandbox is stopped when the script ends'}).toBe(true);
    // The go-live report, written as the sandbox stopped, is in the CI log: the token call relied on its open questions.
    expect(run.stdout).toContain('# Go-live report');
    expect(run.stdout).toContain('open-questions#tokenrequest');
    expect(JSON.parse(readFileSync(path.join(machine.folder, 'go-live-report.json'), 'utf8')).questions.map((question: {id: string}) => question.id)).toContain('tokenrequest');
  });
}

test('the GitHub Actions workflow runs its steps as written, and its last step stops the sandbox', async () => {
  const workflow = parse(githubActionsWorkflow(provider.portalUrl)) as {jobs: Record<string, {env: Record<string, string | number>; steps: {uses?: string; run?: string; if?: string}[]}>};
  const [job] = Object.values(workflow.jobs);
  expect(job.steps.filter((step) => step.uses).map((step) => step.uses)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4']);
  const machine = integratorMachine();
  const runnerTemp = path.join(machine.folder, 'runner-temp');
  mkdirSync(runnerTemp);
  const port = await freePort();
  // The job's env, with the port moved to a free one, as a job would set PORT and CARRIER_BASE_URL together.
  expect(job.env.CARRIER_BASE_URL).toBe(`http://127.0.0.1:${job.env.PORT}`);
  const summary = path.join(machine.folder, 'step-summary.md');
  const env = {GITHUB_STEP_SUMMARY: summary, PATH: machine.path, HOME: machine.folder, RUNNER_TEMP: runnerTemp, CARRIER_SANDBOX_URL: `${siteUrl}/downloads/carrier-sandbox.mjs`, PORT: String(port), CARRIER_BASE_URL: `http://127.0.0.1:${port}`};
  for (const step of job.steps.filter((candidate) => candidate.run)) {
    // GitHub runs a step's script with `bash -e` on Ubuntu runners.
    const run = await bash(['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {cwd: machine.folder, env});
    expect(run.status, `${step.run}\n${run.stdout}\n${run.stderr}`).toBe(0);
  }
  expect(JSON.parse(readFileSync(machine.record, 'utf8'))).toEqual({status: 200, contract: servedLabel});
  await expect.poll(() => refusesConnections(port)).toBe(true);
  expect(readFileSync(summary, 'utf8')).toContain('open-questions#tokenrequest');
});

/** The text of every code block of a built page, as a reader copies it. */
function codeBlocksOf(page: string): string[] {
  const html = readFileSync(path.join(projectRoot, 'build', page, 'index.html'), 'utf8');
  const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"};
  return [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((match) =>
    match[1].replace(/<br\s*\/?>/g, '\n').replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_entity, name: string) => entities[name]).trimEnd(),
  );
}

test("the Test environment page shows these recipes, and the program's own --help and --version, exactly", () => {
  const blocks = codeBlocksOf('docs/Agents/test-enviroment');
  const {folder, program} = sandboxFolder();
  const printed = (flag: string) => spawnSync(process.execPath, [program, flag], {cwd: folder, encoding: 'utf8'}).stdout.trimEnd();
  for (const expected of [
    startCommands(provider.portalUrl),
    ciShellRecipe(provider.portalUrl).trimEnd(),
    githubActionsWorkflow(provider.portalUrl).trimEnd(),
    `$ node carrier-sandbox.mjs --help\n${printed('--help')}`,
    `$ node carrier-sandbox.mjs --version\n${printed('--version')}`,
  ]) {
    expect(blocks, expected.split('\n')[0]).toContain(expected);
  }
});

test("the page's comments on starting the sandbox say what the program prints", async () => {
  const comment = (commands: string) => /# prints "(.+)"/.exec(commands)?.[1];
  const promised = comment(startCommands(provider.portalUrl));
  expect(promised, 'the start command says what it prints').toBeDefined();
  // `<version>` stands for the contract's identity and `…` for the rest of the line.
  const pattern = new RegExp(`^${promised!.split(/(<version>|…)/).map((part) => (part === '<version>' ? '\\S+' : part === '…' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
  const sandbox = await startSandboxServer({args: ['--port', String(localSandboxPort)]}).catch(() => startSandboxServer());
  try {
    const line = sandbox.log.find((logged) => logged.includes('listening on'))!;
    // Where the default port is taken on this machine, the sandbox ran on another: compare with it.
    expect(line.replace(/:\d+ /, `:${localSandboxPort} `)).toMatch(pattern);
  } finally {
    await sandbox.stop();
  }

  const stateDocs = readFileSync(path.join(projectRoot, 'docs/Agents/test-enviroment.mdx'), 'utf8');
  const firstLine = /# first line: "(carrier-sandbox: created [^"]+)"/.exec(stateDocs)?.[1];
  expect(firstLine, 'the --state example says its first line').toBeDefined();
  const withState = await startSandboxServer({args: ['--state', 'sandbox-state.json']});
  try {
    expect(withState.log[0]).toBe(firstLine);
  } finally {
    await withState.stop();
  }
});
