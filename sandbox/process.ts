import {spawn, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {sandboxPassword} from './engine/magicValues';
import {openApiJsonPath, publishedFile, sandboxProgramPath, sitePathOf} from '../contract/outputs';

/**
 * The downloadable sandbox (/downloads/carrier-sandbox.mjs) as a child process, for the tests and the
 * benchmark: copied out of the built site into a fresh folder outside the repository, with no
 * node_modules above it, and started with plain `node`, as an integrator would. Nothing of this
 * repository is in reach of the file but what it carries.
 */
export const projectRoot = path.resolve(__dirname, '..');

/** The bundled contract, for tests that run the engine in their own process. */
export function loadContract(root = projectRoot) {
  return JSON.parse(readFileSync(publishedFile(root, openApiJsonPath), 'utf8'));
}

/** The served file: in `build/` after `npm run build`; as published (generated/build/) after `npm run openapi:bundle`. */
export function builtSandboxProgram(from: 'build' | 'published' = 'build'): string {
  const file = from === 'build' ? path.join(projectRoot, 'build', sitePathOf(sandboxProgramPath)) : publishedFile(projectRoot, sandboxProgramPath);
  if (!existsSync(file)) {
    throw new Error(`${path.relative(projectRoot, file)} is missing: run ${from === 'build' ? '`npm run build`' : '`npm run openapi:bundle`'} first`);
  }
  return file;
}

// Folders made here outlive a sandbox (a test restarts one in the same folder), so they are removed
// when the process that made them exits: a test worker, the benchmark.
const madeFolders = new Set<string>();
process.once('exit', () => {
  for (const folder of madeFolders) {
    rmSync(folder, {recursive: true, force: true});
  }
});

/** A new folder under the system's temporary folder, holding a copy of the program and nothing else. */
export function sandboxFolder(from: 'build' | 'published' = 'build'): {folder: string; program: string} {
  const folder = mkdtempSync(path.join(tmpdir(), 'carrier-sandbox-'));
  madeFolders.add(folder);
  const program = path.join(folder, 'carrier-sandbox.mjs');
  copyFileSync(builtSandboxProgram(from), program);
  return {folder, program};
}

export type RunningSandbox = {
  baseUrl: string;
  process: ChildProcess;
  /** stdout and stderr lines so far (only the first lines when `keepLog` is false). */
  log: string[];
  /** The folder it runs in. */
  folder: string;
  /** Stops it with Ctrl-C's signal; resolves to its exit status. */
  stop(): Promise<number | null>;
};

export type StartOptions = {
  /** Command-line arguments; `--port 0` is added unless a port is given. */
  args?: string[];
  env?: Record<string, string>;
  /** Keep every log line (a benchmark's load would fill memory). */
  keepLog?: boolean;
  /** An existing folder holding carrier-sandbox.mjs (to restart in the same place). */
  folder?: string;
  from?: 'build' | 'published';
};

/**
 * Starts the program with `node` and waits for its "listening on <url>" line, which gives the port when
 * it chose a free one. Rejects, with its output, when it exits first.
 */
export async function startSandboxServer(options: StartOptions = {}): Promise<RunningSandbox> {
  const {folder, program} = options.folder
    ? {folder: options.folder, program: path.join(options.folder, 'carrier-sandbox.mjs')}
    : sandboxFolder(options.from);
  const args = options.args ?? [];
  const portGiven = args.some((argument) => argument.startsWith('--port')) || options.env?.PORT !== undefined;
  const child = spawn(process.execPath, [program, ...(portGiven ? [] : ['--port', '0']), ...args], {
    cwd: folder,
    env: {PATH: process.env.PATH ?? '', ...options.env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keepLog = options.keepLog ?? true;
  const log: string[] = [];
  let pending = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      if (keepLog || log.length < 10) {
        log.push(...lines);
      }
      for (const line of lines) {
        const listening = / listening on (http:\/\/\S+)/.exec(line);
        if (listening) {
          resolve(listening[1]);
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before listening:\n${log.join('\n')}`)));
  });
  return {
    baseUrl,
    process: child,
    log,
    folder,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
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
