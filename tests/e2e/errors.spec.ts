import type {Page, Route} from '@playwright/test';

import {markdownPage} from '../site';
import {test, expect, axeViolations, waitForHydration, navigateClientSide, markDocument, documentIsMarked} from './fixtures';

/**
 * The error screens are exercised on the production build, which ships no crashing page: the tests
 * alter or block the markdown page's code chunk in flight, found by the text of its heading.
 */
const headingChild = `children:"${markdownPage.heading}"`;

/** The chunk's code, or undefined when the page navigated away (or reloaded) while it was fetched. */
async function chunkBody(route: Route): Promise<{body: string; isMarkdownPage: boolean} | undefined> {
  try {
    const response = await route.fetch();
    const body = await response.text();
    return {body, isMarkdownPage: body.includes(headingChild)};
  } catch {
    return undefined;
  }
}

const crashMessage = 'Test crash: the markdown page failed to render';

/** Makes the markdown page's heading throw while it renders, while `window.crashMarkdownPage` is set. */
async function makeMarkdownPageCrashable(page: Page): Promise<void> {
  await page.route('**/assets/js/*.js', async (route) => {
    const chunk = await chunkBody(route);
    if (!chunk) {
      return;
    }
    const {body, isMarkdownPage} = chunk;
    const crashable = body.replace(
      headingChild,
      `children:(window.crashMarkdownPage?(()=>{throw new Error("${crashMessage}")})():"${markdownPage.heading}")`,
    );
    await route.fulfill({body: crashable, contentType: 'text/javascript'});
    if (isMarkdownPage) {
      crashableChunks.add(route.request().url());
    }
  });
}
const crashableChunks = new Set<string>();

/** Fails the markdown page's chunk, as a dropped connection would, while `offline.value` is true. */
async function failMarkdownPageChunk(page: Page, offline: {value: boolean}): Promise<void> {
  await page.route('**/assets/js/*.js', async (route) => {
    const chunk = await chunkBody(route);
    if (!chunk) {
      return;
    }
    const {body, isMarkdownPage} = chunk;
    if (isMarkdownPage && offline.value) {
      await route.abort('internetdisconnected');
    } else {
      await route.fulfill({body, contentType: 'text/javascript'});
    }
  });
}

/** The failed request itself, our notice of it, and React redrawing the server HTML it cannot use. */
const chunkFailureConsoleErrors = [
  /ERR_INTERNET_DISCONNECTED/,
  /failed to load; showing the retry screen/,
  /onRecoverableError/,
  /Minified React error #418/,
];

async function expectReadable(page: Page, selector: string): Promise<void> {
  expect(await axeViolations(page, {include: selector}), 'axe on the error screen').toEqual([]);
}

for (const colourMode of ['light', 'dark'] as const) {
  test.describe(`in ${colourMode} mode`, () => {
    test('a page that fails to render shows the crash screen, and Try again renders it', async ({
      page,
      expectConsoleErrors,
    }) => {
      expectConsoleErrors(new RegExp(crashMessage));
      await makeMarkdownPageCrashable(page);
      await page.goto(`/?docusaurus-theme=${colourMode}`);
      await waitForHydration(page);
      await page.evaluate(() => {
        (window as unknown as {crashMarkdownPage: boolean}).crashMarkdownPage = true;
      });
      await navigateClientSide(page, markdownPage.path);

      const main = page.locator('main');
      await expect(page.getByRole('heading', {level: 1})).toHaveText('This page crashed.');
      await expect(main).toContainText(crashMessage);
      // Only the main content is replaced: the navbar and footer still work.
      await expect(page.getByRole('link', {name: 'APIs', exact: true})).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(crashableChunks.size).toBeGreaterThan(0);
      await expectReadable(page, 'main');

      await page.evaluate(() => {
        (window as unknown as {crashMarkdownPage: boolean}).crashMarkdownPage = false;
      });
      await page.getByRole('button', {name: 'Try again'}).click();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(markdownPage.heading);
    });

    test('a chunk that fails on first load shows the error with Retry, which recovers', async ({
      page,
      expectConsoleErrors,
    }) => {
      expectConsoleErrors(...chunkFailureConsoleErrors);
      const offline = {value: true};
      await failMarkdownPageChunk(page, offline);
      await page.goto(`${markdownPage.path}?docusaurus-theme=${colourMode}`);

      const retry = page.getByRole('button', {name: 'Retry'});
      await expect(retry).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(/Loading chunk .* failed|ChunkLoadError/);
      await expectReadable(page, '[role="alert"]');

      offline.value = false;
      await retry.click();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(markdownPage.heading);
      await waitForHydration(page);
    });
  });
}

test('a chunk that fails during navigation reloads the page, and never leaves it blank', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(...chunkFailureConsoleErrors);
  const offline = {value: true};
  await failMarkdownPageChunk(page, offline);
  await page.goto('/');
  await waitForHydration(page);
  await markDocument(page);
  await navigateClientSide(page, markdownPage.path);
  // Docusaurus reloads on a failed route chunk; the reloaded page fails the same way and offers Retry.
  const retry = page.getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  expect(await documentIsMarked(page)).toBe(false);
  offline.value = false;
  await retry.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(markdownPage.heading);
});

test('the route progress bar shows while a slow route loads, then finishes', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  let releaseChunks: () => void = () => undefined;
  const chunksReleased = new Promise<void>((resolve) => {
    releaseChunks = resolve;
  });
  await page.route('**/assets/js/*.js', async (route) => {
    await chunksReleased;
    await route.continue();
  });
  await navigateClientSide(page, markdownPage.path);
  const bar = page.locator('#nprogress .bar');
  await expect(bar).toBeVisible();
  releaseChunks();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(markdownPage.heading);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});
