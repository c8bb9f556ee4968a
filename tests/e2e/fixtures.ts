import {readFileSync} from 'node:fs';

import type {RunOptions} from 'axe-core';
import {test as base, expect, type APIRequestContext, type Locator, type Page, type Response} from '@playwright/test';

import {isOwnOrigin} from '../site';
import {saveDataIn} from '../support/saveData';

/**
 * Every browser test fails on a console error or an uncaught exception, unless the test names the
 * messages it expects (`expectConsoleErrors`), for instance on a page that is meant to fail.
 */
type Fixtures = {
  consoleErrors: string[];
  expectConsoleErrors: (...patterns: RegExp[]) => void;
  /**
   * Whether the browser lets Docusaurus fetch ahead the code of the pages that links in view lead to.
   * Off by default: the tests browse as a reader with Save-Data on (tests/support/saveData.ts). The
   * test of fetching ahead turns it on.
   */
  fetchAhead: boolean;
  savesData: void;
};

export const test = base.extend<Fixtures>({
  fetchAhead: [false, {option: true}],
  savesData: [
    async ({context, fetchAhead}, use) => {
      if (!fetchAhead) await saveDataIn(context);
      await use();
    },
    {auto: true},
  ],
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

/**
 * What axe checks on every page: WCAG 2.0 and 2.1 at levels A and AA (the budget), plus the WCAG 2.2
 * AA target size and axe's best practices (heading order, landmarks), which Lighthouse also counts.
 */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The rules that read colours, for a scan of a page whose colours alone changed (a switch of mode). */
export const colourRules = ['color-contrast', 'link-in-text-block'];

type AxeScope = {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Only these axe rules, instead of every rule of `axeTags`. */
  rules?: string[];
  /** Every rule of `axeTags` but these. */
  withoutRules?: string[];
};

/** axe-core itself, read once per worker and put into each document a scan meets. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe over the page as it stands, as one line per failing node (empty when the page passes).
 *
 * axe runs in the page itself, put there once per document, so a second scan of the same page (the
 * other colour mode, a narrower window) reuses it. @axe-core/playwright injected it again at every
 * scan and added 0.7 s a scan on a long guide (2.6 s against 1.9 s, idle, 2026-11-29); its version
 * with axe-core 4.14 also asks for Node 22. Only violations are gathered: axe then skips building
 * selectors for every passing node (5.3 s instead of 8.3 s on a long guide, axe-core 4.13).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axeSource);
  }
  const options: RunOptions = {
    runOnly: scope.rules ? {type: 'rule', values: scope.rules} : {type: 'tag', values: axeTags},
    rules: Object.fromEntries((scope.withoutRules ?? []).map((rule) => [rule, {enabled: false}])),
    resultTypes: ['violations'],
  };
  const violations = await page.evaluate(
    async ({include, options}) => {
      const axe = (window as unknown as {axe: typeof import('axe-core')}).axe;
      const {violations} = await axe.run(include ? {include: [[include]]} : document, options);
      return violations.map(({id, nodes}) => ({id, nodes: nodes.map(({target, failureSummary, html}) => ({target: target.map(String), failureSummary, html}))}));
    },
    {include: scope.include, options},
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? ''}\n${node.html.slice(0, 300)}`),
  );
}

/**
 * Waits until `target` has landed where a link to it should put it: its top just below the sticky
 * navbar, by less than 40 px, so neither the navbar hides it nor the screen starts far above it.
 */
export async function expectLandedBelowNavbar(page: Page, target: Locator, message = ''): Promise<void> {
  await expect(async () => {
    const [box, navbar] = [await target.boundingBox(), await page.locator('nav.navbar').boundingBox()];
    expect(box!.y, message).toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
    expect(box!.y, message).toBeLessThan(navbar!.y + navbar!.height + 40);
  }).toPass({timeout: 5_000});
}

/** Opens a page at a width in a colour mode, hydrated, with the mode in place; returns the document's response. */
export async function openInMode(page: Page, path: string, colourMode: 'light' | 'dark', width: number): Promise<Response | null> {
  await page.setViewportSize({width, height: 900});
  const response = await page.goto(`${path}?docusaurus-theme=${colourMode}`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', colourMode);
  return response;
}

/**
 * Switches the colour mode with the navbar's toggle, as a reader does (it steps through system, light
 * and dark), until the page is in `colourMode`: in the navbar, or at phone width in the navigation menu.
 *
 * Links, buttons and menus fade to their new colours (Infima's 200 ms transitions), and a check of
 * colours must read where they end, not half-way. Waiting for the transitions is not enough: the
 * browser holds them in parts of a page that are not laid out (/api/'s operations away from the
 * screen, content-visibility in src/css/redoc.css) until the reader scrolls there, and axe then read
 * light-mode links on the dark background (2026-12-02). So transitions are turned off first, and
 * every element takes its new colour at once, as the reader finds it once the fade is over.
 */
export async function switchColourMode(page: Page, colourMode: 'light' | 'dark'): Promise<void> {
  await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'});
  const html = page.locator('html');
  // At phone width the toggle is in the navigation menu, where a reader finds it: opened, then closed.
  const menu = page.getByRole('button', {name: 'Toggle navigation bar'});
  const atPhoneWidth = await menu.isVisible();
  if (atPhoneWidth) {
    await menu.click();
  }
  for (let clicks = 0; clicks < 3 && (await html.getAttribute('data-theme')) !== colourMode; clicks++) {
    await page.getByRole('button', {name: /dark and light mode/}).filter({visible: true}).click();
  }
  await expect(html).toHaveAttribute('data-theme', colourMode);
  if (atPhoneWidth) {
    await page.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  }
}

/**
 * Starts noting each request the page makes to another host than the site's (the site loads nothing
 * from third-party hosts); the returned list fills as the page goes on.
 */
export function requestsToOtherHosts(page: Page, baseURL: string): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!isOwnOrigin(request.url(), baseURL)) {
      requests.push(request.url());
    }
  });
  return requests;
}

/** Waits until React has hydrated the server HTML (Docusaurus sets this attribute). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/**
 * Scrolls to each operation of /api/ in turn (by operationId, every operation when none are given)
 * until what `ready` names holds in it, as a reader reaching it finds it: what appears only as the
 * reader nears an operation (its samples, its Try it button). Returns the operations still not ready
 * 15 s after the first scroll to them.
 *
 * The loop runs in the page, a frame at a time: driven from the test, each operation cost a round trip
 * and Playwright's polling steps (100 to 500 ms), 9.3 s for the samples of the 28 operations on an idle
 * machine, against 2.2 s.
 */
export async function scrollToEachOperationUntil(page: Page, ready: {has?: string; hasNo?: string}, operationIds?: string[]): Promise<string[]> {
  return page.evaluate(
    async ({ready, operationIds}) => {
      const nextFrame = () => new Promise(requestAnimationFrame);
      const operations = operationIds
        ? operationIds.map((id) => document.querySelector(`[data-section-id$="/operation/${id}"]`)!)
        : [...document.querySelectorAll('.redocusaurus [data-section-id*="/operation/"]:not([data-section-id^="operation/"])')];
      const isReady = (operation: Element) => (!ready.has || operation.querySelector(ready.has) !== null) && (!ready.hasNo || operation.querySelector(ready.hasNo) === null);
      const late: string[] = [];
      for (const operation of operations) {
        const started = performance.now();
        for (let frames = 0; !isReady(operation); frames++) {
          if (performance.now() - started > 15_000) {
            late.push(operation.getAttribute('data-section-id')!);
            break;
          }
          // What is still pending is scrolled to, or else the operation: an operation taller than the
          // screen, centred, can leave its samples' placeholder out of reach. Scrolled to, either can
          // still slide away: the operations above are laid out with their real heights only as they
          // near the screen (content-visibility in src/css/redoc.css), so it is scrolled to again
          // every few frames.
          if (frames % 10 === 0) {
            ((ready.hasNo && operation.querySelector(ready.hasNo)) || operation).scrollIntoView({block: 'center'});
          }
          await nextFrame();
        }
      }
      return late;
    },
    {ready, operationIds},
  );
}

/**
 * Renders the samples of every operation of /api/, which appear only as the reader nears each
 * operation (src/plugins/redoc/SamplesWhenNear.tsx), so that a check of the whole page sees them.
 */
export async function showEveryApiSample(page: Page): Promise<void> {
  expect(await scrollToEachOperationUntil(page, {hasNo: '[data-samples-pending]'}), 'operations whose samples did not appear within 15 s of scrolling to them').toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Back at the top, the first operations are laid out again and src/theme/ApiDoc repairs their
  // scrolling boxes in the frame after the browser reports them laid out. On a loaded machine that
  // report came later than three frames, and axe found a code panel not yet focusable (CI of
  // 2026-11-25): wait until every laid-out scrolling box has been repaired, as a reader would find
  // it. A box the page never repairs still fails here, with its text.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.redocusaurus pre, .redocusaurus table, .redocusaurus div:has(> .redoc-json)')]
            .filter((box) => !box.hasAttribute('tabindex') && box.checkVisibility({contentVisibilityAuto: true}))
            .filter((box) => {
              const style = getComputedStyle(box);
              const scrolls = /(auto|scroll)/.test(style.overflowX) || /(auto|scroll)/.test(style.overflowY);
              return scrolls && (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight);
            })
            .map((box) => box.textContent?.slice(0, 60)),
        ),
      {message: 'scrolling boxes of /api/ that src/theme/ApiDoc has not made focusable', timeout: 10_000},
    )
    .toEqual([]);
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

/**
 * One release page of the Changelog stands for all, for checks of a page's look and loads: they share
 * one template, and /changelog, in the list itself, holds the text of every release.
 */
export function withOneReleasePage(paths: string[]): string[] {
  const releases = paths.filter((page) => /^\/changelog\/\d+\.\d+\.\d+$/.test(page));
  return paths.filter((page) => !releases.includes(page) || page === releases[0]);
}

/** Every page of the built site, as its sitemap.xml lists them: paths, sorted, without duplicates. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return [...new Set(paths)].sort();
}
