import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

import {guides, notFoundHeading, siteRoutes} from '../site';
import {test, expect, axeViolations, colourRules, expectLandedBelowNavbar, openInMode, requestsToOtherHosts, showEveryApiSample, switchColourMode, withOneReleasePage} from './fixtures';
import {registerRoute} from '../../contract/openQuestions';
import {contractBlockProblems, fieldListOverflows, keepScripts, scriptWeightProblems, tableOverflows} from './pageVisit';
import {findTextOverflows} from './textOverflow';
import {countInsertedRules, expectHydratedOnServerStyles, expectSamplesStyledAtBuild} from './redocStyles';

/**
 * The tour of the site: every route of the specification, every guide and every other page of the
 * sitemap, each loaded once, and on that one visit:
 * - axe-core finds nothing, in either colour mode, at desktop and phone widths: WCAG 2.0 and 2.1 at
 *   levels A and AA (the budget), plus the WCAG 2.2 AA target size and axe's best practices (heading
 *   order, landmarks), which Lighthouse's accessibility score also counts. /api/ is checked after
 *   hydration, once src/theme/ApiDoc has repaired Redoc's markup, and with every operation's samples
 *   shown;
 * - the page answers 200 (404 for a path that is no page) with its heading, loads nothing from
 *   another host, and cuts no text at 390px;
 * - every table fits its column at both widths, or has become a list of rows (pageVisit.ts);
 * - a guide has its contract blocks filled and its field lists in their column at both widths, and
 *   neither a guide nor the home page downloads the contract or runs Prism (pageVisit.ts).
 * Each of these checks had a visit of its own before: a load costs about 1.5 s of CPU in Chromium.
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
// One release page stands for all (withOneReleasePage): each older release took 4 to 6 s a mode (103 s
// of 583 in all, CI of 2026-11-28) for nothing the scans of it and of /changelog do not already reach.
const notFoundPath = '/no/such/page';
const paths = [...new Set([...pages, ...guides.map((guide) => guide.path), ...withOneReleasePage(sitemapPages()), notFoundPath])];

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
 * The rules of the built CSS under a width query (the window's, `@media`, or a container's,
 * `@container`) that set one of `properties`: `@media (…) { .a{color:…} }` gives "@media (…) .a",
 * with the bundler's class-name hashes taken off.
 */
function widthDependentRules(properties: RegExp): string[] {
  const folder = path.resolve(__dirname, '../../build/assets/css');
  const css = readdirSync(folder).map((file) => readFileSync(path.join(folder, file), 'utf8')).join('\n');
  const declares = new RegExp(`(^|;)\\s*(${properties.source})\\s*:`);
  const found: string[] = [];
  for (const media of css.matchAll(/@(media|container)[^{]*width[^{]*\{/g)) {
    let depth = 1;
    let end = media.index + media[0].length;
    for (; depth > 0 && end < css.length; end++) {
      depth += css[end] === '{' ? 1 : css[end] === '}' ? -1 : 0;
    }
    for (const rule of css.slice(media.index + media[0].length, end - 1).matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      if (declares.test(rule[2])) {
        found.push(`${media[0].slice(0, -1).trim()} ${rule[1].trim().replace(/(?<=[A-Za-z0-9])_[A-Za-z0-9_-]{4}(?![A-Za-z0-9_-])/g, '')}`);
      }
    }
  }
  return found.sort();
}

/**
 * Custom properties the CSS sets by width, none of them a colour: Infima's heading sizes, column widths
 * and footer padding, the announcement bar's height, and the switches that make a table too wide for
 * its column a list of rows (src/css/custom.css, "Tables"), which set display, position, clipping,
 * padding and border widths.
 */
const propertiesSetByWidth = [
  '@container (width<40rem) .table-frame>table:not([data-columns="1"]):not([data-columns="2"])',
  '@container (width<62rem) .table-frame>table:not([data-columns="1"]):not([data-columns="2"]):not([data-columns="3"])',
  '@container (width>=30rem) .table-frame>table',
  '@media (width<=576px) .markdown h1:first-child',
  '@media (width<=576px) .markdown>h2',
  '@media (width<=576px) .markdown>h3',
  '@media (width<=996px) .col',
  '@media (width<=996px) .footer',
  '@media (width>=997px) :root',
];

test('the phone layout changes no colour, so contrast read at 1280px holds at 390px', () => {
  // Only the desktop sidebar (its collapse and expand buttons and logo, none of them in the phone
  // layout) takes colours by width, and the custom properties set by width are no colours (above).
  // /api/'s operations take, in Redoc's one-column layout, the page's own colour, the one already
  // beneath them, for axe to find under a heading (src/css/redoc.css; tests/e2e/api.spec.ts judges it
  // at 412px). A colour set by width anywhere else fails here: then scan contrast at 390px too (below).
  expect(widthDependentRules(/color|background(-color)?|opacity|filter|--[\w-]+/)).toEqual(
    [
      ...propertiesSetByWidth,
      '@media (width<=75rem) .redocusaurus [data-section-id*="/operation/"]:not([data-section-id^=operation\\/])',
      ...[
        '.collapseSidebarButton',
        '.collapseSidebarButton:hover,.collapseSidebarButton:focus',
        '.expandButton',
        '.expandButton:hover,.expandButton:focus',
        '.sidebarHidden',
        '.sidebarLogo',
      ].map((selector) => `@media (width>=997px) ${selector}`),
    ].sort(),
  );
});

/**
 * What the phone layout shows or hides: the site's frame only (navbar, footer, sidebars, table of
 * contents, search box) and, on /api/, the carrier's contact line. A page's own content is the same
 * elements at both widths, so the rules that read elements, names and structure find at 390px what
 * they found at 1280px, but on the frame, which `phoneFramePages` scan whole at 390px. The custom
 * properties set by width (propertiesSetByWidth) change sizes, and how a table's parts are laid out
 * when it becomes a list: the same elements with the same roles, its headings row moved out of view
 * and still read. A guide's error tables become lists at 390px, and the guide of phoneFramePages has them.
 */
const phoneLayoutShowsOrHides = [
  ...propertiesSetByWidth,
  '@media (width<=576px) .searchBarContainer:not(.focused) .searchClearButton,.searchHintContainer',
  '@media (width<=996px) .colorModeToggle',
  '@media (width<=996px) .footer__link-item',
  '@media (width<=996px) .footer__link-separator',
  '@media (width<=996px) .navbar__item',
  '@media (width<=996px) .navbar__toggle',
  '@media (width<=996px) .redocusaurus div:has(>span>a[href^=mailto\\:])',
  '@media (width<=996px) .redocusaurus div:has(>span>a[href^=mailto\\:])>span',
  '@media (width<=996px) .redocusaurus div:has(>span>a[href^=mailto\\:])>span:before',
  '@media (width<=996px) .sidebar',
  '@media (width<=996px) .tableOfContents',
  '@media (width>=997px) .collapseSidebarButton',
  '@media (width>=997px) .docSidebarContainer',
  '@media (width>=997px) .expandButton',
  '@media (width>=997px) .sidebar',
  '@media (width>=997px) .sidebarHidden',
  '@media (width>=997px) .sidebarLogo',
  '@media (width>=997px) .tocMobile',
];

test('the phone layout shows or hides only the site\'s frame, which the pages of phoneFramePages scan whole at 390px', () => {
  // A rule that shows or hides something else by width fails here: then add a page that has it to
  // phoneFramePages (below), or scan every page whole at 390px.
  expect(widthDependentRules(/display|visibility|content-visibility|--[\w-]+/)).toEqual(phoneLayoutShowsOrHides.sort());
});

/**
 * Every page is scanned at 1280px in both modes, and at 390px once, without the colour rules: the
 * site's phone layout moves boxes without changing their colours (checked above), so the 1280px scans
 * have read every colour pair. At 390px a page is scanned for what a width changes: target sizes and
 * scrolling boxes (`widthRules`), and the frame the phone layout shows or hides (checked above), whole
 * on one page of each kind of frame (`phoneFramePages`). Down the list, the 390px scan alternates
 * between light and dark mode. /api/ has tests of its own, further down.
 */
const widthRules = ['target-size', 'scrollable-region-focusable'];
// The home page (navbar and footer), a guide (the docs' sidebar and table of contents, its contract
// blocks), the Changelog and the release the tour keeps (the blog's sidebar and table of contents), and search.
const phoneFramePages = new Set(['/', '/docs/guides/pickups', '/changelog', '/search', ...paths.filter((path) => path.startsWith('/changelog/'))]);
const phoneScope = (path: string): Parameters<typeof axeViolations>[1] => (phoneFramePages.has(path) ? {withoutRules: colourRules} : {rules: widthRules});

const phoneWidthMode = (index: number): 'light' | 'dark' => (index % 2 === 0 ? 'light' : 'dark');

// Each test is one page, loaded once and scanned in both modes at its widths; the file's tests run on
// every worker at once. The same visit checks two things more of each page, which then needs no
// second tour of the site: that it requests nothing from another host (the site's rule), and, at
// 390px, that no text is cut off or runs out of its box (textOverflow.ts). A page narrowed after
// loading is laid out as one loaded narrow: the site's layout follows the width through CSS, and
// Docusaurus's width-dependent parts (the docs sidebar, the table of contents) follow resizes.
test.describe.configure({mode: 'parallel'});

/** What a 390px visit finds: text cut off or out of its box, then axe's findings in `scope`. */
async function phoneWidthProblems(page: Page, colourMode: 'light' | 'dark', scope: Parameters<typeof axeViolations>[1]): Promise<string[]> {
  const overflows = await page.evaluate(findTextOverflows);
  return [
    ...overflows.map(({text, element, reason}) => `${colourMode} 390px: text "${text}" in ${element} ${reason}`),
    ...(await axeViolations(page, scope)).map((problem) => `${colourMode} 390px: ${problem}`),
  ];
}

/** The heading a page must show, where the site's list gives one. */
function expectedHeading(path: string): string | RegExp | undefined {
  if (path === notFoundPath) return notFoundHeading;
  return siteRoutes.find((route) => route.path === path)?.heading ?? guides.find((guide) => guide.path === path)?.title;
}

for (const [index, path] of paths.filter((path) => path !== '/api/').entries()) {
  const phoneMode = phoneWidthMode(index);
  const isGuide = guides.some((guide) => guide.path === path);
  const extras = isGuide ? ', its contract blocks filled, its field lists in their column and no contract or Prism among its scripts' : path === '/' ? ', no contract or Prism among its scripts' : '';
  test(`${path} answers ${path === notFoundPath ? 404 : 200} with its heading${extras}; every table in its column or a list at 1280px and 390px; no axe violations in light and dark mode at 1280px, and in ${phoneMode} mode at 390px${phoneFramePages.has(path) ? ' (whole)' : ''}, no text cut off at 390px, and nothing from another host`, async ({page, baseURL, expectConsoleErrors}) => {
    const foreign = requestsToOtherHosts(page, baseURL!);
    if (path === notFoundPath) {
      expectConsoleErrors(/status of 404/);
    }
    // axe over a long guide (the warehouse guide's tables) took 20 to 33 s a mode on a 2-core machine
    // running the rest of the suite beside it (2026-11-25), past the 30 s default.
    test.setTimeout(180_000);
    const scripts = keepScripts(page);
    const response = await openInMode(page, path, 'light', 1280);
    // Spec section 2: every route answers from the static host itself; any other path, not-found.
    expect(response?.status()).toBe(path === notFoundPath ? 404 : 200);
    const heading = expectedHeading(path);
    if (heading) {
      await expect(page.locator('h1').first()).toHaveText(heading);
    }
    const problems: string[] = [];
    if (isGuide) {
      problems.push(...(await contractBlockProblems(page)), ...(await fieldListOverflows(page)).map((problem) => `1280px: ${problem}`));
    }
    problems.push(...(await tableOverflows(page)).map((problem) => `1280px: ${problem}`));
    // Down the page, as a reader scrolls: anything loaded only on the way is requested too.
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('load');
    if (isGuide || path === '/') {
      problems.push(...scriptWeightProblems(await scripts()));
    }
    problems.push(...(await axeViolations(page)).map((problem) => `light 1280px: ${problem}`));
    // The second mode as a reader gets it, with the navbar's toggle: the page's colours are CSS custom
    // properties under html[data-theme], so nothing is rendered again, and a second load and
    // hydration of each page is saved. Its scan is of the colour rules only: the toggle changes those
    // properties and nothing else (the same elements, names and sizes), so the structural rules
    // would find what the first scan found.
    await switchColourMode(page, 'dark');
    problems.push(...(await axeViolations(page, {rules: colourRules})).map((problem) => `dark 1280px: ${problem}`));
    // The page as a reader who narrows the window finds it, in the mode the list gives, scanned for
    // what the width changes (phoneScope, above): contrast was most of a scan's cost (1.3 s of 1.7 s
    // on the agents guide, idle, axe-core 4.14), and the rules of elements and names over a whole long
    // guide another second.
    if (phoneMode === 'light') {
      await switchColourMode(page, 'light');
    }
    await page.setViewportSize({width: 390, height: 900});
    if (isGuide) {
      problems.push(...(await fieldListOverflows(page)).map((problem) => `390px: ${problem}`));
    }
    problems.push(...(await tableOverflows(page)).map((problem) => `390px: ${problem}`));
    problems.push(...(await phoneWidthProblems(page, phoneMode, phoneScope(path))));
    expect(problems).toEqual([]);
    expect(foreign, 'requests to another host').toEqual([]);
  });
}

/**
 * /api/, with every operation's samples shown (rendering them all and scanning the whole reference
 * took 1 to 2 minutes a width on a 2-core machine running the rest of the suite, 2026-11-28: a
 * check of behaviour, not speed).
 * - At 1280px: loaded in light mode and scanned whole, then switched to dark with the navbar's toggle
 *   and scanned for colour, as a reader who switches modes on /api/ gets it.
 * - At 390px: loaded at that width, as a phone loads it (narrowed after loading, axe read one
 *   operation's heading against the samples panel's dark background, 2026-11-28, which it does not
 *   find on the page loaded narrow), in light mode and scanned whole, then switched to dark with the
 *   toggle in the navigation menu. Its phone layout puts text on the samples panel's dark background,
 *   which only a scan at that width sees, so colour is read in both modes there; the structure, the
 *   same in both, once.
 */
test.describe('/api/', () => {
  test.describe.configure({timeout: 600_000});

  // The visit also checks that /api/ hydrates in light mode on the styles of the server, as
  // api.spec.ts checks in dark mode: one load and one rendering of every sample serve both.
  test('answers 200 with its heading, hydrated in light mode on the styles of the server, inserting none; no axe violations at 1280px in light mode, and in dark mode after the toggle, and nothing from another host; a mark is reached by keyboard and Enter opens its register row', async ({page, baseURL}) => {
    const foreign = requestsToOtherHosts(page, baseURL!);
    await countInsertedRules(page);
    const response = await openInMode(page, '/api/', 'light', 1280);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toHaveText(expectedHeading('/api/')!);
    await expectHydratedOnServerStyles(page, 'light');
    await showEveryApiSample(page);
    await expectSamplesStyledAtBuild(page);
    const problems = (await axeViolations(page)).map((problem) => `light 1280px: ${problem}`);
    await switchColourMode(page, 'dark');
    problems.push(...(await axeViolations(page, {rules: colourRules})).map((problem) => `dark 1280px: ${problem}`));
    expect(problems).toEqual([]);
    expect(foreign, 'requests to another host').toEqual([]);
    // A mark is reached by keyboard alone and opens its question: Redoc draws it as a link in the
    // field's description (openapi/README.md), and Enter lands on its row of the register, marked.
    // The first operation's first field carries one.
    const description = page.locator('p', {hasText: /^Account id\./}).first();
    const mark = description.getByRole('link', {name: 'Portal assumption: type'});
    await description.click({position: {x: 2, y: 2}});
    await page.keyboard.press('Tab');
    await expect(mark).toBeFocused();
    await page.keyboard.press('Enter');
    // Its type is read from its name, as for every field the specification names without one: the API-wide row.
    await expect(page).toHaveURL(new RegExp(`${registerRoute}#api-json-types$`));
    const row = page.locator('tr', {has: page.locator('#api-json-types')});
    await expectLandedBelowNavbar(page, row, 'from a mark on /api/');
    await expect(async () => {
      expect(await row.evaluate((landed) => getComputedStyle(landed).boxShadow)).toMatch(/inset/);
    }).toPass();
  });

  test('has no axe violations at 390px in light mode, and in dark mode after the toggle in the menu, and no text cut off', async ({page}) => {
    await openInMode(page, '/api/', 'light', 390);
    await showEveryApiSample(page);
    const problems = await phoneWidthProblems(page, 'light', {});
    await switchColourMode(page, 'dark');
    problems.push(...(await axeViolations(page, {rules: colourRules})).map((problem) => `dark 390px: ${problem}`));
    expect(problems).toEqual([]);
  });
});
