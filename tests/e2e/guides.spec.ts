import {downloads, formatSize} from '../../src/downloads';
import {magicValues} from '../../sandbox/engine/magicValues';
import {provider} from '../../src/settings/provider';
import {guides} from '../site';
import {test, expect, expectLandedBelowNavbar, waitForHydration} from './fixtures';

/**
 * The integrator guides: with working tabs and links into /api/. That each guide's contract blocks
 * are filled and its field lists fit their column at 1280px and 390px is checked on the one visit of
 * each page that accessibility.spec.ts makes.
 */

/** The article of a page as the server sends it: what a guide links to and lists, before any script. */
async function servedArticle(request: import('@playwright/test').APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return html.slice(html.indexOf('<article'), html.lastIndexOf('</article>'));
}

test('code sample tabs switch language, on every sample of the page at once, and only the tab shown is in the page', async ({page, request}) => {
  // Served with one panel per call, the one shown: the other languages are built when chosen.
  const served = await servedArticle(request, '/docs/guides/pickups');
  expect(served.match(/role=tabpanel/g)?.length).toBe(served.match(/data-contract=CodeSamples/g)?.length);
  await page.goto('/docs/guides/pickups');
  await waitForHydration(page);
  const samples = page.locator('[data-contract="CodeSamples"]');
  expect(await samples.count()).toBeGreaterThan(1);
  const first = samples.first();
  await expect(first.getByRole('tabpanel', {includeHidden: true})).toHaveCount(1);
  await expect(first.getByRole('tabpanel')).toContainText('curl --request POST');
  await first.getByRole('tab', {name: 'JavaScript'}).click();
  await expect(first.getByRole('tabpanel')).toContainText('fetch(');
  await expect(samples.nth(1).getByRole('tabpanel')).toContainText('fetch(');
  await first.getByRole('tab', {name: 'Python'}).click();
  await expect(first.getByRole('tabpanel')).toContainText('requests.post(');
  // The choice is remembered on the next guide.
  await page.goto('/docs/guides/rate-quotes');
  await waitForHydration(page);
  await expect(page.locator('[data-contract="CodeSamples"]').first().getByRole('tabpanel')).toContainText('requests.post(');
});

test('a link names any of the eight languages (?lang=csharp), and a language the reader picks holds on the next guide', async ({page}) => {
  const languages = {java: ['Java', 'HttpClient.newHttpClient()'], csharp: ['C#', 'new HttpRequestMessage('], go: ['Go', 'http.NewRequest('], php: ['PHP', 'curl_init('], ruby: ['Ruby', 'Net::HTTP.start(']};
  for (const [lang, [label, code]] of Object.entries(languages)) {
    await page.goto(`/docs/guides/pickups?lang=${lang}`);
    await waitForHydration(page);
    const first = page.locator('[data-contract="CodeSamples"]').first();
    await expect(first.getByRole('tab', {name: label, exact: true})).toHaveAttribute('aria-selected', 'true');
    await expect(first.getByRole('tabpanel')).toContainText(code);
  }
  await page.goto('/docs/guides/pickups');
  await waitForHydration(page);
  await page.locator('[data-contract="CodeSamples"]').first().getByRole('tab', {name: 'Go', exact: true}).click();
  await page.goto('/docs/guides/tracking');
  await waitForHydration(page);
  await expect(page.locator('[data-contract="CodeSamples"]').first().getByRole('tabpanel')).toContainText('http.NewRequest(');
});

test('a link to a section lands on it when the chosen language is not the first tab', async ({page}) => {
  // The page is served with curl shown; Python, chosen by the link, replaces it above the section.
  await page.goto('/docs/guides/pickups?lang=python#track-a-pickup');
  await waitForHydration(page);
  await expect(page.locator('[data-contract="CodeSamples"]').first().getByRole('tabpanel')).toContainText('requests.post(');
  await expectLandedBelowNavbar(page, page.locator('#track-a-pickup'));
});

test('a link to the API reference lands on the operation', async ({page}) => {
  await page.goto('/docs/guides/pickups');
  await waitForHydration(page);
  await page.locator('a[href="/api/#tag/Pickups/operation/reschedulePickup"]').first().click();
  await expect(page).toHaveURL(/\/api\/#tag\/Pickups\/operation\/reschedulePickup$/);
  const operation = page.locator('[id="tag/Pickups/operation/reschedulePickup"]');
  await expect(operation.getByRole('heading', {level: 2})).toBeInViewport();
});

test('every link from the guides to /api/ names an operation that exists there', async ({request}) => {
  const apiHtml = await (await request.get('/api/')).text();
  const targets = new Set<string>();
  for (const guide of guides) {
    for (const [, href] of (await servedArticle(request, guide.path)).matchAll(/href="?\/api\/#([^"\s>]+)/g)) {
      targets.add(href.replace(/&amp;/g, '&'));
    }
  }
  expect(targets.size).toBeGreaterThanOrEqual(28);
  for (const anchor of targets) {
    expect(apiHtml, anchor).toMatch(new RegExp(`id="?${anchor.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["\\s>]`));
  }
});

test('every operation in /api/ links back to the guide section that documents it', async ({request}) => {
  const document = (await (await request.get('/openapi.json')).json()) as {
    paths: Record<string, Record<string, {operationId: string; externalDocs?: {url: string}}>>;
  };
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  expect(operations).toHaveLength(28);
  for (const operation of operations) {
    // Absolute in the served file (it is used outside the portal); /api/ shows it as a site link.
    const url = operation.externalDocs?.url ?? '';
    expect(url.startsWith(`${provider.portalUrl}/docs/`), `${operation.operationId}: ${url}`).toBe(true);
    const [pagePath, anchor] = url.slice(provider.portalUrl.length).split('#');
    expect(anchor, operation.operationId).toBeTruthy();
    const page = await request.get(pagePath);
    expect(page.status(), operation.operationId).toBe(200);
    expect(await page.text(), `${operation.operationId}: #${anchor}`).toMatch(new RegExp(`id="?${anchor}["\\s>]`));
  }
});

test('the Test environment page lists every sandbox magic value, from the sandbox’s own module', async ({page}) => {
  await page.goto('/docs/Agents/test-enviroment');
  await waitForHydration(page);
  const table = page.getByRole('table', {name: 'Sandbox magic values'});
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(magicValues.length);
  for (const [index, value] of magicValues.entries()) {
    await expect(rows.nth(index)).toContainText(value.call);
    await expect(rows.nth(index)).toContainText(String(value.value));
  }
  await expect(page.getByRole('link', {name: 'POST /order/pickup/request'}).first()).toHaveAttribute('href', /\/api\/#tag\/Pickups\/operation\/requestPickup$/);
});

test('Getting started lists every download with the size of the file the site serves', async ({page, request}) => {
  await page.goto('/docs/guides/getting-started');
  await waitForHydration(page);
  const rows = page.getByRole('table', {name: 'Downloads'}).locator('tbody tr');
  await expect(rows).toHaveCount(downloads.length);
  for (const [index, download] of downloads.entries()) {
    const file = await request.get(download.sitePath);
    expect(file.status(), download.sitePath).toBe(200);
    await expect(rows.nth(index).getByRole('link', {name: download.title})).toHaveAttribute('href', download.sitePath);
    await expect(rows.nth(index)).toContainText(formatSize((await file.body()).length));
  }
});

test('the guides that document calls show their fields as field lists', async ({request}) => {
  let lists = 0;
  for (const guide of guides) {
    lists += (await servedArticle(request, guide.path)).match(/class="?field-list["\s>]/g)?.length ?? 0;
  }
  expect(lists).toBeGreaterThan(20);
});
