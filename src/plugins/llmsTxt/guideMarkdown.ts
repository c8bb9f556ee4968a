/**
 * Each docs page as Markdown, rendered from its MDX source, for the guides the sandbox's MCP server
 * searches offline (`search_guides`, sandbox/program/guideSearch.ts).
 *
 * The site's own `.md` pages are converted from the built HTML (src/plugins/llmsTxt), and the built HTML
 * states the sandbox file's size: a sandbox carrying those pages could never state its own size. So
 * the bundle step renders the same MDX sources here, before the build, with the same contract
 * renderers (src/remark/contract) and the same reading of the page's expressions, and leaves only
 * the downloads' sizes out. tests/unit/llms/guideMarkdown.spec.ts holds both renderings to the same
 * headings and table rows.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {toMarkdown} from 'mdast-util-to-markdown';
import {toString} from 'mdast-util-to-string';
import {gfmToMarkdown} from 'mdast-util-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {createSlugger} from '@docusaurus/utils';
import {parse as parseYaml} from 'yaml';

import {Contract} from '../../remark/contract/contract';
import {markName} from '../../../contract/openQuestions/rows';
import {expandContractComponents} from '../../remark/contract/index';
import {emphasis, inlineCode, link, paragraph, strong, text, type Node} from '../../remark/contract/mdast';
import {newPageState} from '../../remark/contract/renderers';
import {joinContinuedMarks, plainMarkdownTree} from './operationMarkdown';
import {docMarkdownUrl, docPath, sidebarSections} from './sidebarPages';

import type {GuidePage} from '../../../sandbox/program/guideSearch';

type JsxAttribute = {type: string; name: string; value?: string | {type: string; value: string} | null};
type JsxNode = Node & {name?: string; attributes?: JsxAttribute[]};

/** Docusaurus' admonition types (`:::note`), and the label each shows when the page gives none. */
const admonitions: Record<string, string> = {note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Caution'};

function fail(file: string, message: string): never {
  throw new Error(`${file}: ${message}`);
}

/**
 * The names a page imports (`import {provider} from '@site/src/settings/provider'`), loaded from the
 * project, so its `{expressions}` read the same values the site shows.
 */
function importedScope(projectRoot: string, file: string, tree: Node): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') {
      continue;
    }
    for (const statement of String(node.value).split(/;?\n(?=import|export)/)) {
      const named = /^import\s*\{([^}]*)\}\s*from\s*'@site\/([^']+)'/.exec(statement.trim());
      if (!named) {
        fail(file, `the guides' Markdown reads only "import {…} from '@site/…'" statements, not: ${statement.trim()}`);
      }
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a page names its module at run time
      const exported = require(path.join(projectRoot, named[2])) as Record<string, unknown>;
      for (const name of named[1].split(',').map((part) => part.trim()).filter(Boolean)) {
        if (!(name in exported)) {
          fail(file, `@site/${named[2]} exports no ${name}`);
        }
        scope[name] = exported[name];
      }
    }
  }
  return scope;
}

function evaluate(file: string, expression: string, scope: Record<string, unknown>): unknown {
  try {
    return new Function(...Object.keys(scope), `return (${expression});`)(...Object.values(scope)) as unknown;
  } catch (error) {
    fail(file, `{${expression}}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Expressions become their text, as the page shows it; attribute expressions become plain values. */
function resolveExpressions(file: string, nodes: Node[], scope: Record<string, unknown>): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (node.type === 'mdxjsEsm' || node.type === 'yaml') {
      return [];
    }
    if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
      const value = evaluate(file, String(node.value), scope);
      if (value === undefined || value === null || value === false || value === '') {
        return [];
      }
      if (typeof value !== 'string' && typeof value !== 'number') {
        fail(file, `{${String(node.value)}} gives a ${typeof value}; the guides' Markdown can show only text here`);
      }
      return [node.type === 'mdxFlowExpression' ? paragraph(text(String(value))) : text(String(value))];
    }
    const element = node as JsxNode;
    const isJsx = node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
    const attributes = (isJsx ? element.attributes : undefined)?.map((attribute) =>
      attribute.value && typeof attribute.value === 'object' ? {...attribute, value: String(evaluate(file, attribute.value.value, scope))} : attribute,
    );
    return [{...node, ...(attributes ? {attributes} : {}), ...(node.children ? {children: resolveExpressions(file, node.children, scope)} : {})}];
  });
}

/**
 * What remark-directive and the page's own tags read as syntax, written as the site shows it: an
 * admonition becomes a quote under its label, a stray `:word` (as in "HH:MM") stays text, and the
 * page's HTML and components become their Markdown.
 */
function siteMarkdownTree(nodes: Node[]): Node[] {
  return joinContinuedMarks(siteMarkdownNodes(nodes));
}

const hasAttribute = (element: {attributes?: JsxAttribute[] | Record<string, string>}, name: string) =>
  Array.isArray(element.attributes) && element.attributes.some((candidate) => candidate.name === name);

function siteMarkdownNodes(nodes: Node[]): Node[] {
  return nodes.flatMap((node): Node[] => {
    const element = node as JsxNode & {name?: string; attributes?: JsxAttribute[] | Record<string, string>};
    const children = node.children ?? [];
    if (node.type === 'containerDirective') {
      const [first, ...rest] = children;
      const labelled = (first?.data as {directiveLabel?: boolean} | undefined)?.directiveLabel === true;
      const label = labelled ? first.children ?? [] : [text(admonitions[element.name!] ?? element.name!)];
      return [{type: 'blockquote', children: [paragraph(strong(...siteMarkdownTree(label))), ...siteMarkdownTree(labelled ? rest : children)]}];
    }
    if (node.type === 'textDirective' || node.type === 'leafDirective') {
      const restored = [text(`:${element.name}`), ...siteMarkdownTree(children)];
      return node.type === 'leafDirective' ? [paragraph(...restored)] : restored;
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const attribute = (name: string) => (element.attributes as JsxAttribute[] | undefined)?.find((candidate) => candidate.name === name)?.value as string | undefined;
      switch (element.name) {
        case 'PortalAssumption':
          // A mark that continues the one before it (src/remark/contract, joinAdjacentMarks) joins its
          // words: "*Portal assumption: limits, type, unit*" (joinContinuedMarks, below).
          return [{...emphasis(text(markName(attribute('label') ?? 'Portal assumption', attribute('aspects')))), ...(hasAttribute(element, 'continues') ? {data: {continuesMark: attribute('aspects')}} : {})}];
        case 'code':
          return [inlineCode(toString(node as never))];
        case 'a':
          return [link(attribute('href') ?? '', ...siteMarkdownTree(children))];
        case 'PortalOriginCode':
          return [{type: 'code', lang: attribute('language'), meta: attribute('title') ? `title="${attribute('title')}"` : null, value: attribute('code') ?? ''}];
      }
    }
    return [node.children ? {...node, children: siteMarkdownTree(children)} : node];
  });
}

/** Heading ids as Docusaurus gives them: the renderers' own, else its slugger's, once per page. */
function headingIds(nodes: Node[], slugger = createSlugger()): void {
  for (const node of nodes) {
    if (node.type === 'heading') {
      const data = (node.data ?? {}) as {hProperties?: {id?: string}};
      node.data = {...data, hProperties: {...data.hProperties, id: data.hProperties?.id ?? slugger.slug(toString(node as never))}};
    }
    headingIds(node.children ?? [], slugger);
  }
}

/**
 * A docs page as the site renders it, from its MDX source: its expressions read, its contract components
 * expanded (each keeps the component's place in the source), admonitions and the page's tags as
 * Markdown, and every heading with the id Docusaurus gives it. The quick check reads its links and
 * anchors here (checks/links.ts), without a build.
 */
export function renderedDocTree(contract: Contract, source: string): {file: string; title: string; children: Node[]} {
  const projectRoot = contract.projectRoot;
  const file = path.relative(projectRoot, source);
  let tree: Node;
  try {
    tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkDirective).use(remarkMdx).use(remarkGfm).parse(readFileSync(source, 'utf8')) as Node;
  } catch (error) {
    fail(file, error instanceof Error ? error.message : String(error));
  }
  const frontMatter = tree.children?.find((node) => node.type === 'yaml');
  const title = (frontMatter ? (parseYaml(String(frontMatter.value)) as {title?: string} | null)?.title : undefined) ??
    toString(tree.children?.find((node) => node.type === 'heading' && node.depth === 1) as never);
  const body: Node = {type: 'root', children: resolveExpressions(file, tree.children ?? [], importedScope(projectRoot, file, tree))};
  expandContractComponents(contract, body, {path: source}, newPageState({withoutFileSizes: true}));
  const children = siteMarkdownTree(body.children ?? []);
  headingIds(children);
  return {file, title, children};
}

export function guideMarkdownPage(contract: Contract, id: string, siteUrl: string): GuidePage {
  const source = ['.mdx', '.md'].map((extension) => path.join(contract.projectRoot, 'docs', `${id}${extension}`)).find((candidate) => existsSync(candidate));
  if (!source) {
    throw new Error(`docs/${id}.mdx: the sidebar lists the doc ${id}, which has no file`);
  }
  const rendered = renderedDocTree(contract, source);
  const title = rendered.title;
  const children = plainMarkdownTree(rendered.children);
  const hasTitle = children[0]?.type === 'heading' && children[0].depth === 1;
  const blocks = hasTitle ? children : [{type: 'heading', depth: 1, children: [text(title)]}, ...children];
  const sections: {heading: string; anchor: string; nodes: Node[]}[] = [];
  for (const node of blocks) {
    if (sections.length === 0 || (node.type === 'heading' && Number(node.depth) <= 3 && node.depth !== 1)) {
      const anchor = sections.length === 0 ? '' : (node.data as {hProperties: {id: string}}).hProperties.id;
      sections.push({heading: sections.length === 0 ? title : toString(node as never), anchor, nodes: []});
    }
    sections.at(-1)!.nodes.push(node);
  }
  const markdownOf = (nodes: Node[]) =>
    toMarkdown({type: 'root', children: nodes} as never, {extensions: [gfmToMarkdown({tablePipeAlign: false})]})
      // Links inside the site (and the renderers' `pathname://` links to files) carry the host: the page travels alone.
      .replace(/\]\((?:pathname:\/\/)?\//g, `](${siteUrl}/`);
  return {
    id,
    title,
    url: `${siteUrl}${encodeURI(docPath(id))}`,
    markdownUrl: `${siteUrl}${docMarkdownUrl(id)}`,
    sections: sections.map((section) => ({heading: section.heading, anchor: section.anchor, markdown: markdownOf(section.nodes)})),
  };
}

/** Every docs page of the sidebar, in its order. */
export function guideMarkdownPages(contract: Contract, siteUrl: string): GuidePage[] {
  return sidebarSections().flatMap((section) => section.docs.map(({id}) => guideMarkdownPage(contract, id, siteUrl)));
}
