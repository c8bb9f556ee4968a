/**
 * Links each operation of the contract back to the guide that documents it. The guides are the source
 * of truth: a page documents an operation where it places `<OperationSummary operation="…" />`, and the
 * operation's `externalDocs` points at the heading above that line. Redoc shows the link under the
 * operation's description.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createSlugger} from '@docusaurus/utils';

import {docsPages} from '../docs/pages';
import {httpMethods, type OpenApiDocument} from './codeSamples';

export type GuideSection = {url: string; title: string};

/** The route Docusaurus gives a docs file (no `slug` front matter is used in this project). */
function docUrl(docsDirectory: string, file: string): string {
  const relative = path.relative(docsDirectory, file).replace(/\.mdx?$/, '').split(path.sep).join('/');
  const route = relative.endsWith('/index') ? `${relative.slice(0, -'index'.length)}` : relative;
  return encodeURI(`/docs/${route}`);
}

/** Maps operationId to the guide section that holds its `<OperationSummary>`. */
export function findGuideSections(docsDirectory: string): Map<string, GuideSection> {
  const sections = new Map<string, GuideSection>();
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
      for (const [, operationId] of line.matchAll(/<OperationSummary\s+operation="([^"]+)"/g)) {
        if (!sections.has(operationId)) {
          const anchor = heading ? `#${heading.id}` : '';
          sections.set(operationId, {url: `${docUrl(docsDirectory, file)}${anchor}`, title: heading ? `${pageTitle}: ${heading.text}` : pageTitle});
        }
      }
    }
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
