import {siteRoutes, notFoundHeading} from '../site';
import {test, expect, waitForHydration, navigateClientSide, markDocument, documentIsMarked} from './fixtures';

test.describe('every route of spec section 2, loaded directly from the static host', () => {
  for (const route of siteRoutes) {
    test(`${route.path} answers 200, hydrates and shows its heading`, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.locator('h1').first()).toHaveText(route.heading);
      await expect(page).toHaveURL(encodeURI(route.landsOn ?? route.path));
    });
  }

  test('an unknown path answers 404 with the not-found page', async ({page, expectConsoleErrors}) => {
    // The browser reports the document's own 404 status as a failed resource.
    expectConsoleErrors(/status of 404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(notFoundHeading);
  });
});

test.describe('every route, reached by client-side navigation', () => {
  for (const route of siteRoutes) {
    test(`${route.path} renders without a page reload`, async ({page}) => {
      const start = route.path === '/' ? '/markdown-page' : '/';
      await page.goto(start);
      await waitForHydration(page);
      await markDocument(page);
      await navigateClientSide(page, route.path);
      await expect(page.locator('h1').first()).toHaveText(route.heading);
      await expect(page).toHaveURL(encodeURI(route.landsOn ?? route.path));
      expect(await documentIsMarked(page), 'navigation reloaded the page').toBe(true);
    });
  }

  test('an unknown path renders the not-found page without a reload', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    await navigateClientSide(page, '/no/such/page');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(notFoundHeading);
    expect(await documentIsMarked(page)).toBe(true);
  });
});
