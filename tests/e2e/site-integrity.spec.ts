import {test, expect, sitemapPaths} from './fixtures';

/**
 * Every page of the built site, as listed in its sitemap.xml: every internal link and anchor on it
 * leads somewhere that exists. That no page loads anything from another host is checked where each
 * page is visited for its accessibility scans (accessibility.spec.ts).
 */
test('the sitemap lists every page, the API reference included', async ({request}) => {
  const paths = await sitemapPaths(request);
  expect(paths).toEqual(expect.arrayContaining(['/', '/api/', '/markdown-page', '/docs/Agents/authentication', '/docs/guides/pickups']));
});

test('every internal link and anchor of every page resolves', async ({request}) => {
  test.slow();
  const pages = new Map<string, Promise<{status: number; html: string}>>();
  const fetchPage = (pagePath: string) => {
    if (!pages.has(pagePath)) {
      pages.set(pagePath, request.get(pagePath).then(async (response) => ({status: response.status(), html: await response.text()})));
    }
    return pages.get(pagePath)!;
  };
  const broken: string[] = [];
  let checked = 0;
  for (const source of await sitemapPaths(request)) {
    const {html} = await fetchPage(source);
    // Minified HTML quotes an attribute only when it must (a space, as in "SOAP Web Services").
    const hrefs = [...html.matchAll(/<a [^>]*?href=(?:"([^"]*)"|([^\s>]+))/g)].map((match) => (match[1] ?? match[2]).replace(/&amp;/g, '&'));
    for (const href of new Set(hrefs)) {
      if (/^(https?:|mailto:|tel:|data:)/.test(href)) {
        continue;
      }
      const target = new URL(href, `http://site${source}`);
      const {status, html: targetHtml} = await fetchPage(target.pathname);
      checked++;
      if (status !== 200) {
        broken.push(`${source} -> ${href}: status ${status}`);
        continue;
      }
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (anchor && !new RegExp(`id="?${anchor.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["\\s>]`).test(targetHtml)) {
        broken.push(`${source} -> ${href}: no element with id "${anchor}"`);
      }
    }
  }
  expect(checked).toBeGreaterThan(50);
  expect(broken).toEqual([]);
});

test('every page ships its content in place, not as React boundaries revealed by script', async ({request}) => {
  // A component that suspends while the build renders makes React send a placeholder (`<!--$?-->`),
  // then the content in a hidden copy that an inline script moves into place: twice the bytes, and
  // nothing to read where the content belongs until that script runs.
  const outOfPlace: string[] = [];
  for (const pagePath of await sitemapPaths(request)) {
    const html = await (await request.get(pagePath)).text();
    if (html.includes('<!--$?-->')) {
      outOfPlace.push(pagePath);
    }
  }
  expect(outOfPlace).toEqual([]);
});
