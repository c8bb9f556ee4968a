/**
 * The build's link check, in place of Docusaurus's own (onBrokenLinks and onBrokenAnchors are off in
 * docusaurus.config.ts). Docusaurus named the page's URL but not the file or the line, among about 17
 * lines of stack trace, and suggested turning the check off "to let the build pass". This one reads
 * every built page once the build is done and prints one short block at the end of the output: for
 * each broken link, the source file and line to change (found by where the link is written: a page,
 * a component, the contract), the page it is on, the target, and what to do.
 *
 * As the specification says (section 5): a link to a path that does not exist fails the build; an
 * anchor that does not exist on its page only warns. A Markdown link to a missing file warns at
 * compile time (Docusaurus's onBrokenMarkdownLinks) and, as the link it leaves is to no page, fails here.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {changelogRoute} from '../../../contract/releases/changelog';
import {attributeValues, findWhereWritten, type Written} from './sources';

type Broken = {page: string; href: string; kind: 'path' | 'anchor'; written: Written[]};

/** Every built HTML page: its site path (`/docs/guides/pickups`) and file. */
function builtPages(outDir: string): {sitePath: string; file: string}[] {
  return readdirSync(outDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const relative = `/${path.relative(outDir, file).split(path.sep).join('/')}`;
      const sitePath = relative.endsWith('/index.html') ? relative.slice(0, -'index.html'.length) : relative.replace(/\.html$/, '');
      return {sitePath: sitePath.length > 1 ? sitePath.replace(/\/$/, '') : '/', file};
    });
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function brokenLinks(outDir: string, siteDir: string, writtenLater: readonly string[] = []): Broken[] {
  const pages = builtPages(outDir);
  const idsOf = new Map<string, Set<string>>();
  const htmlOf = new Map(pages.map((page) => [page.sitePath, readFileSync(page.file, 'utf8')]));
  const ids = (sitePath: string) => {
    if (!idsOf.has(sitePath)) idsOf.set(sitePath, new Set(attributeValues(htmlOf.get(sitePath) ?? '', 'id')));
    return idsOf.get(sitePath)!;
  };
  const found: Broken[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    // Relative links resolve against the page's own address, as the browser resolves them.
    const pageUrl = new URL(page.sitePath, 'http://site.invalid');
    for (const href of attributeValues(htmlOf.get(page.sitePath)!, 'href', 'a')) {
      if (!href || external.test(href)) continue;
      const url = new URL(href, pageUrl);
      const target = decodeURI(url.pathname).replace(/\/$/, '') || '/';
      const key = `${page.sitePath} ${href}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // `<page>.md` is the page as Markdown, which the llms.txt plugin writes in its own postBuild,
      // maybe after this one (and not at all in the build checks' copies, which leave it out).
      const isPage = htmlOf.has(target) || (target.endsWith('.md') && htmlOf.has(target.slice(0, -'.md'.length)) && url.hash === '');
      const isFile = !isPage && ((existsSync(path.join(outDir, target)) && !target.endsWith('/')) || writtenLater.includes(target));
      if (!isPage && !isFile) {
        found.push({page: page.sitePath, href, kind: 'path', written: findWhereWritten(siteDir, href, page.sitePath)});
      } else if (isPage && url.hash.length > 1 && !ids(target).has(decodeURIComponent(url.hash.slice(1)))) {
        found.push({page: page.sitePath, href, kind: 'anchor', written: findWhereWritten(siteDir, href, page.sitePath)});
      }
    }
  }
  return found;
}

/** The block printed at the end of the build. */
export function brokenLinksReport(broken: readonly Broken[]): string {
  const line = (item: Broken) => {
    const where = item.written.length > 0 ? item.written.map((written) => `${written.file}:${written.line}`).join(', ') : `the page ${item.page} (the link is not written in docs/, src/ or openapi/ as it is on the page)`;
    const what = item.kind === 'path' ? 'no page or file has this path' : 'the page has no such anchor';
    return `  ${where}\n    on ${item.page}: ${item.href} — ${what}`;
  };
  const paths = broken.filter((item) => item.kind === 'path');
  const anchors = broken.filter((item) => item.kind === 'anchor');
  return [
    ...(paths.length > 0 ? [`Broken links (${paths.length}), which stop the build:`, ...paths.map(line), '  Fix: point each at a page that exists (its path as the site serves it, or the .md/.mdx file it is built from), or write the missing page.'] : []),
    ...(anchors.length > 0 ? [`Broken anchors (${anchors.length}), which only warn:`, ...anchors.map(line), '  Fix: use a heading id the target page has (the part after # in its address bar), or an explicit {#id} on the heading.'] : []),
  ].join('\n');
}

/**
 * Files the build writes after the pages are checked: other plugins' postBuild runs beside this one
 * (the Changelog's feeds), and `npm run build`'s postbuild step writes llms.txt.
 */
export const filesWrittenAfterPages = [`${changelogRoute}/rss.xml`, `${changelogRoute}/atom.xml`, '/llms.txt', '/llms-full.txt'];

export type LinkCheckOptions = {
  /**
   * Files the build writes after this check: other plugins' postBuild runs beside this one (the
   * Changelog's feeds), and `npm run build`'s postbuild step writes llms.txt.
   */
  writtenLater: string[];
};

export default function linkCheckPlugin(context: LoadContext, {writtenLater}: LinkCheckOptions): Plugin {
  return {
    name: 'link-check',
    async postBuild({outDir}) {
      const broken = brokenLinks(outDir, context.siteDir, writtenLater);
      if (broken.length === 0) return;
      const report = brokenLinksReport(broken);
      if (broken.some((item) => item.kind === 'path')) {
        // The block ends the output, and the build stops here: an error thrown back to Docusaurus is
        // printed after it with its stack trace, which is what buried its own report.
        console.error(`\n${report}\n\nThe build failed on ${broken.filter((item) => item.kind === 'path').length} broken link(s).`);
        process.exit(1);
      }
      console.warn(`\n${report}\n`);
    },
  };
}
