import {execSync, spawn} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {provider} from '../../src/settings/provider';
import {test, expect, waitForHydration} from './fixtures';

/**
 * The download commands on the pages fetch from the site that serves them: the browser puts the
 * page's origin in, and the provider's URL stays in the static HTML for readers without JavaScript.
 * Here the site is served on loopback, where the provider's placeholder host does not resolve.
 */
test('the sandbox command copied from the Test environment page downloads the file from this site and starts it', async ({page, context, request, baseURL}) => {
  const origin = new URL(baseURL!).origin;
  const html = await (await request.get('/docs/Agents/test-enviroment')).text();
  expect(html).toContain(`curl -fsSLO ${provider.portalUrl}/downloads/carrier-sandbox.mjs`);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/Agents/test-enviroment');
  await waitForHydration(page);
  const block = page.locator('.theme-code-block').filter({hasText: 'curl -fsSLO'}).first();
  await expect(block).toContainText(`curl -fsSLO ${origin}/downloads/carrier-sandbox.mjs`);
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const [download, start] = copied.split('\n');
  expect(download).toBe(`curl -fsSLO ${origin}/downloads/carrier-sandbox.mjs`);

  const folder = mkdtempSync(path.join(tmpdir(), 'copied-command-'));
  try {
    execSync(download, {cwd: folder, stdio: 'pipe'});
    expect(existsSync(path.join(folder, 'carrier-sandbox.mjs'))).toBe(true);
    // The start line as copied, on a free port (the program reads PORT) so it meets no other sandbox.
    // In a process group of its own: the shell's child, the sandbox, is ended with the group. A plain
    // kill() ended only the shell, and every run of the suite left a sandbox listening.
    const sandbox = spawn(start, {cwd: folder, shell: true, detached: true, env: {...process.env, PORT: '0'}});
    const exited = new Promise((resolve) => sandbox.once('exit', resolve));
    try {
      const listening = await new Promise<string>((resolve, reject) => {
        let output = '';
        sandbox.stdout.on('data', (chunk) => {
          output += String(chunk);
          if (/listening on/.test(output)) resolve(output);
        });
        sandbox.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${output}`)));
      });
      const address = listening.match(/listening on (http:\/\/\S+)/)![1];
      const answer = await fetch(`${address.replace(/\/$/, '')}/authentication/user/token`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({id: 'copied-command', pw: 's3cure-Passw0rd'}),
      });
      expect(answer.status).toBe(200);
    } finally {
      process.kill(-sandbox.pid!, 'SIGTERM');
      await exited;
    }
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
});

test("the typed client's download command names this site too", async ({page, baseURL}) => {
  await page.goto('/docs/guides/typed-client');
  await waitForHydration(page);
  await expect(page.locator('.theme-code-block').filter({hasText: 'carrier-api.d.ts'}).first()).toContainText(
    `curl -o src/carrier-api.d.ts ${new URL(baseURL!).origin}/downloads/carrier-api.d.ts`,
  );
});
