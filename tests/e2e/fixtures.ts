import {test as base, expect, type APIRequestContext, type Page} from '@playwright/test';

/**
 * Every browser test fails on a console error or an uncaught exception, unless the test names the
 * messages it expects (`expectConsoleErrors`), for instance on a page that is meant to fail.
 */
type Fixtures = {
  consoleErrors: string[];
  expectConsoleErrors: (...patterns: RegExp[]) => void;
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({page}, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
    },
    {auto: true},
  ],
  expectConsoleErrors: [
    async ({consoleErrors}, use) => {
      const allowed: RegExp[] = [];
      await use((...patterns) => allowed.push(...patterns));
      const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/** Waits until React has hydrated the server HTML (Docusaurus sets this attribute). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/**
 * Navigates inside the single-page app, as a click on a link does, without reloading: react-router
 * follows the History API. Returns after the new URL is in place.
 */
export async function navigateClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Marks the current document, so a test can tell a client-side navigation from a full reload. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as {testMarker: boolean}).testMarker = true;
  });
}

export async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {testMarker?: boolean}).testMarker === true);
}

/** Every page of the built site, as its sitemap.xml lists them: paths, sorted, without duplicates. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return [...new Set(paths)].sort();
}
