/**
 * The preview (`npm start`) shows an edit under openapi/ on the guides and on /api/ with no restart,
 * reports a broken YAML file by name and line and recovers when it is fixed, and keeps working while a
 * production build runs beside it. How fast an edit shows is measured by `npm run bench`, not here.
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';

import {withoutReaderIndexesVariable} from '../../src/plugins/llmsTxt/readerIndexes';
import {SiteCopy} from '../build-checks/siteCopy';
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
  preview = await startPreview(site.root);
  // The build runs while the edits below are made and shown: the preview must not notice it.
  building = buildBeside(site.root);
});

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
  expect(built.status, built.output).toBe(0);
  const errors = watchErrors(page);
  const apiPage = await context.newPage();
  const apiErrors = watchErrors(apiPage);
  await openBoth(page, apiPage);
  await page.goto(`${preview.url}/changelog`);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await page.goto(`${preview.url}${guidePath}`);
  const description = `Bill of lading number (after a build, ${Date.now()}).`;
  site.write(schemaFile, original.replace('description: Bill of lading number.', `description: "${description}"`));
  await expect.poll(() => visibleText(page), shows).toContain(description);
  await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
  expect([...errors, ...apiErrors]).toEqual([]);
});
