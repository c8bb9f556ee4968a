/**
 * A rehype step for @signalwire/docusaurus-plugin-llms-txt, run on a built page's article before it
 * becomes Markdown: what a reader of the HTML operates (Try it, the copy buttons, the headings' `#`
 * links) is left out, and what the HTML shows by layout is said in words, so the Markdown reads as the
 * page does:
 *
 * - the code sample tabs become one block per language, each under its label (`curl`, `JavaScript`…),
 *   and every code block keeps its language, which Docusaurus puts on `<pre>`, not on `<code>`; a
 *   call's samples (`<CodeSamples>`) come from the contract, as the page's do, since its HTML holds
 *   only the tab shown;
 * - the Portal assumption tag becomes emphasis (`*Portal assumption*`), the label the page shows;
 * - a code block's lines (one element each) become lines of text;
 * - an admonition becomes a quotation under its title in bold.
 */
import path from 'node:path';

import {Contract, guideCodeSamples} from '../../remark/contract/contract';
import {markLinkSuffix} from '../../../contract/openQuestions/rows';

type Element = {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
};
type Text = {type: 'text'; value: string};
type HastNode = {type: string; children?: HastNode[]; value?: string};

const isElement = (node: HastNode): node is Element => node.type === 'element';
const isComment = (node: HastNode) => node.type === 'comment';
const classesOf = (node: Element): string[] => {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
};
const hasClass = (node: Element, name: string) => classesOf(node).includes(name);
const element = (tagName: string, children: HastNode[], properties: Record<string, unknown> = {}): Element => ({type: 'element', tagName, properties, children});
const text = (value: string): Text => ({type: 'text', value});

/** What a reader operates rather than reads. */
function isControl(node: Element): boolean {
  return (
    node.tagName === 'button' ||
    node.tagName === 'svg' ||
    hasClass(node, 'hash-link') ||
    // The Try it button itself; the sandbox values beside it, in the same renderer's wrapper, are read.
    node.properties.dataTryIt !== undefined ||
    node.properties.dataCopyPage !== undefined
  );
}

function textOf(node: HastNode): string {
  if (node.type === 'text') {
    return node.value ?? '';
  }
  return (node.children ?? []).map(textOf).join('');
}

function findAll(node: HastNode, test: (candidate: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of node.children ?? []) {
    if (isElement(child)) {
      if (test(child)) {
        found.push(child);
      } else {
        findAll(child, test, found);
      }
    }
  }
  return found;
}

/** `<pre class="language-js"><code><div class="token-line">…</div>…` → `<pre><code class="language-js">` with its lines as text. */
function plainCodeBlock(pre: Element): Element {
  const language = classesOf(pre).find((name) => name.startsWith('language-'));
  const code = findAll(pre, (candidate) => candidate.tagName === 'code')[0];
  const lines = code ? findAll(code, (candidate) => hasClass(candidate, 'token-line')) : [];
  const value = lines.length > 0 ? lines.map(textOf).join('\n') : textOf(code ?? pre);
  return element('pre', [element('code', [text(value.replace(/\n+$/, ''))], language ? {className: [language]} : {})]);
}

/** Docusaurus tabs: every panel, in order, under its tab's label. */
function unfoldedTabs(container: Element): HastNode[] {
  const labels = findAll(container, (candidate) => candidate.properties.role === 'tab').map(textOf);
  const panels = findAll(container, (candidate) => candidate.properties.role === 'tabpanel');
  return panels.flatMap((panel, index) => [element('p', [element('strong', [text(labels[index] ?? `Tab ${index + 1}`)])]), ...panel.children]);
}

const projectRoot = path.resolve(__dirname, '../../..');

/** Every code sample of a call, each under its tab's label, as `unfoldedTabs` gives a page's tabs. */
function contractCodeSamples(contract: Contract, operationId: string): Element[] {
  return guideCodeSamples(contract.operation(operationId).operation).flatMap(({label, fence, source}) => [
    element('p', [element('strong', [text(label)])]),
    element('pre', [element('code', [text(source.replace(/\n+$/, ''))], {className: [`language-${fence}`]})]),
  ]);
}

function rewrite(node: HastNode, contract: () => Contract): void {
  const children = node.children;
  if (!children) {
    return;
  }
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    // React's text separators (`<!-- -->`) would come out as raw HTML.
    if (isComment(child)) {
      children.splice(index, 1);
      index--;
      continue;
    }
    if (!isElement(child)) {
      continue;
    }
    let replacement: HastNode[] | undefined;
    if (isControl(child)) {
      replacement = [];
    } else if (child.properties.dataContract === 'CodeSamples') {
      replacement = contractCodeSamples(contract(), String(child.properties.dataOperation));
    } else if (hasClass(child, 'theme-tabs-container')) {
      // The panels hold code blocks of their own: rewritten before they take the tabs' place.
      const unfolded = element('div', unfoldedTabs(child));
      rewrite(unfolded, contract);
      replacement = unfolded.children;
    } else if (child.tagName === 'pre') {
      replacement = [plainCodeBlock(child)];
    } else if (hasClass(child, 'theme-admonition')) {
      const [title, content] = findAll(child, (candidate) => /^admonition(Heading|Content)/.test(classesOf(candidate).join(' ')));
      const body = element('div', content ? content.children : []);
      rewrite(body, contract);
      replacement = [element('blockquote', [element('p', [element('strong', [text(title ? textOf(title).trim() : '')])]), ...body.children])];
    } else if (hasClass(child, 'portal-assumption')) {
      // A mark on a field's fact says what it bends, as its name does: "Portal assumption: type".
      const label = String(child.properties.ariaLabel ?? '');
      const name = label.endsWith(markLinkSuffix) ? label.slice(0, -markLinkSuffix.length) : '';
      replacement = [element('em', [text(name || textOf(child))], child.properties.dataContinues !== undefined ? {dataContinues: true} : {})];
    } else if (child.tagName === 'details' && hasClass(child, 'open-questions')) {
      // A call's collapsed Open questions block: in Markdown, where nothing collapses, its one line is a
      // heading of the depth it names, with the block's anchor.
      const [summary, ...rest] = child.children.filter(isElement);
      const body = element('div', summary ? rest : child.children);
      rewrite(body, contract);
      const depth = Math.min(Math.max(Number(summary?.properties.dataHeadingDepth) || 4, 2), 6);
      // Its words, and a mark in it named as everywhere else ("Portal assumption: behaviour").
      if (summary) rewrite(summary, contract);
      replacement = [...(summary ? [element(`h${depth}`, [text(textOf(summary).trim())], {id: child.properties.id})] : []), ...body.children];
    }
    if (replacement) {
      children.splice(index, 1, ...replacement);
      index += replacement.length - 1;
    } else {
      rewrite(child, contract);
    }
  }
  joinContinuedMarks(children);
}

/** The mark's `<em>` that `node` is, or holds alone (the component's wrapper around its link). */
function markOf(node: HastNode | undefined): Element | undefined {
  if (!node || !isElement(node)) return undefined;
  if (node.tagName === 'em') return node;
  const elements = node.children.filter((child) => isElement(child) || textOf(child).trim() !== '');
  return elements.length === 1 ? markOf(elements[0]) : undefined;
}

/**
 * A mark that continues the one before it (src/components/PortalAssumption, `continues`: "+" on the
 * page) joins its words in the Markdown: "*Portal assumption: limits, type, unit*".
 */
function joinContinuedMarks(children: HastNode[]): void {
  for (let index = 2; index < children.length; index++) {
    const [before, gap, mark] = [markOf(children[index - 2]), children[index - 1], markOf(children[index])];
    if (!before || !mark || mark.properties.dataContinues === undefined || gap.type !== 'text' || (gap.value ?? '').trim() !== '') continue;
    const words = textOf(mark).replace(/^\+ /, '').replace(/^[^:]*:\s*/, '');
    before.children = [text(`${textOf(before)}, ${words}`)];
    children.splice(index - 1, 2);
    index -= 2;
  }
}

// Read once a build, by the first page with code samples (the build has bundled it by then): the
// plugin makes a new processor, and so calls this step's attacher, for every page.
let contract: Contract | undefined;
const loadedContract = () => (contract ??= Contract.load(projectRoot));

export default function rehypeReadableMarkdown() {
  return (tree: HastNode) => {
    rewrite(tree, loadedContract);
  };
}
