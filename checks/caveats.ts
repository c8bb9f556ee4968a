/**
 * The caveat measure of contract/caveats.ts, from the docs' sources instead of the built pages: each
 * page rendered as the site renders it (renderedDocs.ts), written as the few
 * elements the measure reads (an article of paragraphs, list items, cells and headings; code left out;
 * the Open questions blocks and the Portal assumption tags kept by their class), then measured the same way.
 */
import {caveatLimits, pageCaveats, percent, type PageCaveats} from '../contract/caveats';
import type {Node} from '../src/remark/contract/mdast';
import type {RenderedDoc} from './renderedDocs';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
// Tables as tables: an HTML parser drops a cell found outside a row.
const blocks: Record<string, string> = {paragraph: 'p', listItem: 'li', table: 'table', tableRow: 'tr', tableCell: 'td', heading: 'h2', blockquote: 'div', list: 'div'};

/** The tree as the HTML the measure reads; only the structure it looks at is kept. */
function asHtml(nodes: readonly Node[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'code' || node.type === 'mdxjsEsm' || node.type === 'yaml') return '';
      if (node.type === 'text' || node.type === 'inlineCode') return escape(String(node.value ?? ''));
      const inner = asHtml(node.children ?? []);
      // A <PortalAssumption /> mark reaches here as its words in emphasis (guideMarkdown.ts), "Portal assumption"
      // or, on a field's fact, "Portal assumption: type", "Open: unit": the mark again, which the measure counts apart.
      if (node.type === 'emphasis' && /^(Portal assumption|Open)(: [a-z ,]+(; Open: [a-z ,]+)?)?$/.test(inner)) return `<span class="portal-assumption">${inner}</span>`;
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const className = ((node.attributes as {name: string; value?: unknown}[] | undefined) ?? []).find((attribute) => attribute.name === 'className')?.value;
        return `<div class="${typeof className === 'string' ? className : ''}">${inner}</div>`;
      }
      const tag = blocks[node.type];
      return tag ? `<${tag}>${inner}</${tag}>` : inner;
    })
    .join('');
}

/** What the limits refuse, page by page and across the docs, each naming the page's file. */
export function caveatProblems(pages: readonly RenderedDoc[]): string[] {
  const measured: (PageCaveats & {file: string})[] = pages.map(({route, file, children}) => ({...pageCaveats(`<article>${asHtml(children)}</article>`, route), file}));
  const judged = measured.filter((page) => !page.route.endsWith('/open-questions'));
  const problems: string[] = [];
  for (const page of judged) {
    const share = percent(page.caveatWords, page.words);
    if (share > caveatLimits.page) problems.push(`${page.file}: caveat sentences are ${share.toFixed(1)}% of its words (limit ${caveatLimits.page}%): say each silence once, in the call's Open questions`);
    for (const [sentence, count] of page.caveatSentences) {
      if (count > 1) problems.push(`${page.file}: a caveat sentence appears ${count} times: ${sentence}`);
    }
  }
  const words = judged.reduce((sum, page) => sum + page.words, 0);
  const caveat = judged.reduce((sum, page) => sum + page.caveatWords, 0);
  if (percent(caveat, words) > caveatLimits.docs) problems.push(`docs/: caveat sentences are ${percent(caveat, words).toFixed(1)}% of the docs' words (limit ${caveatLimits.docs}%)`);
  return problems;
}
