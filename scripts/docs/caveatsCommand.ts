/**
 * `npm run caveats` (after `npm run build`): each docs page's caveat share and the caveat sentences
 * that repeat, then the contract's. See caveats.ts for what is counted; the limits live in
 * tests/unit/caveats.spec.ts.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {docsPages} from '../../contract/docsPages';
import {buildCaveats, contractCaveats, percent, routeOfDocsFile} from '../../contract/caveats';
import {openApiJsonPath, publishedFile} from '../../contract/outputs';

const projectRoot = path.resolve(__dirname, '../..');
const routes = docsPages(path.join(projectRoot, 'docs')).map((file) => routeOfDocsFile(projectRoot, file));
const pages = buildCaveats(path.join(projectRoot, 'build'), routes);
const pad = (value: string, width: number) => value.padEnd(width);
// "open q." counts the words of the Open questions blocks; "shown", the share of the page's words they
// are before anything is expanded (a collapsed block's one line).
console.log(`${pad('page', 44)} ${'words'.padStart(6)} ${'caveat'.padStart(7)} ${'open q.'.padStart(8)} ${'shown'.padStart(6)} ${'marks'.padStart(6)}`);
for (const page of pages) {
  const shown = percent(page.visibleOpenQuestionWords, page.words + page.visibleOpenQuestionWords);
  console.log(
    `${pad(page.route, 44)} ${String(page.words).padStart(6)} ${`${percent(page.caveatWords, page.words).toFixed(1)}%`.padStart(7)} ${String(page.openQuestionWords).padStart(8)} ${`${shown.toFixed(1)}%`.padStart(6)} ${String(page.marks).padStart(6)}`,
  );
  for (const repeat of page.repeatsInSection) {
    console.log(`  said twice in a section: ${repeat}`);
  }
}
const judged = pages.filter((page) => !page.route.endsWith('/open-questions'));
const words = judged.reduce((sum, page) => sum + page.words, 0);
const caveat = judged.reduce((sum, page) => sum + page.caveatWords, 0);
console.log(`\nDocs (register excepted): ${words} words, caveat sentences ${percent(caveat, words).toFixed(1)}%`);
const site = new Map<string, number>();
for (const page of judged) {
  for (const [sentence, count] of page.caveatSentences) {
    site.set(sentence, (site.get(sentence) ?? 0) + count);
    if (count > 1) {
      console.log(`  twice or more on ${page.route} (${count}): ${sentence}`);
    }
  }
}
for (const [sentence, count] of site) {
  if (count > 3) {
    console.log(`  more than 3 times on the site (${count}): ${sentence}`);
  }
}
const contract = contractCaveats(JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8')));
console.log(`\nopenapi.json descriptions: ${contract.words} words, caveat sentences ${percent(contract.caveatWords, contract.words).toFixed(1)}%`);
for (const [sentence, count] of contract.repeats) {
  if (count > 3) {
    console.log(`  more than 3 times (${count}): ${sentence}`);
  }
}
