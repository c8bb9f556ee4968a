import {spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {once} from 'node:events';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {projectRoot, sandboxFolder, startSandboxServer, tokenFrom, type RunningSandbox} from '../../../sandbox/process';
import {sandboxPassword} from '../../../sandbox/engine/magicValues';
import {localSandboxPort} from '../../../sandbox/engine/localServer';

/**
 * The downloadable sandbox (/downloads/carrier-sandbox.mjs) as an integrator gets it: copied out of
 * the built site into a fresh folder outside the repository, with no node_modules above it, and run
 * with plain `node`. Its command line, its contract identity, its errors and exit statuses, and its
 * state file across restarts and a kill -9.
 */

const servedContract = readFileSync(path.join(projectRoot, 'build/openapi.json'));
const servedVersion = (JSON.parse(servedContract.toString('utf8')) as {info: {version: string}}).info.version;
const servedLabel = `${servedVersion}+sha256.${createHash('sha256').update(servedContract).digest('hex').slice(0, 12)}`;

/** Runs the program to its end (for flags that exit) with only PATH in its environment. */
function runToEnd(args: string[], env: Record<string, string> = {}) {
  const {folder, program} = sandboxFolder();
  const result = spawnSync(process.execPath, [program, ...args], {cwd: folder, env: {PATH: process.env.PATH ?? '', ...env}, encoding: 'utf8', timeout: 10_000});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

async function pickupRequest(baseUrl: string, token: string, bol: string) {
  return fetch(`${baseUrl}/order/pickup/request`, {
    method: 'POST',
    headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
    body: JSON.stringify({bol, pickupWindow: {windowDate: '2025-04-18', windowStartTime: '08:00', windowEndTime: '16:30'}, items: [{type: 'roll', classCode: '55', numberOfUnits: 3, weight: 1236}]}),
  });
}

async function tokenFor(baseUrl: string, accountId: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/authentication/user/token`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({id: accountId, pw: sandboxPassword})});
  expect(answer.status).toBe(200);
  return ((await answer.json()) as {access_token: string}).access_token;
}

async function pickupStatus(baseUrl: string, token: string, pickupNumber: string): Promise<number> {
  return (await fetch(`${baseUrl}/tracking/pickup?pickupNumber=${pickupNumber}`, {headers: {authorization: `Bearer ${token}`}})).status;
}

test('runs with plain node in an empty folder outside the repository and answers the token call', async () => {
  const sandbox = await startSandboxServer();
  try {
    for (let folder = sandbox.folder; folder !== path.dirname(folder); folder = path.dirname(folder)) {
      expect(existsSync(path.join(folder, 'node_modules')), `node_modules above ${sandbox.folder}`).toBe(false);
    }
    expect(path.relative(projectRoot, sandbox.folder).startsWith('..')).toBe(true);
    expect(readdirSync(sandbox.folder)).toEqual(['carrier-sandbox.mjs']);

    const answer = await fetch(`${sandbox.baseUrl}/authentication/user/token`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({id: 'first-run', pw: sandboxPassword})});
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({token_type: 'Bearer'});
  } finally {
    expect(await sandbox.stop()).toBe(0);
  }
});

test("the contract it carries is the served openapi.json, byte for byte: --version and every answer's header say so", async () => {
  const version = runToEnd(['--version']);
  expect(version.status).toBe(0);
  expect(version.stdout.trim()).toBe(`carrier-sandbox ${servedLabel}`);

  const sandbox = await startSandboxServer({args: ['--quiet']});
  try {
    expect(sandbox.log[0]).toContain(`carrier-sandbox ${servedLabel}: listening on ${sandbox.baseUrl}`);
    const answers = [
      await fetch(`${sandbox.baseUrl}/authentication/user/token`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{}'}),
      await fetch(`${sandbox.baseUrl}/tracking/pickup?pickupNumber=PU7731042`),
      await fetch(`${sandbox.baseUrl}/no/such/path`),
      await fetch(`${sandbox.baseUrl}/order/pickup/request`, {method: 'OPTIONS'}),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 401, 404, 204]);
    for (const answer of answers) {
      expect(answer.headers.get('x-sandbox-contract')).toBe(servedLabel);
    }
    expect(answers[3].headers.get('access-control-expose-headers')).toMatch(/X-Sandbox-Contract/i);
  } finally {
    await sandbox.stop();
  }
});

test('answers CORS preflights, logs one line per request, and stops cleanly on Ctrl-C and on SIGTERM', async () => {
  const sandbox = await startSandboxServer();
  const preflight = await fetch(`${sandbox.baseUrl}/order/pickup/request`, {
    method: 'OPTIONS',
    headers: {origin: 'https://integrator.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type'},
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);

  const token = await tokenFrom(sandbox.baseUrl);
  const answer = await fetch(`${sandbox.baseUrl}/tracking/pickup?pickupNumber=PU7731042`, {headers: {authorization: `Bearer ${token}`, origin: 'https://integrator.example'}});
  expect(answer.status).toBe(200);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  await expect.poll(() => sandbox.log.filter((line) => / GET \/tracking\/pickup\?pickupNumber=PU7731042 200 /.test(line)).length).toBe(1);
  expect(sandbox.log.filter((line) => / POST \/authentication\/user\/token 200 /.test(line))).toHaveLength(1);
  expect(await sandbox.stop()).toBe(0);
  expect(sandbox.log.join('\n')).toContain('carrier-sandbox: stopping');

  const terminated = await startSandboxServer({args: ['--quiet']});
  terminated.process.kill('SIGTERM');
  const [code] = await once(terminated.process, 'exit');
  expect(code).toBe(0);
  expect(terminated.log.join('\n')).not.toMatch(/Error|at .*\(/);
});

test('listens on 127.0.0.1 unless another address is asked for; PORT and --port choose the port, the flag first', async () => {
  const local = await startSandboxServer({args: ['--quiet']});
  expect(local.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await local.stop();

  const everywhere = await startSandboxServer({args: ['--quiet', '--host', '0.0.0.0']});
  expect(everywhere.log.join('\n')).toMatch(/listening on http:\/\/0\.0\.0\.0:\d+/);
  await everywhere.stop();

  const byFlag = await startSandboxServer({args: ['--quiet', '--port=0'], env: {PORT: '1'}});
  expect(byFlag.baseUrl).not.toMatch(/:1$/);
  await byFlag.stop();

  const help = runToEnd(['--help']);
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('Usage: node carrier-sandbox.mjs [options]');
  for (const flag of ['--port', '--host', '--token-ttl', '--state', '--quiet', '--version', '--help']) {
    expect(help.stdout).toContain(flag);
  }
  expect(help.stdout).toContain(`default ${localSandboxPort}`);
});

test('a wrong flag or value gets one line naming it, a pointer to --help, and exit status 2', () => {
  const mistakes: [string[], Record<string, string>, string][] = [
    [['--prot', '4010'], {}, 'unknown option --prot'],
    [['--port', 'http'], {}, '--port must be a whole number from 0 to 65535, not "http"'],
    [['--port', '70000'], {}, '--port must be a whole number from 0 to 65535, not "70000"'],
    [[], {PORT: 'abc'}, 'PORT must be a whole number from 0 to 65535, not "abc"'],
    [['--token-ttl', '0'], {}, '--token-ttl must be a whole number of seconds'],
    [[], {SANDBOX_TOKEN_TTL: '1.5'}, 'SANDBOX_TOKEN_TTL must be a whole number of seconds'],
    [['--state'], {}, '--state needs a value'],
    [['--quiet=yes'], {}, '--quiet takes no value'],
    [['4010'], {}, 'unexpected argument "4010"'],
  ];
  for (const [args, env, message] of mistakes) {
    const run = runToEnd(args, env);
    const where = `${args.join(' ')} ${JSON.stringify(env)}`;
    expect(run.status, where).toBe(2);
    expect(run.stdout, where).toBe('');
    const [first, pointer, ...rest] = run.stderr.split('\n');
    expect(first, where).toContain(`carrier-sandbox: ${message}`);
    expect(pointer, where).toBe('Run `node carrier-sandbox.mjs --help` for the options.');
    expect(rest, where).toEqual(['']);
  }
});

test('a port already in use gets a clear message and exit status 1, not a stack trace', async () => {
  const holder = createServer().listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const {port} = holder.address() as {port: number};
  try {
    const {folder, program} = sandboxFolder();
    const child = spawn(process.execPath, [program, '--port', String(port)], {cwd: folder, env: {PATH: process.env.PATH ?? ''}});
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`carrier-sandbox: port ${port} on 127.0.0.1 is already in use by another program: stop it, or choose another port with --port`);
  } finally {
    holder.close();
  }
});

test('SANDBOX_TOKEN_TTL and --token-ttl shorten the tokens it issues', async () => {
  for (const start of [{env: {SANDBOX_TOKEN_TTL: '1'}}, {args: ['--token-ttl', '1'], env: {SANDBOX_TOKEN_TTL: '3600'}}]) {
    const sandbox = await startSandboxServer({...start, args: ['--quiet', ...(start.args ?? [])]});
    try {
      expect(sandbox.log[0]).toContain('tokens last 1 s');
      const answer = await fetch(`${sandbox.baseUrl}/authentication/user/token`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({id: 'ttl', pw: sandboxPassword})});
      const {access_token: token, expires_in: expiresIn} = (await answer.json()) as {access_token: string; expires_in: number};
      expect(expiresIn).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await pickupStatus(sandbox.baseUrl, token, 'PU7731042')).toBe(401);
    } finally {
      await sandbox.stop();
    }
  }
});

test.describe('--state FILE', () => {
  let sandbox: RunningSandbox | undefined;
  test.afterEach(async () => {
    await sandbox?.stop();
    sandbox = undefined;
  });

  test("keeps every account's world and tokens across a restart; without it a restart starts over", async () => {
    sandbox = await startSandboxServer({args: ['--quiet', '--state', 'state.json']});
    const folder = sandbox.folder;
    const token = await tokenFor(sandbox.baseUrl, 'kept-account');
    const created = (await (await pickupRequest(sandbox.baseUrl, token, 'BOL-KEPT')).json()) as {pickupNumber: string};
    expect(await pickupStatus(sandbox.baseUrl, token, created.pickupNumber)).toBe(200);
    await sandbox.stop();
    const saved = JSON.parse(readFileSync(path.join(folder, 'state.json'), 'utf8')) as {contract: {version: string}; worlds: Record<string, unknown>};
    expect(saved.contract.version).toBe(servedVersion);
    expect(Object.keys(saved.worlds)).toEqual(['kept-account']);

    // The token issued before the restart still works, and finds the pickup.
    sandbox = await startSandboxServer({folder, args: ['--state', 'state.json']});
    expect(sandbox.log.join('\n')).toContain('loaded 1 account(s) from state.json');
    expect(await pickupStatus(sandbox.baseUrl, token, created.pickupNumber)).toBe(200);
    await sandbox.stop();

    sandbox = await startSandboxServer({folder, args: ['--quiet']});
    expect(await pickupStatus(sandbox.baseUrl, token, created.pickupNumber)).toBe(400);
  });

  test('refuses a corrupt file, or one from another contract version that holds a field this contract lacks, and leaves it untouched', () => {
    const {folder, program} = sandboxFolder();
    const emptyWorld = {probills: {}, agentProbills: {}, pickups: {}, manifests: [], planIds: [], nextProbillNumber: 1, nextPickupSequence: 1, nextQuoteSequence: 1};
    const valid = {format: 'carrier-sandbox-state', formatVersion: 1, contract: {version: servedVersion, sha256: '0'}, worlds: {}};
    const cases: [string, string, string][] = [
      ['torn.json', '{"format": "carrier-sandbox-state", "worl', 'is not valid JSON'],
      ['empty.json', '', 'is not valid JSON'],
      ['other.json', '{"hello": "world"}', 'is not a carrier sandbox state file'],
      [
        'removed-field.json',
        JSON.stringify({...valid, contract: {version: '0.9.0', sha256: '0'}, worlds: {someone: {...emptyWorld, probills: {'40512387': {probillNumber: 40512387, dockNote: 'gone'}}}}}),
        'holds the worlds of contract 0.9.0, and account "someone" has probills.40512387.dockNote, a field contract',
      ],
      ['broken-world.json', JSON.stringify({...valid, worlds: {someone: {probills: {}}}}), 'has a world for account "someone" without a valid "agentProbills"'],
    ];
    for (const [name, contents, problem] of cases) {
      writeFileSync(path.join(folder, name), contents);
      const run = spawnSync(process.execPath, [program, '--state', name, '--port', '0'], {cwd: folder, env: {PATH: process.env.PATH ?? ''}, encoding: 'utf8', timeout: 10_000});
      expect(run.status, name).toBe(1);
      expect(run.stderr, name).toContain(`carrier-sandbox: the state file ${name} ${problem}`);
      expect(run.stderr, name).toContain('It was left as it is');
      expect(run.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(readFileSync(path.join(folder, name), 'utf8'), name).toBe(contents);
    }
  });

  test("a state written by another contract version's sandbox loads when its worlds still fit: a release that changes nothing it holds keeps it", async () => {
    sandbox = await startSandboxServer({args: ['--quiet', '--state', 'state.json']});
    const folder = sandbox.folder;
    const token = await tokenFor(sandbox.baseUrl, 'older-account');
    const created = (await (await pickupRequest(sandbox.baseUrl, token, 'BOL-OLDER')).json()) as {pickupNumber: string};
    // Changes to the probill views too: a delivery appointment, then the proof of delivery.
    const examples = (JSON.parse(servedContract.toString('utf8')) as {components: {examples: Record<string, {value: unknown}>}}).components.examples;
    for (const [path, example] of [['/agent/probill/appointment', 'AppointmentRequestExample'], ['/agent/probill/pod', 'ProofOfDeliveryRequestExample']]) {
      const answer = await fetch(`${sandbox.baseUrl}${path}`, {method: 'POST', headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'}, body: JSON.stringify(examples[example].value)});
      expect(answer.status, path).toBe(200);
    }
    await sandbox.stop();
    // As the previous release's sandbox would have written it.
    const file = path.join(folder, 'state.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {contract: {version: string; sha256: string}};
    writeFileSync(file, JSON.stringify({...saved, contract: {version: '0.9.0', sha256: '0'}}));

    sandbox = await startSandboxServer({folder, args: ['--state', 'state.json']});
    expect(sandbox.log.join('\n')).toContain('loaded 1 account(s) from state.json');
    expect(await pickupStatus(sandbox.baseUrl, token, created.pickupNumber)).toBe(200);
  });

  test('a kill -9 in the middle of a burst of writes leaves a file that loads, holding every answered change', async () => {
    sandbox = await startSandboxServer({args: ['--quiet', '--state', 'state.json']});
    const folder = sandbox.folder;
    const token = await tokenFor(sandbox.baseUrl, 'burst');
    const answered: string[] = [];
    let stop = false;
    const writer = async (lane: number) => {
      for (let index = 0; !stop; index++) {
        try {
          const answer = await pickupRequest(sandbox!.baseUrl, token, `BURST-${lane}-${index}`);
          answered.push(((await answer.json()) as {pickupNumber: string}).pickupNumber);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const lanes = Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(writer));
    await expect.poll(() => answered.length, {timeout: 20_000}).toBeGreaterThan(200);
    sandbox.process.kill('SIGKILL');
    await once(sandbox.process, 'exit');
    stop = true;
    await lanes;
    const killedAfter = [...answered];

    sandbox = await startSandboxServer({folder, args: ['--quiet', '--state', 'state.json']});
    for (const pickupNumber of killedAfter) {
      expect(await pickupStatus(sandbox.baseUrl, token, pickupNumber), pickupNumber).toBe(200);
    }
    await sandbox.stop();
    sandbox = undefined;
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
