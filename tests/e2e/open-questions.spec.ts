import {readFileSync} from 'node:fs';
import path from 'node:path';

import {registerRoute, registerRows} from '../../contract/openQuestions';
import {test, expect, axeViolations, colourRules, expectLandedBelowNavbar, openInMode, waitForHydration} from './fixtures';
import {openApiJsonPath, publishedFile} from '../../contract/outputs';

/**
 * The register as served: every open question (across the API, of the contract, of the pages outside
 * it) has its row and anchor, and /api/ links only to rows that exist.
 */
const projectRoot = path.resolve(__dirname, '../..');
const served = readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8');
const rows = registerRows(JSON.parse(served));

test('the register page shows every row with its anchor, and /api/ links each marked field to one', async ({request}) => {
  const html = await (await request.get(registerRoute)).text();
  const missing = rows.filter((row) => !new RegExp(`id="?${row.id}["\\s>]`).test(html)).map((row) => row.id);
  expect(missing).toEqual([]);
  // The choices made across the API link to the introduction that states them.
  expect(html).toMatch(/id="?api-unauthorized-status"?[^>]*><\/span><a [^>]*href="?\/api\/#section\/Portal-assumptions"?>401 answer<\/a>/);
  const linked = new Set([...served.matchAll(/\/docs\/guides\/open-questions#([a-z0-9-]+)/g)].map((match) => match[1]));
  expect([...linked].filter((id) => !rows.some((row) => row.id === id))).toEqual([]);
  expect(linked.size).toBeGreaterThan(100);
});

test('a link to a row lands on the whole row, below the navbar, and marks it, loaded or followed within the site', async ({page}) => {
  // A tall row (the test environment's base), linked from the Test environment page.
  await page.setViewportSize({width: 1280, height: 900});
  const row = page.locator('tr', {has: page.locator('#servers-testing')});
  const landedOnRow = async (how: string) => {
    await expectLandedBelowNavbar(page, row, how);
    await expect(async () => {
      expect(await row.evaluate((landed) => getComputedStyle(landed).boxShadow), how).toMatch(/inset/);
    }).toPass();
  };
  await page.goto(`${registerRoute}#servers-testing`);
  await landedOnRow('loaded with the anchor');
  // Followed from its page: the router changes the address, and the page is not loaded again.
  await page.goto('/docs/Agents/test-enviroment');
  await waitForHydration(page);
  await page.getByRole('link', {name: 'its row in the register'}).click();
  await expect(page).toHaveURL(/#servers-testing$/);
  await landedOnRow('followed within the site');
  // Only the row landed on is marked.
  expect(await page.locator('tr').evaluateAll((rows) => rows.filter((other) => /inset/.test(getComputedStyle(other).boxShadow)).length)).toBe(1);
});

test('a mark on an assumed fact opens its question in place on focus, hover and press, reached by keyboard alone; Escape closes it, its link goes to the register', async ({page}) => {
  await openInMode(page, '/docs/guides/pickups', 'dark', 1280);
  const fields = page.getByRole('group', {name: 'Fields of PickupRequest'});
  const zip = fields.locator('li', {has: page.locator('code', {hasText: /^pickupFrom\.zip$/})});
  const mark = zip.getByRole('link', {name: 'Portal assumption: type (open question)'});
  const note = page.getByRole('tooltip');
  // By keyboard alone: from the field's name (a press there sets where Tab starts), Tab reaches the mark.
  await zip.locator('code').first().click();
  await page.keyboard.press('Tab');
  await expect(mark).toBeFocused();
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('Open: JSON type; how a ZIP code with a leading zero is sent');
  await expect(note).toContainText('Assumed: integer');
  await expect(mark).toHaveAttribute('aria-describedby', (await note.getAttribute('id'))!);
  // Readable in dark mode, and within the screen.
  expect(await axeViolations(page, {include: '[role="tooltip"]', rules: colourRules})).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(note).toHaveCount(0);
  // A press opens it and keeps it open without leaving the page; a press elsewhere closes it.
  await mark.click();
  await expect(note).toHaveCount(1);
  expect(new URL(page.url()).pathname).toBe('/docs/guides/pickups');
  await page.mouse.move(5, 500);
  await expect(note).toHaveCount(1);
  await page.locator('h1').click();
  await expect(note).toHaveCount(0);
  // Hover opens it; the pointer leaving closes it.
  await mark.hover();
  await expect(note).toHaveCount(1);
  await page.mouse.move(5, 500);
  await expect(note).toHaveCount(0);
  // The note's link is the register's row.
  await mark.click();
  await note.getByRole('link', {name: 'In the register of open questions'}).click();
  await expect(page).toHaveURL(new RegExp(`${registerRoute}#pickupparty-zip$`));
});
