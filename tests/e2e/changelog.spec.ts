import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';

import {releaseStatus} from '../../contract/releases/status';

import {test, expect, waitForHydration} from './fixtures';
import {openApiJsonPath, publishedFile} from '../../contract/outputs';

/** The Changelog as an integrator meets it: every release, its anchor, its download and the feeds. */
const releasedVersions = readdirSync(path.resolve(__dirname, '../../openapi/releases'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort((a, b) => b.localeCompare(a, 'en', {numeric: true}));

test('the Changelog lists every release newest first, each under its stable anchor', async ({page}) => {
  await page.goto('/changelog');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Contract changelog'})).toBeVisible();
  const anchors = await page.locator('article[id^="v"]').evaluateAll((articles) => articles.map((article) => article.id));
  expect(anchors).toEqual(releasedVersions.map((version) => `v${version}`));
  // An anchor from elsewhere lands on its release.
  await page.goto(`/changelog#v${releasedVersions.at(-1)}`);
  await expect(page.locator(`[id="v${releasedVersions.at(-1)}"]`)).toBeInViewport();
});

test('the Changelog is reachable from the docs sidebar', async ({page}) => {
  await page.goto('/docs/guides/getting-started');
  await waitForHydration(page);
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Changelog'}).click();
  await expect(page).toHaveURL(/\/changelog\/?$/);
  await expect(page.getByRole('heading', {level: 1, name: 'Contract changelog'})).toBeVisible();
});

test('the API reference introduction links the Changelog within the site', async ({page}) => {
  await page.goto('/api/');
  await waitForHydration(page);
  const link = page.locator('.redocusaurus').getByRole('link', {name: 'Changelog', exact: true}).first();
  await expect(link).toHaveAttribute('href', '/changelog');
  await link.click();
  await expect(page.getByRole('heading', {level: 1, name: 'Contract changelog'})).toBeVisible();
});

test('the feed links and each release download answer with what they name', async ({page, request}) => {
  await page.goto('/changelog');
  await waitForHydration(page);
  for (const [name, root] of [['RSS', '<rss version="2.0"'], ['Atom', '<feed xmlns="http://www.w3.org/2005/Atom"']]) {
    const href = await page.getByRole('link', {name, exact: true}).getAttribute('href');
    const feed = await request.get(href!);
    expect(feed.status(), href!).toBe(200);
    const text = await feed.text();
    expect(text).toContain(root);
    // The feeds carry the releases that change the API (today the first one only), not documentation edits.
    expect(text).toContain(`${releasedVersions.at(-1)}: The first release of the contract`);
    expect(text).not.toContain('documentation edits only');
    expect(text.length).toBeLessThan(50_000);
  }
  // Each release's page links to its own description, which says that version. The link is in the
  // page as the site serves it: read there, not in a browser (a load of each page cost 1 to 2 s of CPU).
  for (const version of releasedVersions) {
    const $ = load(await (await request.get(`/changelog/${version}`)).text());
    const href = $('a')
      .filter((_, link) => /Download this release.s contract/.test($(link).text()))
      .attr('href');
    expect(href, `/changelog/${version} links to its download`).toBeDefined();
    const described = await (await request.get(href!)).json();
    expect(described.info.version).toBe(version);
  }
});

test('the Downloads list says which release the files are', async ({page}) => {
  // Between a wording edit and its release the files are the last release plus changes; say which.
  const projectRoot = path.resolve(__dirname, '../..');
  const served = JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8'));
  const status = releaseStatus(projectRoot, served);
  expect(status.version).toBe(releasedVersions[0]);
  await page.goto('/docs/guides/getting-started');
  await waitForHydration(page);
  await expect(page.locator('main')).toContainText(
    status.unreleasedChanges === 0
      ? `These files are version ${releasedVersions[0]} of this portal's contract`
      : `These files are this portal's contract after version ${releasedVersions[0]}`,
  );
});

test("the Changelog gives the API's history in under 2,000 words: documentation edits stay folded", async ({page}) => {
  await page.goto('/changelog');
  await waitForHydration(page);
  // innerText counts what is drawn: a closed disclosure's list is not.
  const words = (await page.locator('main').innerText()).split(/\s+/).filter(Boolean).length;
  expect(words).toBeLessThan(2000);
  const folded = page.locator('details.changelog-documentation');
  expect(await folded.count()).toBeGreaterThan(0);
  // Opened, a disclosure shows the edits it folds: the count above is of what a reader sees first.
  // Docusaurus's disclosure opens in a transition, so its text is drawn a moment after the click.
  await folded.first().locator('summary').click();
  await expect.poll(async () => (await page.locator('main').innerText()).split(/\s+/).filter(Boolean).length).toBeGreaterThan(words);
});
