import type {Page} from '@playwright/test';

import {test, expect, waitForHydration} from './fixtures';
import {guides} from '../site';

/**
 * What each page downloads, in kind rather than in bytes (the benchmark measures bytes): the
 * contract is 170 KB of JSON, and only the API reference needs it in the browser.
 */

/** The bodies of the scripts a fresh load of `path` runs. */
async function scriptsOf(page: Page, path: string): Promise<{url: string; body: string}[]> {
  const responses: Promise<{url: string; body: string}>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      responses.push(response.text().then((body) => ({url: response.url(), body})));
    }
  });
  await page.goto(path);
  await waitForHydration(page);
  return Promise.all(responses);
}

// Every operation of the spec has an operationId; no guide or page text names that key.
const carriesTheContract = (body: string) => /operationId["']?:["']/.test(body);

// Prism's utilities, as every build of it names them (prism-react-renderer bundles the same core).
const carriesPrism = (body: string) => body.includes('DFS:function');

// One load of each page answers both questions: each is a property of the scripts that load runs.
for (const path of ['/', ...guides.map((guide) => guide.path)]) {
  test(`${path} downloads no copy of the OpenAPI contract, and runs no Prism: its code blocks keep the server's highlighting`, async ({page}) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => carriesTheContract(script.body)).map((script) => script.url), 'scripts that carry the contract').toEqual([]);
    expect(scripts.filter((script) => carriesPrism(script.body)).map((script) => script.url), 'scripts that carry Prism').toEqual([]);
  });
}

test('/api/ downloads the contract once', async ({page}) => {
  const scripts = await scriptsOf(page, '/api/');
  expect(scripts.filter((script) => carriesTheContract(script.body))).toHaveLength(1);
});
