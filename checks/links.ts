/**
 * Links and anchors of the docs, checked from their MDX sources and the contract, without a build
 * (the build's own check, src/linkCheck, reads the built pages and stays the last word). Each
 * docs page is rendered as the site renders it (renderedDocs.ts), and every link in it is resolved
 * against the site's routes and the target page's anchors. A link written by a contract component is
 * reported at the component's line.
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';

import {readReleases} from '../contract/releases/releases';
import {changelogRoute} from '../contract/releases/changelog';
import {downloads} from '../src/downloads';
import {filesBesidePages} from '../src/linkCheck';
import {redocAnchor, type Operation} from '../src/remark/contract/contract';
import type {Node} from '../src/remark/contract/mdast';
import type {RenderedDoc} from './renderedDocs';

export type LinkProblem = {file: string; line: number; href: string; kind: 'path' | 'anchor'};

type JsxNode = Node & {name?: string; attributes?: {name: string; value?: unknown}[]; position?: {start: {line: number}}};

/** `/api/`'s anchors, as Redoc writes them: each operation, each tag and each heading of the introduction. */
function apiAnchors(document: {info: {description?: string}; tags?: {name: string}[]; paths: Record<string, Record<string, Operation>>}): Set<string> {
  const hyphenated = (name: string) => name.replace(/\s+/g, '-');
  return new Set([
    ...Object.values(document.paths).flatMap((item) => Object.values(item).filter((operation) => operation?.operationId).map((operation) => redocAnchor(operation))),
    ...(document.tags ?? []).map((tag) => `tag/${hyphenated(tag.name)}`),
    ...[...(document.info.description ?? '').matchAll(/^#{1,2} (.+)$/gm)].map((match) => `section/${hyphenated(match[1].trim())}`),
  ]);
}

/** The files the site serves that a page may link to: static/, the downloads and what the build writes beside the pages. */
function servedFiles(projectRoot: string): Set<string> {
  const folder = path.join(projectRoot, 'static');
  const own = existsSync(folder)
    ? readdirSync(folder, {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    : [];
  return new Set([...own, ...downloads.map((download) => download.sitePath), ...filesBesidePages, '/sitemap.xml']);
}

/** Ids of a rendered page: its headings' and any element's own `id`. */
function anchorsOf(nodes: readonly Node[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    const id = (node.data as {hProperties?: {id?: string}} | undefined)?.hProperties?.id;
    if (id) found.add(id);
    for (const attribute of (node as JsxNode).attributes ?? []) {
      if (attribute.name === 'id' && typeof attribute.value === 'string') found.add(attribute.value);
    }
    anchorsOf(node.children ?? [], found);
  }
  return found;
}

/** Every link of a rendered page, with the source line it is written on (or its component's). */
function linksOf(nodes: readonly Node[], line = 1, found: {href: string; line: number}[] = []): {href: string; line: number}[] {
  for (const node of nodes) {
    const here = (node as JsxNode).position?.start.line ?? line;
    if (node.type === 'link' && typeof node.url === 'string') found.push({href: node.url, line: here});
    for (const attribute of (node as JsxNode).attributes ?? []) {
      if ((attribute.name === 'href' || attribute.name === 'to') && typeof attribute.value === 'string') found.push({href: attribute.value, line: here});
    }
    linksOf(node.children ?? [], here, found);
  }
  return found;
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function linkProblems(projectRoot: string, pages: readonly RenderedDoc[], document: Parameters<typeof apiAnchors>[0]): LinkProblem[] {
  const anchors = new Map<string, Set<string>>(pages.map((page) => [page.route.replace(/\/$/, '') || '/', anchorsOf(page.children)]));
  anchors.set('/api', apiAnchors(document));
  // The site's other pages (src/pages, the Changelog and its releases, search): their paths, not their anchors.
  const otherPages = new Set(['/', '/markdown-page', '/search', '/docs', changelogRoute, ...readReleases(projectRoot).map((release) => `${changelogRoute}/${release.version}`)]);
  const files = servedFiles(projectRoot);
  const problems: LinkProblem[] = [];
  for (const page of pages) {
    const base = new URL(page.route, 'http://site.invalid');
    for (const {href, line} of linksOf(page.children)) {
      if (!href || external.test(href.replace(/^pathname:\/\//, '')) || href.startsWith('mailto:')) continue;
      const url = new URL(href.replace(/^pathname:\/\//, ''), base);
      const target = decodeURI(url.pathname).replace(/\/$/, '') || '/';
      const isPage = anchors.has(target) || otherPages.has(target) || (target.endsWith('.md') && anchors.has(target.slice(0, -'.md'.length)));
      if (!isPage && !files.has(target)) {
        problems.push({file: page.file, line, href, kind: 'path'});
      } else if (url.hash.length > 1 && anchors.has(target) && !anchors.get(target)!.has(decodeURIComponent(url.hash.slice(1)))) {
        problems.push({file: page.file, line, href, kind: 'anchor'});
      }
    }
  }
  return problems;
}

export const formatLinkProblem = ({file, line, href, kind}: LinkProblem) =>
  `${file}:${line}: ${href}: ${kind === 'path' ? 'no page or file has this path; point it at a page that exists (its path as the site serves it)' : 'the page has no such anchor; use a heading id the target page has (the part after # in its address bar)'}`;
