/** Small builders for the Markdown syntax tree the renderers return. */
export type Node = {type: string; value?: string; children?: Node[]; [key: string]: unknown};

export const text = (value: string): Node => ({type: 'text', value});
export const inlineCode = (value: string): Node => ({type: 'inlineCode', value});
export const strong = (...children: Node[]): Node => ({type: 'strong', children});
export const emphasis = (...children: Node[]): Node => ({type: 'emphasis', children});
export const paragraph = (...children: Node[]): Node => ({type: 'paragraph', children});
export const link = (url: string, ...children: Node[]): Node => ({type: 'link', url, children});
export const code = (lang: string, value: string): Node => ({type: 'code', lang, value});
export const list = (items: Node[][]): Node => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children) => ({type: 'listItem', spread: false, children: [paragraph(...children)]})),
});

export function table(header: string[], rows: Node[][][]): Node {
  const row = (cells: Node[][]): Node => ({type: 'tableRow', children: cells.map((children) => ({type: 'tableCell', children}))});
  return {type: 'table', align: header.map(() => null), children: [row(header.map((title) => [text(title)])), ...rows.map(row)]};
}

/** An MDX element; an attribute set to `true` is written bare, as `<Tabs lazy>` (mdast-util-mdx-jsx: value null). */
export function jsx(name: string, attributes: Record<string, string | true>, children: Node[]): Node {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([attribute, value]) => ({type: 'mdxJsxAttribute', name: attribute, value: value === true ? null : value})),
    children,
  };
}

/**
 * Inline Markdown of a description: `code` spans become code, **bold** runs bold, [links](url) links
 * (in *emphasis* when wrapped in it, as the contract's open-question markers are), the rest stays text.
 */
export function inlineMarkdown(markdown: string | undefined): Node[] {
  if (!markdown) {
    return [];
  }
  const flat = markdown.replace(/\s*\n\s*/g, ' ').trim();
  return flat
    .split(/(`[^`]+`|\*\*[^*]+\*\*|\*?\[[^\]]+\]\([^)\s]+\)\*?)/)
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith('`')) {
        return inlineCode(part.slice(1, -1));
      }
      if (part.startsWith('**') && part.length > 4) {
        return strong(text(part.slice(2, -2)));
      }
      const linked = /^(\*?)\[([^\]]+)\]\(([^)\s]+)\)(\*?)$/.exec(part);
      if (linked) {
        const anchor = link(linked[3], text(linked[2]));
        return linked[1] && linked[4] ? emphasis(anchor) : anchor;
      }
      return text(part);
    });
}
