import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {Contract} from '../../../src/remark/contract/contract';
import {provider} from '../../../src/settings/provider';
import {guideMarkdownPages} from '../../../src/plugins/llmsTxt/guideMarkdown';
import {docPath} from '../../../src/plugins/llmsTxt/sidebarPages';
import {guidePageMarkdown} from '../../../sandbox/program/guideSearch';

/**
 * The docs pages the sandbox file carries for its MCP server are rendered from the MDX sources
 * (src/plugins/llmsTxt/guideMarkdown.ts); the site's `.md` pages are converted from the built HTML. Both must
 * say the same page: the same headings in the same order, the same tables with the same rows, and
 * anchors that exist on the built page. (The downloads table leaves its Size column out in the file,
 * which cannot state its own size: rows are compared, not cells.)
 */

const projectRoot = path.resolve(__dirname, '../../..');
const pages = guideMarkdownPages(Contract.load(projectRoot), provider.portalUrl);
const plain = (heading: string) => heading.replace(/\\(.)/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '').trim();
const headings = (markdown: string) => [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => plain(match[1]));

/** Each Markdown table's row count (header included), in page order; code blocks are skipped. */
function tableRows(markdown: string): number[] {
  const rows: number[] = [];
  let inTable = false;
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    if (line.startsWith('|') && !/^\|\s*:?-+/.test(line)) {
      rows[inTable ? rows.length - 1 : rows.length] = (inTable ? rows.at(-1)! : 0) + 1;
      inTable = true;
    } else if (!line.startsWith('|')) {
      inTable = false;
    }
  }
  return rows;
}

test('every docs page of the sidebar is carried, with the site’s headings, tables and anchors', () => {
  expect(pages.map((page) => page.id)).toContain('guides/pickups');
  for (const page of pages) {
    const site = readFileSync(path.join(projectRoot, 'build', `${docPath(page.id)}.md`), 'utf8');
    const carried = guidePageMarkdown(page);
    expect(headings(carried), page.id).toEqual(headings(site));
    expect(tableRows(carried), page.id).toEqual(tableRows(site));
    // No MDX left in the prose: no component tag, no import or export (code blocks may hold both).
    expect(carried.replace(/^```[\s\S]*?^```/gm, ''), page.id).not.toMatch(/<[A-Z][A-Za-z]+[\s/>]|^import |^export /m);
    const html = readFileSync(path.join(projectRoot, 'build', docPath(page.id), 'index.html'), 'utf8');
    // A section starts at a heading, or at a call's collapsed Open questions block, whose anchor is the block's own.
    const ids = new Set([...html.matchAll(/<(?:h[1-6]|details)[^>]* id="?([^" >]+)/g)].map((match) => match[1]));
    for (const section of page.sections.slice(1)) {
      expect(ids.has(section.anchor), `${page.id}#${section.anchor}`).toBe(true);
    }
  }
});

test('a page’s expressions read the provider settings, as the site shows them', () => {
  const gettingStarted = guidePageMarkdown(pages.find((page) => page.id === 'guides/getting-started')!);
  expect(gettingStarted).toContain(provider.apiServers.production);
  expect(gettingStarted).not.toMatch(/\{(provider|localSandboxUrl)[^}]*\}/);
});
