import {provider} from '../../src/settings/provider';
import {announcement} from '../../src/settings/announcement';
import {mainDocPath} from '../site';
import {test, expect, waitForHydration} from './fixtures';

test.describe('navbar', () => {
  test('shows Tutorial and APIs on the left, search and the colour toggle on the right', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await expect(navbar).toHaveCSS('position', 'sticky');
    const left = navbar.locator('.navbar__items:not(.navbar__items--right)');
    await expect(left.getByRole('link', {name: 'Tutorial'})).toHaveAttribute('href', mainDocPath);
    await expect(left.getByRole('link', {name: 'APIs'})).toHaveAttribute('href', '/api/');
    const right = navbar.locator('.navbar__items--right');
    await expect(right.getByRole('button', {name: /dark and light mode/})).toBeVisible();
    await expect(right.getByLabel('Search', {exact: true})).toBeVisible();
    await expect(navbar.getByRole('link', {name: new RegExp(provider.name)}).first()).toHaveAttribute('href', '/');
  });

  test('Tutorial and APIs take the reader to the docs sidebar and the API reference', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', {name: 'Tutorial', exact: true}).click();
    await expect(page).toHaveURL(mainDocPath);
    await expect(page.getByRole('complementary').getByRole('link', {name: 'Authentication'})).toBeVisible();
    await page.getByRole('link', {name: 'APIs', exact: true}).click();
    await expect(page).toHaveURL('/api/');
    await expect(page.getByRole('heading', {level: 1})).toContainText(provider.name);
  });

  test('stays at the top of the viewport when the page scrolls', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 400});
    await page.goto(mainDocPath);
    await waitForHydration(page);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const box = await page.getByRole('navigation', {name: 'Main'}).boundingBox();
    expect(box?.y).toBe(0);
  });
});

test('footer is dark and holds only the copyright line', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveClass(/footer--dark/);
  await expect(footer).toHaveText(`Copyright © 2025 ${provider.copyright.holder}.`);
  await expect(footer.getByRole('link')).toHaveCount(0);
});

test.describe('colour mode', () => {
  test.use({colorScheme: 'dark'});

  test('is light by default even when the system prefers dark', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('toggle is disabled in the server HTML, until the client renders', async ({request}) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<button[^>]*disabled[^>]*aria-label="Switch between dark and light mode/);
  });

  test('toggle flips light and dark, and the choice survives a reload', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', {name: /dark and light mode/});
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await toggle.click();
    // Flips straight back to light: with the system preference ignored there is no 'system' step.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('announcement bar', () => {
  test.skip(!announcement, 'no announcement is configured in src/settings/announcement.ts');

  test('shows the configured HTML in the configured colours, and closes for good', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.getByRole('banner').filter({has: page.getByRole('button', {name: 'Close'})});
    await expect(bar).toBeVisible();
    const settings = announcement!;
    const expected = await page.evaluate((html) => {
      const element = document.createElement('div');
      element.innerHTML = html;
      return element.textContent ?? '';
    }, settings.content);
    await expect(bar).toHaveText(expected);
    const colours = await page.evaluate(
      ([background, text]) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = background;
        probe.style.color = text;
        document.body.append(probe);
        const style = getComputedStyle(probe);
        const result = [style.backgroundColor, style.color];
        probe.remove();
        return result;
      },
      [settings.backgroundColor, settings.textColor],
    );
    await expect(bar).toHaveCSS('background-color', colours[0]);
    await expect(bar).toHaveCSS('color', colours[1]);

    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('button', {name: 'Close'})).toHaveCount(0);
  });

  test('comes back when its id changes', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', {name: 'Close'}).click();
    // What a new id in the settings does: the stored id no longer matches the configured one.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('docusaurus.announcement.id')) {
          localStorage.setItem(key, 'an-older-announcement');
        }
      }
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('button', {name: 'Close'})).toBeVisible();
  });
});

test('skip link is the first tab stop and moves focus to the main content', async ({page}) => {
  await page.goto(mainDocPath);
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skipLink).toBeFocused();
  await page.keyboard.press('Enter');
  // The theme focuses <main> for a moment; the next Tab lands on the first control inside it.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test.describe('docs layout', () => {
  test('the docs sidebar is 300px wide on desktop', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(mainDocPath);
    await waitForHydration(page);
    const sidebar = page.locator('aside.theme-doc-sidebar-container');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(300);
  });

  test('table of contents lists h2 and h3 headings, not h4', async ({page}) => {
    await page.goto(mainDocPath);
    await waitForHydration(page);
    const article = page.locator('article');
    const idsAt = (level: number) =>
      article.locator(`h${level}[id]`).evaluateAll((headings) => headings.map((h) => h.id));
    const [h2, h3, h4] = [await idsAt(2), await idsAt(3), await idsAt(4)];
    expect(h3.length, 'the page needs an h3 to test').toBeGreaterThan(0);
    expect(h4.length, 'the page needs an h4 to test').toBeGreaterThan(0);
    const tocTargets = await page
      .locator('.table-of-contents a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.slice(1)));
    expect(tocTargets.sort()).toEqual([...h2, ...h3].sort());
  });
});

test.describe('at phone width (390px)', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the hamburger opens the primary menu, the docs sidebar and back-to-main-menu', async ({page}) => {
    await page.goto(mainDocPath);
    await waitForHydration(page);
    const sidebar = page.locator('.navbar-sidebar');
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(sidebar).toBeVisible();
    // Page scroll is locked while the mobile sidebar is open.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    // On a docs page it opens on the secondary menu: the docs sidebar.
    await expect(sidebar.getByRole('link', {name: 'Introduction for agents'})).toBeVisible();
    await sidebar.getByRole('button', {name: /Back to main menu/}).click();
    await expect(sidebar.getByRole('link', {name: 'APIs'})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Tutorial'})).toBeVisible();
    await sidebar.getByRole('link', {name: 'APIs'}).click();
    await expect(page).toHaveURL('/api/');
    await expect(sidebar).toBeHidden();
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
  });

  test('the desktop layout returns at 996px and wider', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto(mainDocPath);
    await waitForHydration(page);
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    await page.setViewportSize({width: 997, height: 800});
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeVisible();
  });
});

test.describe('a reader who does not save data', () => {
  // The other browser tests browse with Save-Data on, which turns fetching ahead off (fixtures.ts).
  test.use({fetchAhead: true});

  test('the code of pages that links in view lead to is still fetched ahead, once the page is idle', async ({page}) => {
    // src/clientModules/prefetchWhenIdle.ts defers Docusaurus's prefetching; it must not drop it.
    await page.goto('/docs/guides/pickups');
    await waitForHydration(page);
    await expect(page.locator('head link[rel="prefetch"]').first()).toBeAttached();
    const prefetched = await page.locator('head link[rel="prefetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(prefetched.every((href) => href?.startsWith('/assets/js/'))).toBe(true);
  });
});

test('a reader who saves data gets no code fetched ahead, and a click still loads the page', async ({page}) => {
  // The browser tests' default (fixtures.ts): what makes them cheaper must hold, or they pay again.
  await page.goto('/docs/guides/pickups');
  await waitForHydration(page);
  expect(await page.evaluate(() => (navigator as Navigator & {connection?: {saveData?: boolean}}).connection?.saveData)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0);
  await page.getByRole('link', {name: 'Tracking', exact: true}).first().click();
  await expect(page).toHaveURL(/\/docs\/guides\/tracking$/);
  await expect(page.locator('h1').first()).toBeVisible();
});
