/**
 * The build's link check, in place of Docusaurus's own (onBrokenLinks and onBrokenAnchors are off in
 * docusaurus.config.ts). Docusaurus named the page's URL but not the file or the line, among about 17
 * lines of stack trace, and suggested turning the check off "to let the build pass". This one reads
 * every built page once the build is done and prints one short block at the end of the output: for
 * each broken link, the source file and line to change (found by where the link is written: a page,
 * a component, the contract), the page it is on, the target, and what to do.
 *
 * It runs as the last step of `npm run build` (its postbuild, scripts/build/checkLinks.ts), once
 * `docusaurus build` has written everything and llms.txt is written, rather than as a plugin's
 * postBuild: a plugin that stopped the build there stopped it while other plugins' postBuild (the
 * Changelog's feeds) were still writing, so a failed build left a site with no feeds. Now a build with
 * a broken link fails with the whole site written, for a writer to open and look at.
 *
 * As the specification says (section 5): a link to a path that does not exist fails the build; an
 * anchor that does not exist on its page only warns. A Markdown link to a missing file warns at
 * compile time (Docusaurus's onBrokenMarkdownLinks) and, as the link it leaves is to no page, fails here.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {changelogRoute} from '../../contract/releases/changelog';
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

/**
 * The broken links and anchors of the built site in `outDir`. `leftOut`: files the site serves that
 * this build did not write (a build check's copy leaves out llms.txt), which a link may still name.
 */
export function brokenLinks(outDir: string, siteDir: string, leftOut: readonly string[] = []): Broken[] {
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
      // `<page>.md` is the page as Markdown, which the llms.txt plugin writes beside each page (but not
      // in the build checks' copies, which leave it out).
      const isPage = htmlOf.has(target) || (target.endsWith('.md') && htmlOf.has(target.slice(0, -'.md'.length)) && url.hash === '');
      const isFile = !isPage && ((existsSync(path.join(outDir, target)) && !target.endsWith('/')) || leftOut.includes(target));
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

/** Files the build writes beside the pages: the Changelog's feeds, and llms.txt (`npm run build`'s postbuild). */
export const filesBesidePages = [`${changelogRoute}/rss.xml`, `${changelogRoute}/atom.xml`, '/llms.txt', '/llms-full.txt'];

/**
 * Checks the built site; prints the block, and returns false when a broken link stops the build (a
 * broken anchor only warns). `leftOut` as in `brokenLinks`.
 */
export function checkBuiltLinks(outDir: string, siteDir: string, leftOut: readonly string[] = []): boolean {
  const broken = brokenLinks(outDir, siteDir, leftOut);
  if (broken.length === 0) return true;
  const report = brokenLinksReport(broken);
  const paths = broken.filter((item) => item.kind === 'path').length;
  if (paths === 0) {
    console.warn(`\n${report}\n`);
    return true;
  }
  // The block ends the output: nothing runs after it, so no stack trace buries it.
  console.error(`\n${report}\n\nThe build failed on ${paths} broken link(s).`);
  return false;
}
