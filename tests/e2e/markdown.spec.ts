import {load} from 'cheerio';

import {provider} from '../../src/settings/provider';
import {test, expect, openInMode, sitemapPaths} from './fixtures';

/**
 * The portal for readers who work through a coding assistant (src/plugins/llmsTxt, scripts/llms):
 * /llms.txt and /llms-full.txt, every docs page as Markdown beside its HTML, each operation as
 * Markdown, and Copy page as Markdown.
 */

/** `/docs/guides/pickups/` → `/docs/guides/pickups.md`. */
const markdownPathOf = (pagePath: string) => `${pagePath.replace(/\/+$/, '')}.md`;

/** Markdown without its fenced code blocks, where `<T>` and tables of text are code, not page. */
const withoutCode = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** The language a Markdown page's code blocks under `**label**` are fenced with (`bash` for curl…). */
const languageTag = (markdown: string, label: string) => new RegExp(`\\*\\*${label}\\*\\*\\n\\n\`\`\`(\\w+)`).exec(markdown)?.[1] ?? 'no block';

/** The row count of each Markdown table, in order (a table: consecutive lines starting with `|`, less its separator). */
function markdownTableRows(markdown: string): number[] {
  const counts: number[] = [];
  let run = 0;
  for (const line of [...withoutCode(markdown).split('\n'), '']) {
    if (line.startsWith('|')) {
      run++;
    } else if (run > 0) {
      counts.push(run - 1);
      run = 0;
    }
  }
  return counts;
}

test('/llms.txt lists every docs page and every operation as Markdown, in the sidebar’s order, and each link answers 200', async ({request}) => {
  const llms = await (await request.get('/llms.txt')).text();
  expect(llms).toMatch(/^# .+\n\n> .+/);
  const links = [...llms.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => new URL(match[1]));
  expect(links.every((link) => link.origin === new URL(provider.portalUrl).origin)).toBe(true);
  const docsPages = (await sitemapPaths(request)).map((page) => decodeURI(page)).filter((page) => page.startsWith('/docs/') && page !== '/docs/');
  const listed = links.map((link) => decodeURI(link.pathname));
  for (const page of docsPages) {
    expect(listed, page).toContain(markdownPathOf(page));
  }
  expect(listed.filter((link) => link.startsWith('/api/operations/'))).toHaveLength(28);
  // The sidebar's order: Agents first, then the guides from Getting started, then Reference.
  const headings = [...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  expect(headings.slice(0, 3)).toEqual(['Agents', 'Guides', 'Reference']);
  expect(listed.indexOf('/docs/guides/getting-started.md')).toBeLessThan(listed.indexOf('/docs/guides/pickups.md'));
  for (const link of listed) {
    const response = await request.get(encodeURI(link));
    expect(response.status(), link).toBe(200);
    if (link.endsWith('.md')) {
      // Markdown's own type: "View as Markdown" shows the page as text rather than downloading a file.
      expect(response.headers()['content-type'], link).toBe('text/markdown; charset=utf-8');
    }
  }
});

test('/api.md is the reference\'s introduction with every call, each linked to its page, from the contract and not from Redoc\'s HTML', async ({request}) => {
  const markdown = await (await request.get('/api.md')).text();
  const contract = (await (await request.get('/openapi.json')).json()) as {info: {title: string}; paths: Record<string, Record<string, {operationId: string}>>};
  expect(markdown).toMatch(new RegExp(`^# ${contract.info.title}: API reference\n`));
  const operationIds = Object.values(contract.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
  const linked = [...markdown.matchAll(/\]\(https?:\/\/[^)]+(\/api\/operations\/[^)]+\.md)\)/g)].map((match) => match[1]);
  expect(linked).toEqual(operationIds.map((id) => `/api/operations/${id}.md`));
  // Redoc's own anchors (`[](#section/…)`) would show a conversion of its page, which lost the answers.
  expect(markdown).not.toContain('](#');
});

test('/api.md gives the contact the guides send readers to on the API reference page, as Redoc shows it', async ({request}) => {
  const markdown = await (await request.get('/api.md')).text();
  const {contact} = ((await (await request.get('/openapi.json')).json()) as {info: {contact: {name: string; email: string; url: string}}}).info;
  const section = markdown.split('\n## Contact\n')[1]?.split('\n## ')[0] ?? '';
  expect(section).toContain(contact.name);
  expect(section).toContain(`(mailto:${contact.email})`);
  expect(section).toContain(`<${contact.url}>`);
});

test('/llms-full.txt holds every page of /llms.txt, in its order', async ({request}) => {
  const llms = await (await request.get('/llms.txt')).text();
  const full = await (await request.get('/llms-full.txt')).text();
  // llmstxt.org: the links under "## Optional" may be skipped for a shorter context, so llms-full.txt leaves them out.
  const pages = [...llms.split('\n## Optional')[0].matchAll(/^- \[[^\]]+\]\((https?:\/\/[^)]+\.md)\)/gm)].map((match) => match[1]);
  let from = 0;
  for (const page of pages) {
    const at = full.indexOf(`<!-- ${page} -->`, from);
    expect(at, page).toBeGreaterThan(from - 1);
    from = at;
  }
  const pickups = await (await request.get('/docs/guides/pickups.md')).text();
  expect(full).toContain(pickups.trim());
});

test('every link of /llms-full.txt to the site itself answers 200', async ({request}) => {
  // Every page's Markdown is in this file, so its links are every link an assistant can follow. A
  // link written with a trailing slash (`/docs/EDI/`) once became `/docs/EDI/.md`, a 404.
  const full = await (await request.get('/llms-full.txt')).text();
  const origin = new URL(provider.portalUrl).origin;
  const targets = new Set<string>();
  for (const [, url] of withoutCode(full).matchAll(/\]\((\/[^)\s]*|https?:\/\/[^)\s]+)\)/g)) {
    const link = new URL(url, origin);
    if (link.origin === origin) {
      targets.add(link.pathname);
    }
  }
  expect(targets.size).toBeGreaterThan(50);
  const broken: string[] = [];
  for (const target of targets) {
    const status = (await request.get(target)).status();
    if (status !== 200) {
      broken.push(`${target}: ${status}`);
    }
  }
  expect(broken).toEqual([]);
});

test('every docs page has its Markdown: its headings, its tables row for row, every code sample, and no MDX tag', async ({request}) => {
  const contract = (await (await request.get('/openapi.json')).json()) as {paths: Record<string, Record<string, {operationId: string; 'x-codeSamples'?: {label: string; source: string}[]}>>};
  const operations = new Map(Object.values(contract.paths).flatMap((methods) => Object.values(methods)).map((operation) => [operation.operationId, operation]));
  const docsPages = (await sitemapPaths(request)).map((path) => decodeURI(path)).filter((path) => path.startsWith('/docs/') && path !== '/docs/');
  expect(docsPages.length).toBeGreaterThan(15);
  let callsWithSamples = 0;
  for (const docsPage of docsPages) {
    const response = await request.get(encodeURI(markdownPathOf(docsPage)));
    expect(response.status(), docsPage).toBe(200);
    const markdown = await response.text();
    // The page as served: its article is rendered whole before any script runs, so its headings and
    // tables need no browser (a browser load of each of the 22 pages took 28 s of this test under load).
    const $ = load(await (await request.get(encodeURI(docsPage))).text());
    const article = $('.theme-doc-markdown');
    expect(article.length, docsPage).toBe(1);
    const headings = article
      .find('h1, h2, h3, h4, h5, h6')
      .toArray()
      .map((heading) => `${'#'.repeat(Number(heading.tagName[1]))} ${$(heading).text().replace(/\u200b/g, '').trim()}`);
    expect(headings.length, docsPage).toBeGreaterThan(0);
    const markdownHeadings = withoutCode(markdown).split('\n').filter((line) => /^#{1,6} /.test(line)).map((line) => line.replace(/[\\`]/g, ''));
    for (const heading of headings) {
      expect(markdownHeadings, `${docsPage}: ${heading}`).toContain(heading);
    }
    const htmlTableRows = article.find('table').toArray().map((table) => $(table).find('tr').length);
    expect(markdownTableRows(markdown), docsPage).toEqual(htmlTableRows);
    // No component of the page's source (<SchemaFields>, <TryIt>…) in place of what it renders.
    expect(withoutCode(markdown), docsPage).not.toMatch(/<\/?[A-Z][A-Za-z]*[\s/>]/);
    expect(markdown, docsPage).not.toContain('<!--');
    // A mark that continues another ("+" on the page) joins its words: "*Portal assumption: limits, type, unit*".
    expect(markdown, docsPage).not.toMatch(/\*Portal assumption: [^*;]*\* \*(Portal assumption: [^*;]*|\+[^*]*)\*|, \+/);
    // Each call's samples in every language, though the page's HTML holds only the tab shown.
    for (const operationId of article.find('[data-contract=CodeSamples]').toArray().map((samples) => $(samples).attr('data-operation'))) {
      callsWithSamples++;
      const samples = operations.get(operationId!)?.['x-codeSamples'] ?? [];
      expect(samples.length, `${docsPage}: ${operationId}`).toBeGreaterThan(2);
      for (const {label, source} of samples) {
        expect(markdown, `${docsPage}: ${operationId} ${label}`).toContain(`**${label}**\n\n\`\`\`${languageTag(markdown, label)}\n${source.trimEnd()}\n\`\`\``);
      }
    }
  }
  expect(callsWithSamples).toBeGreaterThan(20);
});

test('each operation has a Markdown page: its path, fields, samples, answers and open questions', async ({request}) => {
  const markdown = await (await request.get('/api/operations/requestPickup.md')).text();
  expect(markdown).toMatch(/^# Request a pickup\n/);
  expect(markdown).toContain('`POST /order/pickup/request`');
  expect(markdown).toContain('Answers **201 Created**');
  expect(markdown).toContain('## Request body');
  expect(markdown).toContain('* `pickupWindow.timeZoneOffset` integer');
  expect(markdown).toContain('**curl**\n\n```bash\n');
  // The 401 row, its status marked as the API-wide choice it is.
  expect(markdown).toMatch(/\| \*\*401\*\* \*Portal assumption: status\* \|/);
  expect(markdown).toContain('### Open questions: Request a pickup');
  expect(withoutCode(markdown)).not.toMatch(/<\/?[A-Z][A-Za-z]*[\s/>]/);
  const cancel = await (await request.get('/api/operations/cancelPickup.md')).text();
  expect(cancel).toContain('The contract describes no body for this answer.');
});

test('no operation page shows Markdown escaped as text: the open-question links stay links', async ({request}) => {
  const llms = await (await request.get('/llms.txt')).text();
  const operations = [...llms.matchAll(/\((https?:\/\/[^)]+\/api\/operations\/[^)]+\.md)\)/g)].map((match) => new URL(match[1]).pathname);
  expect(operations).toHaveLength(28);
  for (const operation of operations) {
    const markdown = await (await request.get(operation)).text();
    // Outside code, a backslash before * [ ] ( ) means a description's Markdown was written out as text.
    const prose = withoutCode(markdown).replace(/`[^`\n]+`/g, '');
    expect(prose.match(/\\[*[\]()]/g) ?? [], operation).toEqual([]);
  }
  const inventory = await (await request.get('/api/operations/getInventory.md')).text();
  expect(inventory).toMatch(/\*\[Portal assumption: type; Open: format\]\(https:\/\/[^)]+\/docs\/guides\/open-questions#parameter-clientcodequery\)\*/);
});

for (const colourMode of ['light', 'dark'] as const) {
  test(`Copy page as Markdown puts the page's Markdown on the clipboard, by keyboard, in ${colourMode} mode`, async ({page, context, request}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openInMode(page, '/docs/guides/pickups', colourMode, 1280);
    const button = page.getByRole('button', {name: 'Copy page as Markdown'});
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({hasText: 'Copied.'})).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await (await request.get('/docs/guides/pickups.md')).text());
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', '/docs/guides/pickups.md');
  });
}
