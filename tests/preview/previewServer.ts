import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';

/** A port the system says is free now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as {port: number};
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type Preview = {url: string; log: () => string; stop: () => Promise<void>};

/**
 * `docusaurus start` (what `npm start` runs) in `siteRoot`, a throwaway copy of the site, as a writer
 * runs it: for the preview's tests (the exception to the suite's rule that browser tests run against
 * the production build) and the benchmark's edit timings. It runs in a process group of its own, ended
 * whole by `stop`.
 */
export async function startPreview(siteRoot: string): Promise<Preview> {
  const port = await freePort();
  const child: ChildProcess = spawn('npx', ['docusaurus', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: siteRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The copy shares node_modules with the project: keep the bundler's persistent cache out of it.
    env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', REDOCLY_TELEMETRY: 'off', BROWSER: 'none'},
  });
  let output = '';
  // Without the terminal's colours, which split "compiled successfully" when they are on.
  const keep = (chunk: Buffer) => (output += String(chunk).replace(/\x1b\[[0-9;]*m/g, ''));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await exited;
  };
  const deadline = Date.now() + 240_000;
  while (!/compiled (successfully|with)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the preview did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {url: `http://127.0.0.1:${port}`, log: () => output, stop};
}
