import {spawn, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {createServer} from 'node:net';
import path from 'node:path';

import {sandboxPassword} from '../../src/sandbox/magicValues';

/**
 * `npm run sandbox`'s server as a child process on a free port, for the tests and the benchmark:
 * started, awaited until it listens, stopped with Ctrl-C's signal.
 */
export const projectRoot = path.resolve(__dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const {port} = server.address() as {port: number};
  server.close();
  return port;
}

export type RunningSandbox = {baseUrl: string; process: ChildProcess; log: string[]; stop(): Promise<number | null>};

/**
 * Starts the server `npm run sandbox` starts (the contract is bundled by then), on a free port. Its
 * log lines are kept in `log` unless `keepLog` is false (a benchmark's load would fill memory).
 */
export async function startSandboxServer(env: Record<string, string> = {}, keepLog = true): Promise<RunningSandbox> {
  const port = await freePort();
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/sandbox/serve.ts'], {
    cwd: projectRoot,
    env: {...process.env, PORT: String(port), ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let pending = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      if (keepLog || log.length === 0) {
        log.push(...lines);
      }
      if (lines.some((line) => line.includes('listening on'))) {
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before listening:\n${log.join('\n')}`)));
  });
  await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    log,
    async stop() {
      if (child.exitCode !== null) {
        return child.exitCode;
      }
      child.kill('SIGINT');
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

let accounts = 0;
export async function tokenFrom(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/authentication/user/token`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({id: `samples-${process.pid}-${++accounts}`, pw: sandboxPassword}),
  });
  return ((await answer.json()) as {access_token: string}).access_token;
}
