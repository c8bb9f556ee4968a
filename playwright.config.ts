import {defineConfig, devices} from '@playwright/test';

import {existsSync} from 'node:fs';

import {chromiumArgs, debianChromiumPath, debianHeadlessShellPath} from './tests/support/chromium';

/**
 * Browser tests run against the production build served by a plain static host
 * (tests/support/staticServer.ts), never against the dev server, but for the preview's own tests
 * (tests/preview). `npm test` builds first.
 *
 * Browser: Playwright's own Chromium where it is installed; otherwise set CHROMIUM_PATH, with Debian's
 * headless shell as the fallback, and Debian's full Chromium where only that is installed
 * (`npx playwright install` cannot download one everywhere; `.ci/run` installs the headless shell).
 */
const port = Number(process.env.PORTAL_PORT ?? 4173);
const baseURL = process.env.PORTAL_URL ?? `http://127.0.0.1:${port}`;
const executablePath = chromiumExecutable();

/** The browser's executable, in the order above; undefined lets Playwright start its own. */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (hasPlaywrightChromium()) return undefined;
  return existsSync(debianHeadlessShellPath) ? debianHeadlessShellPath : debianChromiumPath;
}

function hasPlaywrightChromium(): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const {chromium} = require('@playwright/test') as typeof import('@playwright/test');
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

export default defineConfig({
  testDir: './tests',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two workers on CI's two cores. Three were tried (2026-12-02): the cores went from about 80% to 89%
  // busy, but the suite took as long (860 s against 867 s), its processes slower for sharing them.
  workers: process.env.CI ? 2 : undefined,
  // fileDurations feeds the slowest files `npm test` prints at its end (scripts/test/run.ts).
  reporter: [['list'], ...(process.env.CI ? [['html', {open: 'never'}] as const] : []), ['./tests/reporters/fileDurations.ts']],
  use: {
    baseURL,
    // Recording a trace made the browser tests about a quarter slower (a sample of 16: 98 s against
    // 73 s, 2026-11-28), and its snapshots, taken in the page after every action, were enough to make
    // Redoc's menu land off its tag now and then. CI retries a failed test once, with a trace; a local
    // run keeps the trace of a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'unit',
      testDir: './tests/unit',
    },
    {
      // Builds broken copies of the site; each case takes one production build.
      name: 'build',
      testDir: './tests/build-checks',
    },
    {
      // The exception to the rule above: `npm start` in a copy of the site, edited while it runs.
      name: 'preview',
      testDir: './tests/preview',
      use: {launchOptions: {executablePath, args: chromiumArgs}},
    },
    {
      name: 'chromium',
      testDir: './tests/e2e',
      // Each test loads its own page, so a long file's tests share both workers instead of holding
      // one to the end (try-it alone kept one worker busy for the run's last 105 s, CI of 2026-11-28).
      fullyParallel: true,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {executablePath, args: chromiumArgs},
      },
    },
  ],
  // Serves the existing build; `npm test` runs `npm run build` first. Skipped when PORTAL_URL is set.
  webServer: process.env.PORTAL_URL
    ? undefined
    : {
        command: `tsx scripts/serve.ts build --port ${port}`,
        url: baseURL,
        reuseExistingServer: !process.env.CI,
      },
});
