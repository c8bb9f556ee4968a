/**
 * A writer's session on a copy of the site. The writer releases a new answer field (YAML only, cited
 * to the carrier's written answer), leaves a broken anchor, a link to a missing page and a Markdown link
 * to a missing file in the pages, starts the preview (`npm start`) and runs `npm run build` beside it.
 * The preview shows each edit under openapi/ on the guides and on /api/ with no restart, reports a
 * broken YAML file by name and line and recovers when it is fixed, and keeps working through the
 * build. The build writes the whole site, its Changelog and feeds carrying the release, then its link
 * check (spec section 5) fails on the two links and only warns of the anchor. How fast an edit shows is
 * measured by `npm run bench`, not here.
 *
 * One copy and one production build serve all of it: a build of a copy takes 40 to 80 s on a loaded
 * 2-core machine (2026-11-28), and the release's edits (an answer's schema), the pages' broken links
 * and the preview's edits (the request's schema) do not meet.
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';

import {withoutReaderIndexesVariable} from '../../src/plugins/llmsTxt/readerIndexes';
import {atomProblems, rssProblems} from '../build-checks/feeds';
import {editFile, lastRelease, schemaFile as schemaFileOf, SiteCopy} from '../build-checks/siteCopy';
import {saveDataIn} from '../support/saveData';
import {startPreview, type Preview} from './previewServer';

const schemaFile = 'openapi/components/schemas/PickupRequest.yaml';
const guidePath = '/docs/guides/pickups';
const apiPath = '/api/#tag/Pickups/operation/requestPickup';
// Generous: a publish and a recompile take seconds; a loaded machine doubles them.
const shows = {timeout: 90_000};

let site: SiteCopy;
let preview: Preview;
let original: string;
/** `npm run build` of the copy, started beside the preview before the first edit. */
let building: Promise<{status: number | null; output: string}>;
/** The writer's release, made before the preview starts. */
let released: {status: number | null; output: string};
let version: string;

/** `npm run build` as a writer runs it in a second terminal, unminified as the build checks run it. */
function buildBeside(root: string): Promise<{status: number | null; output: string}> {
  const child = spawn('npm', ['run', '--silent', 'build', '--', '--no-minify'], {
    cwd: root,
    env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', REDOCLY_TELEMETRY: 'off', [withoutReaderIndexesVariable]: 'true'},
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({status, output})));
}

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = new SiteCopy();
  original = readFileSync(path.join(site.root, schemaFile), 'utf8');
  // A new answer field with a limit, cited to the carrier's written answer, which the writer records
  // too: YAML only. And pages that link to an anchor its target does not have, to a page that does not
  // exist, and to a Markdown file not written yet.
  editFile(site, schemaFileOf('PickupResponse'), (text) => `${text.trimEnd()}\n  dockNote:\n    type: string\n    maxLength: 40\n    x-spec: 'carrier 2030-01-10-dock: "dockNote, up to 40 characters"'\n    description: Where the driver should go.\n`);
  site.write('openapi/carrier-answers.yaml', 'answers:\n  2030-01-10-dock:\n    date: 2030-01-10\n    from: the carrier\'s API team, by email\n    text: "The pickup answer may carry dockNote, up to 40 characters."\n');
  site.write('docs/Agents/intro.mdx', '---\ntitle: Intro\n---\n\nSee [a section](/docs/Agents/authentication#no-such-section).\n\nSee [the missing guide](/docs/no-such-guide).\n');
  site.write('docs/Agents/draft-link.mdx', '---\ntitle: Draft link\n---\n\nSee [a draft](./draft-not-written-yet.md).\n');
  const [major, minor] = lastRelease().split('.').map(Number);
  version = `${major}.${minor + 1}.0`;
  released = site.run('contract:release', version, 'Adds the dock note to the pickup answer', '--date', '2030-01-15');
  preview = await startPreview(site.root);
  // The build runs while the edits below are made and shown: the preview must not notice it.
  building = buildBeside(site.root);
});

// The writer's browser fetches no other page's code ahead: in the preview that is every page's
// unminified code, compiled again at each save, and no test here reads it.
test.beforeEach(async ({context}) => saveDataIn(context));

test.afterEach(async ({}, testInfo) => {
  // What the preview printed, for a failure's report: the publishes, the compiles and their errors.
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('preview terminal', {body: preview.log(), contentType: 'text/plain'});
});

test.afterAll(async () => {
  await building;
  await preview?.stop();
  site?.remove();
});

/** Text of the page as a reader sees it (Redoc draws an operation once it is near the view). */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

/** Console errors and failed pages, gathered while a test runs. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openBoth(page: Page, apiPage: Page): Promise<void> {
  await page.goto(`${preview.url}${guidePath}`);
  await apiPage.goto(`${preview.url}${apiPath}`);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible(shows);
}

// One edit of one schema file, as a writer saves it, carries both changes the writers' issue names: an
// edited description and a new optional property. Each save costs the preview a publish and a
// recompile of every page that renders the contract, so the two share one.
test('an edited description and a new optional property show on the guide and on /api/ alike, and in the preview’s openapi.json', async ({page, context, request}) => {
  test.setTimeout(180_000);
  const apiPage = await context.newPage();
  await openBoth(page, apiPage);
  const description = `Bill of lading number, as printed on the BOL (edit ${Date.now()}).`;
  site.write(
    schemaFile,
    original
      .replace('description: Bill of lading number.', `description: "${description}"`)
      .replace('properties:\n', 'properties:\n  dockNumber:\n    type: string\n    maxLength: 10\n    description: "Optional. Dock number at the pickup address."\n'),
  );
  await expect.poll(() => visibleText(page), shows).toContain(description);
  await expect.poll(() => visibleText(apiPage), shows).toContain(description);
  await expect(page.locator('[data-contract="SchemaFields"]').first()).toContainText('dockNumber', shows);
  await expect.poll(() => visibleText(apiPage), shows).toContain('dockNumber');
  const served = await (await request.get(`${preview.url}/openapi.json`)).json();
  expect(Object.keys(served.components.schemas.PickupRequest.properties)).toContain('dockNumber');
});

// One broken save, as in the writer's editor: the terminal and the page in the browser both name it.
test('a YAML error is named with its file and line in the terminal and in the browser’s overlay, the last good contract stays, and the preview recovers when it is fixed', async ({page}) => {
  test.setTimeout(180_000);
  await page.goto(`${preview.url}${guidePath}`);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible(shows);
  const logBefore = preview.log().length;
  site.write(schemaFile, `${original}bad: [unclosed\n`);
  await expect.poll(() => preview.log().slice(logBefore), shows).toMatch(/could not be published[\s\S]*compiled with \d+ errors?/);
  // The unclosed bracket is the file's last line; the parser finds it open on the line after.
  const badLine = original.trimEnd().split('\n').length + 1;
  expect(preview.log().slice(logBefore)).toContain(`${schemaFile}:${badLine + 1}:1: YAML syntax error`);
  expect(preview.log().slice(logBefore)).toContain(`${badLine} | bad: [unclosed`);
  // The same error reaches the open page as the compile error of the pages that render the contract.
  await expect(page.frameLocator('#webpack-dev-server-client-overlay').locator('body')).toContainText(`${schemaFile}:`, shows);
  site.write(schemaFile, original.replace('description: Bill of lading number.', 'description: "Bill of lading number, fixed."'));
  await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0, shows);
  await page.reload();
  await expect.poll(() => visibleText(page), shows).toContain('Bill of lading number, fixed.');
  await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
});

test('npm run build beside the preview leaves it working: no overlay, no console error, and a later edit still shows', async ({page, context}) => {
  test.setTimeout(300_000);
  const built = await building;
  // The build ran to its last step, the link check, which reports the pages' broken links.
  expect(built.output).toContain('Broken links (');
  const errors = watchErrors(page);
  const apiPage = await context.newPage();
  const apiErrors = watchErrors(apiPage);
  // The Changelog first, which the build also writes; then the guide stays open for the edit.
  await page.goto(`${preview.url}/changelog`);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await openBoth(page, apiPage);
  // /api/ loads and hydrates after the build; the edit is then read on the guide alone (the first test
  // reads an edit on both), and /api/ is closed so that it does not render the edit for nothing.
  await apiPage.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', ...shows});
  await apiPage.close();
  const description = `Bill of lading number (after a build, ${Date.now()}).`;
  site.write(schemaFile, original.replace('description: Bill of lading number.', `description: "${description}"`));
  await expect.poll(() => visibleText(page), shows).toContain(description);
  await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
  expect([...errors, ...apiErrors]).toEqual([]);
});

/** A file of the copy's production build (the build beside the preview). */
const built = (file: string) => readFileSync(path.join(site.root, 'build', file), 'utf8');

test('the build beside fails on a link to a missing page with one short block at its end (file and line, page, link, and the fix), and only warns of the broken anchor', async () => {
  const build = await building;
  expect(build.status).not.toBe(0);
  const block = build.output.slice(build.output.indexOf('Broken links ('));
  // The two broken links alone: every link and anchor the site's own pages have, a row of the register
  // included, is one that exists (src/components/RowAnchor).
  expect(block).toContain('Broken links (2), which stop the build:');
  expect(block).toContain('docs/Agents/intro.mdx:7\n    on /docs/Agents/intro: /docs/no-such-guide — no page or file has this path');
  expect(block).toContain('Fix: point each at a page that exists');
  expect(block).toContain('Broken anchors (1), which only warn:\n  docs/Agents/intro.mdx:5\n    on /docs/Agents/intro: /docs/Agents/authentication#no-such-section');
  // The end of the output, with no stack trace after it, and no advice to turn the check off.
  expect(block.trimEnd().split('\n').length).toBeLessThan(15);
  expect(block.trimEnd().split('\n').at(-1)).toBe('The build failed on 2 broken link(s).');
  expect(block).not.toMatch(/^\s+at /m);
  expect(build.output).not.toMatch(/onBrokenLinks|let the build pass/);
  // The check runs once the site is written: a writer can open what was built.
  expect(site.hasBuilt()).toBe(true);
});

test('a markdown link to a missing file warns, and then fails as the broken link it leaves', async () => {
  const build = await building;
  // Docusaurus leaves an unresolved file link as written. The markdown check only warns (spec
  // section 5), but the page then links to a URL that does not exist, which the link check stops.
  expect(build.output).toMatch(/\[WARNING\][^\n]*Markdown link[\s\S]*draft-not-written-yet\.md[\s\S]*docs\/Agents\/draft-link\.mdx/);
  expect(build.output).toMatch(/docs\/Agents\/draft-link\.mdx:5\n    on \/docs\/Agents\/draft-link: \S*draft-not-written-yet\.md — no page or file has this path/);
});

test('the released field shows in the built guide that renders its call, as the carrier\'s answer', () => {
  // The guides' call summaries come from the contract: change the contract, and the built page changes.
  const page = built('docs/guides/pickups/index.html');
  expect(page).toContain('<code>{ result, pickupNumber, dockNote }</code>');
  // Its fact is the carrier's written answer, and says so with the answer's date, in the description /api/ shows.
  expect(built('openapi.json')).toContain("Where the driver should go. *Carrier's answer of 2030-01-10.*");
});

test('the release reaches the built Changelog page and both feeds, which are valid RSS 2.0 and Atom', async () => {
  const build = await building;
  expect(released.status, released.output).toBe(0);
  // Wording edits not yet released travel with it; the added field is its one non-breaking change.
  expect(released.output).toMatch(new RegExp(`released ${version.replace(/\./g, '\\.')} \\(2030-01-15\\) with 0 breaking, 1 non-breaking, \\d+ wording-only change\\(s\\) since ${lastRelease().replace(/\./g, '\\.')}`));
  // The pages' build passed: only the link check after it failed (the test above).
  expect(build.output).toContain('Generated static files in ');
  const changelog = built('changelog/index.html');
  // Newest first, each release under its stable anchor, the change linked to its operation on /api/.
  expect(changelog.indexOf(`id=v${version}`)).toBeGreaterThan(-1);
  expect(changelog.indexOf(`id=v${version}`)).toBeLessThan(changelog.indexOf(`id=v${lastRelease()}`));
  expect(changelog).toContain('Added property <code>dockNote</code> in Response 201');
  expect(changelog).toMatch(/href=\/api\/#tag\/Pickups\/operation\/requestPickup>POST \/order\/pickup\/request/);
  expect(built(`changelog/${version}/index.html`)).toContain('Adds the dock note to the pickup answer');
  expect(JSON.parse(built(`downloads/releases/${version}/openapi.json`)).components.schemas.PickupResponse.properties.dockNote).toBeDefined();

  const rss = built('changelog/rss.xml');
  const atom = built('changelog/atom.xml');
  for (const feed of [rss, atom]) {
    // Titled by the writer's summary; the diff's sentences follow, with the field as code.
    expect(feed).toContain(`[CDATA[${version}: Adds the dock note to the pickup answer]]>`);
    expect(feed).toContain('Added property <code>dockNote</code>');
    expect(feed).not.toContain('documentation edits only');
    expect(feed).not.toContain('changelog-documentation');
    expect(Buffer.byteLength(feed)).toBeLessThan(50_000);
  }
  expect(changelog).toContain('class=changelog-documentation');
  expect(rssProblems(rss)).toEqual([]);
  expect(atomProblems(atom)).toEqual([]);
});
