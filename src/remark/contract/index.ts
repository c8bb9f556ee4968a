/**
 * A remark plugin that renders the contract components of the docs (`<SchemaFields>`, `<EnumValues>`,
 * `<CodeSamples>`… see renderers/, one file per group of components) from the bundled OpenAPI description at build time. A component
 * that names a schema or operation the description lacks fails the build, naming the page.
 */
import path from 'node:path';
import {toString as mdastText} from 'mdast-util-to-string';

import type {OutputTarget} from '../../../contract/outputs';
import {Contract} from './contract';
import {newPageState, renderers, type PageState} from './renderers';
import {jsx, paragraph, type Node} from './mdast';

type JsxNode = Node & {name?: string; attributes?: {type: string; name: string; value?: unknown}[]};
type File = {path?: string; history?: string[]};

const projectRoot = path.resolve(__dirname, '../../..');
const phrasing = new Set(['text', 'inlineCode', 'link', 'strong', 'emphasis']);

/**
 * Replaces each contract component in `node`'s tree with what its renderer returns. Also used outside
 * the build, by the guides' Markdown for the sandbox file (src/plugins/llmsTxt/guideMarkdown.ts).
 */
export function expandContractComponents(contract: Contract, node: Node, file: File, page: PageState): void {
  const children = node.children;
  if (!children) {
    return;
  }
  if (node.type === 'root') {
    readPage(node, page);
  }
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as JsxNode;
    if (child.type === 'heading' && typeof child.depth === 'number') {
      page.headingDepth = child.depth;
      page.lastHeading = mdastText(child);
    }
    const isJsx = child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement';
    const render = isJsx && child.name ? renderers[child.name] : undefined;
    if (!render) {
      expandContractComponents(contract, child, file, page);
      continue;
    }
    const props = Object.fromEntries((child.attributes ?? []).map((attribute) => [attribute.name, typeof attribute.value === 'string' ? attribute.value : undefined]));
    if (props.operation && !page.callHeadingDepths.has(props.operation)) page.callHeadingDepths.set(props.operation, page.headingDepth);
    let replacement: Node[];
    try {
      replacement = render(contract, props, page);
    } catch (error) {
      const where = path.relative(projectRoot, file.path ?? file.history?.[0] ?? 'unknown file');
      throw new Error(`${where}: <${child.name}>: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Inline components stay inline (unwrap a lone paragraph); block ones get a paragraph around text.
    if (child.type === 'mdxJsxTextElement' && replacement.length === 1 && replacement[0].type === 'paragraph') {
      replacement = replacement[0].children ?? [];
    } else if (child.type === 'mdxJsxFlowElement') {
      const blocks = replacement.every((part) => phrasing.has(part.type)) ? [paragraph(...replacement)] : replacement;
      // Marks what came from the contract, and from which call, for readers' tools and for the tests
      // that check it; the page's Markdown reads a call's code samples from it (src/plugins/llmsTxt).
      replacement = [jsx('div', {'data-contract': child.name!, ...(props.operation ? {'data-operation': props.operation} : {})}, blocks)];
    }
    // What a component renders keeps its place in the page's source: a check of its links names that line.
    for (const part of replacement) part.position ??= child.position;
    children.splice(index, 1, ...replacement);
    index += replacement.length - 1;
  }
  if (node.type === 'root') {
    joinAdjacentMarks(node);
  }
}

const markAttribute = (mark: JsxNode, name: string) => mark.attributes?.find((attribute) => attribute.name === name)?.value;
const isMark = (node: Node | undefined): node is JsxNode => (node as JsxNode | undefined)?.name === 'PortalAssumption';
/** A "Portal assumption" mark that names nothing open ("type", not "type; Open: format"), so another can join it. */
const joinable = (mark: JsxNode) => markAttribute(mark, 'label') === 'Portal assumption' && !String(markAttribute(mark, 'aspects') ?? '').includes(';');

/**
 * Two "Portal assumption" marks side by side, with only a space between them (a limit the pickup request
 * borrows, and the unit the portal reads it in; the generic 400's calls, and its body), read as one: the
 * second says "continues" and shows "+" after the first (src/components/PortalAssumption). The join is
 * by position, not by fact. Each mark keeps its own question and row, and its full name for a screen
 * reader.
 */
export function joinAdjacentMarks(node: Node): void {
  const children = node.children ?? [];
  for (let index = 2; index < children.length; index++) {
    const [before, gap, mark] = [children[index - 2], children[index - 1], children[index]];
    if (isMark(before) && gap.type === 'text' && /^\s+$/.test(gap.value ?? '') && isMark(mark) && joinable(before) && joinable(mark)) {
      mark.attributes = [...(mark.attributes ?? []), {type: 'mdxJsxAttribute', name: 'continues', value: null}];
    }
  }
  children.forEach(joinAdjacentMarks);
}

/**
 * What a component must know of the whole page before the first one renders: a call's error answers
 * leave out the ones `<CommonErrors />` says once for the page, wherever on the page that block is.
 */
function readPage(node: Node, page: PageState): void {
  const element = node as JsxNode;
  if (element.name === 'ErrorResponses') {
    const operation = element.attributes?.find((attribute) => attribute.name === 'operation')?.value;
    if (typeof operation === 'string') page.errorCalls.push(operation);
  }
  if (element.name === 'CommonErrors') {
    page.hasCommonErrors = true;
  }
  for (const child of node.children ?? []) readPage(child, page);
}

export type RemarkContractOptions = {
  /** Whose published contract the pages render: the preview's or the build's (contract/outputs.ts). */
  target: OutputTarget;
};

export default function remarkContract({target}: RemarkContractOptions) {
  // Read per page, from the contract as last published: in the preview, src/plugins/contract publishes
  // again after each edit of openapi/ and has every page that renders the contract compiled again.
  return (tree: Node, file: File) => {
    expandContractComponents(Contract.current(projectRoot, target), tree, file, newPageState());
  };
}
