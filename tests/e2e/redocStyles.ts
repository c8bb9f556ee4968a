import {expect, type Page} from '@playwright/test';

/**
 * Redoc's styles come with the page (src/plugins/redoc/ServerStyles.tsx): styled-components must not
 * insert them again while the page hydrates, which restyled the whole page once per inserted rule.
 * `countInsertedRules` goes before the page loads; the checks after it.
 */
export async function countInsertedRules(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as {insertedRules: string[]};
    counter.insertedRules = [];
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (...args: Parameters<typeof insertRule>) {
      counter.insertedRules.push(args[0]);
      return insertRule.apply(this, args);
    };
  });
}

const insertedRules = (page: Page) => page.evaluate(() => (window as unknown as {insertedRules: string[]}).insertedRules);

/** Width of Redoc's side menu: 300px from redocusaurus's theme, when Redoc's styles apply. */
export const menuWidth = (page: Page) => page.locator('.redocusaurus .menu-content').evaluate((menu) => getComputedStyle(menu).width);

/** /api/, just hydrated in `colourMode`, wears Redoc's styles of that mode and inserted none. */
export async function expectHydratedOnServerStyles(page: Page, colourMode: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', colourMode);
  // In dark mode Redoc re-renders with its dark theme after hydration; its rules are in the page too.
  const sidebar = page.locator('.redocusaurus .menu-content');
  await expect(sidebar).toHaveCSS('background-color', colourMode === 'dark' ? 'rgb(24, 25, 26)' : 'rgb(255, 255, 255)');
  expect(await menuWidth(page)).toBe('300px');
  expect(await insertedRules(page)).toEqual([]);
}

/**
 * The samples, rendered only in the browser once shown (showEveryApiSample), were styled at build time
 * too: no inserted rule styles them. (Scrolling itself inserts the rules of the menu's highlighted
 * item, a state the server never renders.)
 */
export async function expectSamplesStyledAtBuild(page: Page): Promise<void> {
  await expect(page.locator('[data-samples] .redoc-json').first()).toBeVisible();
  const rulesForSamples = await page.evaluate(() => {
    const classes = new Set([...document.querySelectorAll('[data-samples] [class]')].flatMap((element) => [...element.classList]));
    return (window as unknown as {insertedRules: string[]}).insertedRules.filter((rule) => [...rule.matchAll(/\.([\w-]+)/g)].some(([, name]) => classes.has(name)));
  });
  expect(rulesForSamples).toEqual([]);
}
