import type {Page} from '@playwright/test';

import {test, expect, waitForHydration} from './fixtures';
import {carriesTheContract, keepScripts} from './pageVisit';

/**
 * What a page downloads, in kind rather than in bytes (the benchmark measures bytes): the contract is
 * 170 KB of JSON, and only the API reference needs it in the browser. That no guide and not the home
 * page downloads it, nor runs Prism, is checked on the one visit of each page that
 * accessibility.spec.ts makes (pageVisit.ts).
 */

/** The bodies of the scripts a fresh load of `path` runs. */
async function scriptsOf(page: Page, path: string): Promise<{url: string; body: string}[]> {
  const scripts = keepScripts(page);
  await page.goto(path);
  await waitForHydration(page);
  return scripts();
}

test('/api/ downloads the contract once', async ({page}) => {
  const scripts = await scriptsOf(page, '/api/');
  expect(scripts.filter((script) => carriesTheContract(script.body))).toHaveLength(1);
});
