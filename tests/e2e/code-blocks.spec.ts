import type {Locator, Page} from '@playwright/test';

import {darkCodeTheme, lightCodeTheme} from '../../src/prism/themes';
import {test, expect, navigateClientSide, waitForHydration} from './fixtures';

/**
 * Code blocks keep the lines the server highlighted when the page hydrates, and colour their tokens
 * by class (src/theme/CodeBlock/Content). What a reader sees must not change: highlighted tokens in
 * each colour mode, after a toggle, after a client-side navigation, and a working copy button.
 */
const guide = '/docs/guides/pickups';
// The success answer on the pickups guide: `{"result": true, "pickupNumber": "PU…"}`.
const jsonBlock = (page: Page) => page.locator('.theme-code-block:has(pre.language-json)').first();

async function colourOfFirstString(block: Locator): Promise<string> {
  return block.locator('.token.string').first().evaluate((token) => getComputedStyle(token).color);
}

/** A colour of the theme as the browser reports computed colours (themes mix hex and rgb()). */
function normalised(page: Page, colour: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, colour);
}

function expectedStringColour(page: Page, theme: typeof lightCodeTheme): Promise<string> {
  return normalised(page, theme.styles.find((style) => style.types.includes('string') && !style.languages)!.style.color!);
}

test('tokens keep the theme colours of each mode after hydration and after a toggle', async ({page}) => {
  await page.goto(guide);
  await waitForHydration(page);
  const block = jsonBlock(page);
  await expect(block.locator('.token.property').first()).toHaveText('"result"');
  expect(await colourOfFirstString(block)).toBe(await expectedStringColour(page, lightCodeTheme));

  await page.getByRole('button', {name: /dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await colourOfFirstString(block)).toBe(await expectedStringColour(page, darkCodeTheme));
  const background = await block.locator('pre').evaluate((pre) => getComputedStyle(pre).backgroundColor);
  expect(background).toBe(await normalised(page, darkCodeTheme.plain.backgroundColor!));
});

test('a guide reached by client-side navigation shows highlighted code', async ({page}) => {
  await page.goto('/docs/guides/getting-started');
  await waitForHydration(page);
  await navigateClientSide(page, guide);
  const block = jsonBlock(page);
  await expect(block.locator('.token.property').first()).toHaveText('"result"');
  expect(await colourOfFirstString(block)).toBe(await expectedStringColour(page, lightCodeTheme));
});

test('the copy button copies the code of its block', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(guide);
  await waitForHydration(page);
  const block = jsonBlock(page);
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({result: true});
  expect(copied.split('\n')).toEqual(await block.locator('.token-line').allTextContents());
});
