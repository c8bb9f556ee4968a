/**
 * Where a link found on a built page is written in the sources, so the report names the file and line
 * to change rather than the page's URL. A link is looked for as it appears on the page, first in the
 * page's own source, then in every docs page, the site's pages and components, and the contract (a
 * link in a description reaches every page that renders it); then, for a Markdown link Docusaurus
 * turned into a page path, by the last part of the path in the page's own source.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

export type Written = {file: string; line: number};

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"};

/** The values of one attribute in a page's HTML (minified: quoted or not), of one tag when given. */
export function attributeValues(html: string, attribute: string, tag?: string): string[] {
  const pattern = new RegExp(`<${tag ?? '[a-zA-Z][\\w-]*'}\\b[^>]*?\\s${attribute}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'g');
  return [...html.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[3]).replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => entities[name]));
}

const searched = ['docs', 'src/pages', 'src/components', 'src/theme', 'openapi'];

function sourceFiles(siteDir: string): string[] {
  return searched.flatMap((folder) => {
    const full = path.join(siteDir, folder);
    if (!existsSync(full)) return [];
    return readdirSync(full, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile() && /\.(mdx?|tsx?|ya?ml)$/.test(entry.name))
      .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)));
  });
}

/** The docs source of a built docs page (`/docs/guides/pickups` → `docs/guides/pickups.mdx`). */
export function docsSourceOf(siteDir: string, sitePath: string): string | undefined {
  if (!sitePath.startsWith('/docs/')) return undefined;
  const id = decodeURI(sitePath.slice('/docs/'.length));
  return [`${id}.mdx`, `${id}.md`, `${id}/index.mdx`, `${id}/index.md`].map((candidate) => path.join('docs', candidate)).find((candidate) => existsSync(path.join(siteDir, candidate)));
}

function linesWith(siteDir: string, file: string, needle: string): Written[] {
  return readFileSync(path.join(siteDir, file), 'utf8')
    .split('\n')
    .flatMap((text, index) => (text.includes(needle) ? [{file, line: index + 1}] : []));
}

export function findWhereWritten(siteDir: string, href: string, page: string): Written[] {
  const own = docsSourceOf(siteDir, page);
  const files = [...(own ? [own] : []), ...sourceFiles(siteDir).filter((file) => file !== own)];
  for (const needle of [href, href.split('#')[0]].filter((candidate, index, all) => candidate.length > 1 && all.indexOf(candidate) === index)) {
    const hits = files.flatMap((file) => linesWith(siteDir, file, needle));
    if (hits.length > 0) return hits.slice(0, 3);
  }
  // A Markdown link to a file is on the page as a path: its last part is in the page's own source.
  const last = href.split('#')[0].replace(/\/$/, '').split('/').pop();
  if (own && last && last.length > 1) {
    const hits = linesWith(siteDir, own, last);
    if (hits.length > 0) return hits.slice(0, 3);
  }
  const anchor = href.includes('#') ? `#${href.split('#')[1]}` : undefined;
  return own && anchor ? linesWith(siteDir, own, anchor).slice(0, 3) : [];
}
