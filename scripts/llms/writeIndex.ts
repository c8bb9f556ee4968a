/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org), written after `docusaurus build` (`npm run build`'s
 * postbuild step), in the sidebar's order, from the Markdown pages the build wrote:
 *
 * - each docs page, converted from its built HTML by @signalwire/docusaurus-plugin-llms-txt
 *   (src/plugins/llmsTxt), at its own path with `.md` (`/docs/guides/pickups.md`);
 * - each call of the API reference, rendered from the contract by the bundle step
 *   (`/api/operations/<operationId>.md`, src/plugins/llmsTxt/operationMarkdown.ts).
 *
 * And `/api.md`, the reference's introduction with a link to each call's page (`apiMarkdown`).
 *
 * The plugin writes an llms.txt of its own, grouped by URL: ours replaces it, because the sidebar puts
 * Guides and Reference pages side by side under one folder. A page of the sidebar without its Markdown
 * fails the build, naming the page.
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {portalTitle, provider} from '../../src/settings/provider';
import {openMarker} from '../../contract/openQuestions/markers';
import {Contract} from '../../src/remark/contract/contract';
import {operationMarkdownUrl} from '../../src/plugins/llmsTxt/operationMarkdown';
import {docMarkdownUrl, docPath, sidebarSections} from '../../src/plugins/llmsTxt/sidebarPages';
import {withoutReaderIndexesVariable, withReaderIndexes} from '../../src/plugins/llmsTxt/readerIndexes';

const projectRoot = path.resolve(__dirname, '../..');

export type IndexEntry = {title: string; url: string; description: string; file: string};
export type IndexSection = {title: string; entries: IndexEntry[]};

function htmlDescription(buildDir: string, sitePath: string): string {
  const html = readFileSync(path.join(buildDir, sitePath, 'index.html'), 'utf8');
  const description = html.match(/<meta[^>]* name="?description"?[^>]* content="([^"]*)"/)?.[1] ?? '';
  return description.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

function docEntry(buildDir: string, id: string): IndexEntry {
  const sitePath = docPath(id);
  const file = path.join(buildDir, `${sitePath}.md`);
  if (!existsSync(file)) {
    throw new Error(`llms.txt: the docs page ${sitePath} (doc ${id}) has no Markdown at ${path.relative(projectRoot, file)}; is @signalwire/docusaurus-plugin-llms-txt in docusaurus.config.ts?`);
  }
  const title = readFileSync(file, 'utf8').match(/^# (.+)$/m)?.[1] ?? id;
  return {title, url: docMarkdownUrl(id), description: htmlDescription(buildDir, sitePath), file};
}

/** The sidebar's categories in order, each with its docs; a doc outside a category gets its own section. */
export function indexSections(buildDir: string): IndexSection[] {
  const sections: IndexSection[] = sidebarSections().map((section) => {
    const entries = section.docs.map(({id, label}) => {
      const entry = docEntry(buildDir, id);
      return label ? {...entry, title: label} : entry;
    });
    return {title: section.title ?? entries[0].title, entries};
  });
  const contract = Contract.load(projectRoot);
  sections.push({
    title: 'API reference',
    entries: contract.operations().map(({method, path: route, operation}) => ({
      title: `${operation.summary} (${method.toUpperCase()} ${route})`,
      url: operationMarkdownUrl(operation.operationId),
      // The carrier's words with each mark where it sits, named as in the Markdown pages
      // ("*Portal assumption: status*"), without its link: a summary without them read as the carrier's.
      description: operation.description
        .split(/\n\s*\n/)[0]
        .replace(openMarker, (marker) => ` ${marker.trim().replace(/\*\[([^\]]*)\]\([^)]*\)\*/, '*$1*')}`)
        .replace(/\s+/g, ' ')
        .trim(),
      file: path.join(buildDir, operationMarkdownUrl(operation.operationId)),
    })),
  });
  return sections;
}

const summary =
  `The developer portal of ${provider.name}, a less-than-truckload freight carrier: how to call its APIs for ` +
  'authentication, warehouse shipments and receipts, inventory, distribution plans, pickups, tracking, BOL with pickup, ' +
  'documents, rate quotes, agent probill handling and transit ETA. Every call takes a bearer token but the token call and ' +
  "`GET /documents/probill`, which carry no bearer requirement in the carrier's specification. Where the carrier's specification is silent, the pages say what this portal " +
  'assumes, under the label "Portal assumption", and list it in Open questions for the carrier.';

export function llmsTxt(sections: IndexSection[]): string {
  const absolute = (url: string) => `${provider.portalUrl}${url}`;
  return [
    `# ${portalTitle}`,
    '',
    `> ${summary}`,
    '',
    'Each link is the Markdown of a page of the portal. A local sandbox that follows the contract is one file for Node 20+: ' +
      `[carrier-sandbox.mjs](${absolute('/downloads/carrier-sandbox.mjs')}).`,
    '',
    ...sections.flatMap((section) => [
      `## ${section.title}`,
      '',
      ...section.entries.map((entry) => `- [${entry.title}](${absolute(entry.url)})${entry.description ? `: ${entry.description}` : ''}`),
      '',
    ]),
    '## Optional',
    '',
    `- [API reference](${absolute('/api.md')}): its introduction, and every call with a link to its page`,
    `- [OpenAPI description](${absolute('/openapi.json')}): the contract every page is rendered from`,
    `- [Changelog](${absolute('/changelog')}): every release of the contract`,
    `- [Every page in one file](${absolute('/llms-full.txt')})`,
    '',
  ].join('\n');
}

/**
 * `/api.md`, the API reference as Markdown: the reference's introduction (the contract's own, with its
 * links to the portal) and every call with its Markdown page, in the reference's order. Each call's page
 * holds its parameters, fields, samples, answers and open questions.
 */
export function apiMarkdown(contract: Contract): string {
  const info = (contract.raw as unknown as {info: {title: string; description: string; contact?: {name?: string; email?: string; url?: string}}}).info;
  const absolute = (url: string) => `${provider.portalUrl}${url}`;
  // The guides send readers to "the contact on the API reference page"; Redoc shows it from
  // info.contact, so the Markdown twin gives the same words.
  const {name, email, url} = info.contact ?? {};
  const contact = [email && `[${email}](mailto:${email})`, url && `<${url}>`].filter(Boolean).join(', ');
  return [
    `# ${info.title}: API reference`,
    '',
    info.description.trim(),
    '',
    ...(name || contact ? ['## Contact', '', [name, contact].filter(Boolean).join(': '), ''] : []),
    '## Calls',
    '',
    ...contract.operations().map(({method, path: route, operation}) => `- [${operation.summary}](${absolute(operationMarkdownUrl(operation.operationId))}): \`${method.toUpperCase()} ${route}\``),
    '',
  ].join('\n');
}

export function llmsFullTxt(sections: IndexSection[]): string {
  const pages = sections.flatMap((section) => section.entries).map((entry) => `<!-- ${provider.portalUrl}${entry.url} -->\n\n${readFileSync(entry.file, 'utf8').trim()}\n`);
  return [`# ${portalTitle}\n\n> ${summary}\n`, ...pages].join('\n---\n\n');
}

if (require.main === module) {
  if (!withReaderIndexes()) {
    console.log(`llms: no build/llms.txt: ${withoutReaderIndexesVariable} is set, so the build wrote no Markdown pages`);
  } else {
    const buildDir = path.join(projectRoot, 'build');
    const sections = indexSections(buildDir);
    writeFileSync(path.join(buildDir, 'llms.txt'), llmsTxt(sections));
    writeFileSync(path.join(buildDir, 'llms-full.txt'), llmsFullTxt(sections));
    writeFileSync(path.join(buildDir, 'api.md'), apiMarkdown(Contract.load(projectRoot)));
    const count = sections.reduce((total, section) => total + section.entries.length, 0);
    console.log(`llms: wrote build/llms.txt, build/llms-full.txt (${count} pages) and build/api.md`);
  }
}
