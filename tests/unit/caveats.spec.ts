import {existsSync, readFileSync} from 'node:fs';
import {load} from 'cheerio';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {docsPages} from '../../contract/docsPages';
import {buildCaveats, caveatLimits, contractCaveats, pageCaveats, percent, routeOfDocsFile} from '../../contract/caveats';
import {openApiJsonPath, publishedFile} from '../../contract/outputs';

/**
 * Facts first (issue 35): each silence is said once, in its home (a call's Open questions, the
 * register), so the prose a reader reads is mostly facts. Measured on the build; `npm run caveats`
 * prints the same figures for a writer.
 */
const projectRoot = path.resolve(__dirname, '../..');
const buildDir = path.join(projectRoot, 'build');
const registerRoute = '/docs/guides/open-questions';

function judgedPages() {
  expect(existsSync(buildDir), 'build/ is missing: run `npm run build` first').toBe(true);
  const routes = docsPages(path.join(projectRoot, 'docs')).map((file) => routeOfDocsFile(projectRoot, file));
  return buildCaveats(buildDir, routes).filter((page) => page.route !== registerRoute);
}

test('caveat sentences are at most 10% of the words of every docs page, and 8% across the docs', () => {
  const pages = judgedPages();
  expect(pages.length).toBeGreaterThan(15);
  const over = pages.filter((page) => percent(page.caveatWords, page.words) > caveatLimits.page).map((page) => `${page.route}: ${percent(page.caveatWords, page.words).toFixed(1)}%`);
  expect(over).toEqual([]);
  const words = pages.reduce((sum, page) => sum + page.words, 0);
  const caveat = pages.reduce((sum, page) => sum + page.caveatWords, 0);
  expect(percent(caveat, words)).toBeLessThanOrEqual(caveatLimits.docs);
});

test('no caveat sentence of 8 words or more appears twice on a page, or more than 3 times on the site', () => {
  const site = new Map<string, number>();
  const twice: string[] = [];
  for (const page of judgedPages()) {
    for (const [sentence, count] of page.caveatSentences) {
      site.set(sentence, (site.get(sentence) ?? 0) + count);
      if (count > 1) {
        twice.push(`${page.route} (${count}): ${sentence}`);
      }
    }
  }
  expect(twice).toEqual([]);
  expect([...site].filter(([, count]) => count > caveatLimits.repeatsOnSite).map(([sentence, count]) => `${count}: ${sentence}`)).toEqual([]);
});

test('in openapi.json at most 15% of the descriptions\' words are caveats, and none repeats more than 3 times', () => {
  const figures = contractCaveats(JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8')));
  expect(figures.words).toBeGreaterThan(2000);
  expect(percent(figures.caveatWords, figures.words)).toBeLessThanOrEqual(caveatLimits.contract);
  expect([...figures.repeats].filter(([, count]) => count > caveatLimits.repeatsOnSite).map(([sentence, count]) => `${count}: ${sentence}`)).toEqual([]);
});

/**
 * Out of the reader's way (issue 55), per docs page of the build: the open questions shown before
 * anything is expanded (a call's collapsed block is its one line) are at most 5% of the page's words;
 * what every call answers alike is said once a page; and no sentence is said twice in one section.
 * Each table fits its column or becomes a list: the accessibility tour measures that in the browser.
 */
const visibleOpenQuestionsLimit = 5;

test('the open-question text a reader sees before expanding anything is at most 5% of each docs page\'s words', () => {
  const over = judgedPages()
    .map((page) => ({route: page.route, share: percent(page.visibleOpenQuestionWords, page.words + page.visibleOpenQuestionWords)}))
    .filter(({share}) => share > visibleOpenQuestionsLimit)
    .map(({route, share}) => `${route}: ${share.toFixed(1)}%`);
  expect(over).toEqual([]);
});

test('no sentence of 4 words or more is said twice in one section of a docs page', () => {
  const repeats = judgedPages().flatMap((page) => page.repeatsInSection.map((repeat) => `${page.route} ${repeat}`));
  expect(repeats, 'say it once in the section: in the page (docs/) or in the description it comes from (openapi/)').toEqual([]);
});

// Specification section 8: "400: generic 'Error in processing the request'".
const genericMessage = 'Error in processing the request';

test('the 401 answer and the generic 400 answer are each one row of a docs page, the error catalogue excepted', () => {
  const twice: string[] = [];
  for (const page of judgedPages().filter((page) => page.route !== '/docs/guides/errors')) {
    const $ = load(readFileSync(path.join(buildDir, page.route, 'index.html'), 'utf8'));
    const rows = $('article table')
      .filter((_, table) => $(table).find('th').first().text().trim() === 'Status')
      .find('tbody tr')
      .map((_, row) => ({status: $(row).find('td').first().text().trim().slice(0, 3), messages: $(row).find('td').last().text().trim()}))
      .get();
    const unauthorized = rows.filter((row) => row.status === '401').length;
    const generic = rows.filter((row) => row.status === '400' && row.messages === genericMessage).length;
    if (unauthorized > 1) twice.push(`${page.route}: ${unauthorized} rows of 401`);
    if (generic > 1) twice.push(`${page.route}: ${generic} rows of the generic 400`);
  }
  expect(twice).toEqual([]);
});

test('the section measure finds a sentence said twice under one heading, not under two, nor in a table', () => {
  const sentence = 'Send the weight in pounds.';
  const html = `<article><h2>A</h2><p>${sentence}</p><ul><li>${sentence}</li></ul><h2>B</h2><p>${sentence}</p><table><tr><td>${sentence}</td></tr></table></article>`;
  expect(pageCaveats(html, '/x').repeatsInSection).toEqual([`under "A", 2 times: ${sentence}`]);
});

test('the open questions a reader sees are the collapsed block\'s one line, not what it holds', () => {
  const html = '<article><p>Facts here.</p><details class="open-questions"><summary>2 open questions on this call</summary>\n<ul><li>which fields are required</li></ul></details></article>';
  const figures = pageCaveats(html, '/x');
  expect(figures.openQuestionWords).toBe(10);
  expect(figures.visibleOpenQuestionWords).toBe(6);
});

test('the measure sees a caveat: a repeated caveat sentence counts, code and Open questions blocks do not', () => {
  const sentence = 'Not stated by the carrier: the unit of the weight of the items.';
  const html = `<article><p>Send the weight. ${sentence}</p><p>${sentence}</p><pre>not stated in code</pre><div class="open-questions"><p>unit of weight</p></div></article>`;
  const figures = pageCaveats(html, '/x');
  expect(figures.caveatSentences.get(sentence)).toBe(2);
  // "Send the weight." and the sentence twice (13 words each); the code and the block are not prose.
  expect(figures.words).toBe(3 + 13 + 13);
  expect(figures.caveatWords).toBe(26);
  expect(figures.openQuestionWords).toBe(3);
});

test('a mark on a fact is counted apart: it adds no caveat words, however many facts carry one', () => {
  const line = (marks: number) => `<article><p>zip integer${' <a class="portal-assumption" href="#r">Portal assumption</a>'.repeat(marks)} · up to 99999</p></article>`;
  const once = pageCaveats(line(1), '/x');
  const thrice = pageCaveats(line(3), '/x');
  expect([once.marks, thrice.marks]).toEqual([1, 3]);
  expect(thrice.caveatWords).toBe(0);
  expect(thrice.words).toBe(once.words);
});
