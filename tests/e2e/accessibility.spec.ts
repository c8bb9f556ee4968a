import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {guides, siteRoutes} from '../site';
import {test, expect, axeViolations, openInMode, showEveryApiSample} from './fixtures';

/**
 * axe-core finds nothing on any route of the specification, any guide or any other page of the
 * sitemap, in either colour mode, at
 * desktop and phone widths: WCAG 2.0 and 2.1 at levels A and AA (the budget), plus the WCAG 2.2 AA
 * target size and axe's best practices (heading order, landmarks), which Lighthouse's accessibility
 * score also counts. /api/ is checked after hydration, once src/theme/ApiDoc has repaired Redoc's
 * markup, and with every operation's samples shown.
 */
/**
 * Every page of the built sitemap (the Changelog's releases, the register, search…), read from disk
 * because the tests are listed before any server runs; `npm test` builds first.
 */
function sitemapPages(): string[] {
  const sitemap = path.resolve(__dirname, '../../build/sitemap.xml');
  if (!existsSync(sitemap)) {
    throw new Error('build/sitemap.xml is missing: run `npm run build` before the browser tests');
  }
  // `/docs/` only sends the reader on to the main doc, which the list scans itself.
  return [...readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decodeURI(new URL(match[1]).pathname)).filter((page) => page !== '/docs/');
}

// `/docs` only redirects to the main doc, which is in the list itself.
const pages = siteRoutes.filter((route) => !route.landsOn).map((route) => route.path);
/**
 * One release page stands for all: they share one template, and /changelog, scanned itself, holds the
 * text of every release. Each older release took 4 to 6 s a mode (103 s of 583 in all, CI of
 * 2026-11-28) for nothing the two scans do not already reach.
 */
function withOneReleasePage(sitemap: string[]): string[] {
  const releases = sitemap.filter((page) => /^\/changelog\/\d+\.\d+\.\d+$/.test(page));
  return sitemap.filter((page) => !releases.includes(page) || page === releases[0]);
}

const paths = [...new Set([...pages, ...guides.map((guide) => guide.path), ...withOneReleasePage(sitemapPages()), '/no/such/page'])];

test('the scan reports what it is meant to find: unlabelled images, faint text, a 2.2 target size', async ({page}) => {
  // The check every page passes must be able to fail: the legacy mode and the tags it runs with reach
  // a WCAG 2.0 rule, a colour rule and a WCAG 2.2 one.
  await page.setContent(`<html lang="en"><head><title>t</title></head><body><main><h1>Scan</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#bbb;background:#fff">faint text</p>
    <button style="width:10px;height:10px;padding:0;border:0" aria-label="tiny"></button><button style="width:10px;height:10px;padding:0;border:0" aria-label="tiny too"></button>
  </main></body></html>`);
  const found = (await axeViolations(page)).map((problem) => problem.split(':')[0]);
  expect(new Set(found)).toEqual(new Set(['image-alt', 'color-contrast', 'target-size']));
});

/**
 * Every page is scanned at 1280px in both modes, and at 390px in one of them: light and dark take
 * turns down the list, so each mode is scanned at phone width across the site's templates. A scan
 * costs the same whatever rules it runs (axe lays out a grid of every element first: 2.2 to 2.5 s on
 * a long guide, idle, 2026-11-28), and the site's phone layout moves boxes without changing their
 * colours, so a fourth scan of each page cost a quarter of the file's time for little it could add.
 * /api/ keeps both modes at 390px: its phone layout puts text on the samples panel's dark
 * background, which only a scan at that width sees.
 */
const phoneWidthModes = (path: string, index: number): readonly ('light' | 'dark')[] => (path === '/api/' ? ['light', 'dark'] : [index % 2 === 0 ? 'light' : 'dark']);

// Each test is one page in one colour mode, loaded once and scanned at its widths; the file's tests
// run on every worker at once.
test.describe.configure({mode: 'parallel'});

for (const [index, path] of paths.entries()) {
  for (const colourMode of ['light', 'dark'] as const) {
    const widths = phoneWidthModes(path, index).includes(colourMode) ? [1280, 390] : [1280];
    test(`${path} has no axe violations in ${colourMode} mode at ${widths.map((width) => `${width}px`).join(' and at ')}`, async ({page, expectConsoleErrors}) => {
      if (path === '/no/such/page') {
        expectConsoleErrors(/status of 404/);
      }
      if (path === '/api/') {
        // Rendering all 28 operations' samples, then axe over the whole reference, took 1 to 2 minutes
        // a width on a 2-core machine running the rest of the suite (2026-11-28); a check of behaviour,
        // not speed.
        test.setTimeout(360_000);
      } else {
        // axe over a long guide (the warehouse guide's tables) took 20 to 33 s on a 2-core machine
        // running the rest of the suite beside it (2026-11-25), past the 30 s default.
        test.slow();
      }
      const problems: string[] = [];
      for (const width of widths) {
        if (width === 1280 || path === '/api/') {
          // /api/ is loaded again at each width, as a phone loads it: narrowed after loading, axe read
          // one operation's heading against the samples panel's dark background (2026-11-28), which
          // it does not find on the page loaded at 390px.
          await openInMode(page, path, colourMode, width);
        } else {
          // The page as a reader who narrows the window finds it; phone-width.spec.ts loads pages at 390px.
          await page.setViewportSize({width, height: 900});
        }
        if (path === '/api/') {
          await showEveryApiSample(page);
        }
        problems.push(...(await axeViolations(page)).map((problem) => `${width}px: ${problem}`));
      }
      expect(problems).toEqual([]);
    });
  }
}
