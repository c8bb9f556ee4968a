import {existsSync, readFileSync} from 'node:fs';
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
