import {siteRoutes, notFoundHeading} from '../site';
import {test, expect, waitForHydration, navigateClientSide, markDocument, documentIsMarked} from './fixtures';

// Every route loaded directly answers 200 with its heading, and an unknown path 404 with the
// not-found page, on the one visit of each page that accessibility.spec.ts makes. Here, the route
// that sends the reader on.
test.describe('a route of spec section 2 that lands on another, loaded directly from the static host', () => {
  for (const route of siteRoutes.filter((route) => route.landsOn)) {
    test(`${route.path} answers 200, hydrates, lands on ${route.landsOn} and shows its heading`, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.locator('h1').first()).toHaveText(route.heading);
      await expect(page).toHaveURL(encodeURI(route.landsOn!));
    });
  }
});

test.describe('every route, reached by client-side navigation', () => {
  // One page goes from route to route, as a reader clicks through the site: each route is reached
  // from the one before it, and the document loaded first must still be there at the end (one load
  // instead of one a route: 11 loads of the home page, about 15 s of the suite under load).
  test('every route renders from the one before it, without a page reload', async ({page}) => {
    await page.goto('/markdown-page');
    await waitForHydration(page);
    await markDocument(page);
    for (const route of siteRoutes) {
      await navigateClientSide(page, route.path);
      await expect(page.locator('h1').first(), route.path).toHaveText(route.heading);
      await expect(page, route.path).toHaveURL(encodeURI(route.landsOn ?? route.path));
      expect(await documentIsMarked(page), `navigation to ${route.path} reloaded the page`).toBe(true);
    }
  });

  test('an unknown path renders the not-found page without a reload', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    await navigateClientSide(page, '/no/such/page');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(notFoundHeading);
    expect(await documentIsMarked(page)).toBe(true);
  });
});
