/**
 * Links each operation of the contract back to the guide that documents it. The guides are the source
 * of truth: a page documents an operation where it places `<OperationSummary operation="…" />`, and the
 * operation's `externalDocs` points at the heading above that line. Redoc shows the link under the
 * operation's description.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createSlugger} from '@docusaurus/utils';

import {docsPages} from './docsPages';
import {httpMethods, type OpenApiDocument} from './codeSamples';

export type GuideSection = {url: string; title: string};

/** The route Docusaurus gives a docs file (no `slug` front matter is used in this project). */
function docUrl(docsDirectory: string, file: string): string {
  const relative = path.relative(docsDirectory, file).replace(/\.mdx?$/, '').split(path.sep).join('/');
  const route = relative.endsWith('/index') ? `${relative.slice(0, -'index'.length)}` : relative;
  return encodeURI(`/docs/${route}`);
}

type Claim = GuideSection & {file: string; home: boolean};

/**
 * Maps operationId to the guide section that holds its `<OperationSummary>`: the operation's one home,
 * which /api/'s "Guide:" link names. A second page may show the same call (a tutorial, an overview), but
 * then one of them says `home`; otherwise the first page found would win silently, and moving a file
 * would move the link. Two claims without one `home`, or two `home`s, fail with both files named.
 */
export function findGuideSections(docsDirectory: string): Map<string, GuideSection> {
  const claims = new Map<string, Claim[]>();
  for (const file of docsPages(docsDirectory)) {
    const source = readFileSync(file, 'utf8');
    const pageTitle = source.match(/^title:\s*(.+)$/m)?.[1].trim() ?? path.basename(file);
    const slugger = createSlugger();
    let heading: {id: string; text: string} | undefined;
    let inFence = false;
    for (const line of source.split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        continue;
      }
      if (inFence) {
        continue;
      }
      const headingMatch = line.match(/^#{2,6}\s+(.+?)\s*$/);
      if (headingMatch) {
        const [, raw] = headingMatch;
        const explicit = raw.match(/\{#([^}]+)\}$/);
        const text = raw.replace(/\s*\{#[^}]+\}$/, '').replace(/`/g, '');
        heading = {id: explicit ? explicit[1] : slugger.slug(text), text};
        continue;
      }
      for (const [tag, operationId] of line.matchAll(/<OperationSummary\s+operation="([^"]+)"[^>]*>/g)) {
        const anchor = heading ? `#${heading.id}` : '';
        const claim: Claim = {
          url: `${docUrl(docsDirectory, file)}${anchor}`,
          title: heading ? `${pageTitle}: ${heading.text}` : pageTitle,
          file: path.relative(path.dirname(docsDirectory), file),
          home: /\shome(\s|=|\/|>)/.test(tag),
        };
        claims.set(operationId, [...(claims.get(operationId) ?? []), claim]);
      }
    }
  }
  const sections = new Map<string, GuideSection>();
  for (const [operationId, found] of claims) {
    const homes = found.filter((claim) => claim.home);
    if (found.length > 1 && homes.length !== 1) {
      const files = found.map((claim) => `${claim.file}${claim.home ? ' (home)' : ''}`).join(' and ');
      throw new Error(
        `<OperationSummary operation="${operationId}"> appears on ${files}. ` +
          (homes.length === 0
            ? `Add home to the one that documents the call (<OperationSummary operation="${operationId}" home />); /api/ links to it.`
            : 'Keep home on one of them only.'),
      );
    }
    const [home] = homes.length === 1 ? homes : found;
    sections.set(operationId, {url: home.url, title: home.title});
  }
  return sections;
}

export function addGuideLinks(document: OpenApiDocument, docsDirectory: string): OpenApiDocument {
  const sections = findGuideSections(docsDirectory);
  for (const pathItem of Object.values(document.paths)) {
    for (const method of httpMethods) {
      const operation = pathItem[method] as (typeof pathItem)[string] & {externalDocs?: object};
      const section = operation && sections.get(operation.operationId);
      if (section) {
        operation.externalDocs = {description: `Guide: ${section.title}`, url: section.url};
      }
    }
  }
  return document;
}
