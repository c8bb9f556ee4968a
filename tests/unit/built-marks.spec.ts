import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

/**
 * The built pages' marks, read from build/ (so not among the contract's own checks in tests/unit/openapi,
 * which contract:release runs before a build exists).
 */
const projectRoot = path.resolve(__dirname, '../..');
test('every mark on the built pages opens its question: none is a bare label without its row of the register', () => {
  const htmlFiles = (folder: string): string[] =>
    readdirSync(folder, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? htmlFiles(path.join(folder, entry.name)) : entry.name.endsWith('.html') ? [path.join(folder, entry.name)] : []));
  const pages = htmlFiles(path.join(projectRoot, 'build', 'docs'));
  expect(pages.length).toBeGreaterThan(15);
  let marks = 0;
  const bare: string[] = [];
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    // The build writes attributes unquoted where it can.
    marks += (html.match(/<a class="?portal-assumption"? [^>]*href="?\/docs\/guides\/open-questions#[a-z0-9-]+/g) ?? []).length;
    for (const match of html.matchAll(/<span class="?portal-assumption"?>/g)) bare.push(`${path.relative(projectRoot, file)}: ${html.slice(Math.max(0, match.index - 80), match.index + 60)}`);
  }
  expect(marks).toBeGreaterThan(500);
  expect(bare).toEqual([]);
});
