/**
 * A rehype plugin for every table of the docs, authored in Markdown or rendered from the contract: a
 * table too wide for its column reads as a list of rows instead of scrolling sideways (src/css/custom.css,
 * "Tables that become lists"). For that, each body cell carries its column's heading
 * (`data-label`), which the stacked layout shows above the value, and the table its number of
 * columns (`data-columns`), which sets the column width below which it stacks; each cell's content
 * is one box, so that the heading can stand beside it.
 *
 * Each part also carries its table role: a browser may drop a table's semantics once CSS changes its
 * `display`, and the roles keep the rows, cells and column headings for screen readers at any width.
 */

/** The little of hast (the HTML syntax tree MDX hands to rehype plugins) that this plugin reads. */
type Node = {type: string; value?: string; children?: Node[]};
type Element = Node & {type: 'element'; tagName: string; properties?: Record<string, unknown>; children: Node[]};

const isElement = (node: Node): node is Element => node.type === 'element';
const elements = (children: Node[] = []): Element[] => children.filter(isElement);
const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');

/** Calls `visitor` on every element under `node`, itself included. */
function eachElement(node: Node, visitor: (element: Element) => void): void {
  if (isElement(node)) visitor(node);
  for (const child of node.children ?? []) eachElement(child, visitor);
}

const rolesByTag: Record<string, string> = {thead: 'rowgroup', tbody: 'rowgroup', tr: 'row', th: 'columnheader', td: 'cell'};

function rowsOf(table: Element): Element[] {
  return elements(table.children).flatMap((part) => (part.tagName === 'tr' ? [part] : elements(part.children).filter((row) => row.tagName === 'tr')));
}

/** Labels the cells of `table` with their column's heading, and gives each part its table role. */
function labelCells(table: Element): void {
  const [headingRow, ...bodyRows] = rowsOf(table);
  if (!headingRow) return;
  const headings = elements(headingRow.children).map((cell) => textOf(cell).trim());
  table.properties = {...table.properties, role: 'table', dataColumns: String(headings.length)};
  eachElement(table, (part) => {
    const role = rolesByTag[part.tagName];
    if (role) part.properties = {...part.properties, role};
  });
  for (const row of bodyRows) {
    elements(row.children).forEach((cell, index) => {
      if (headings[index]) cell.properties = {...cell.properties, dataLabel: headings[index]};
      // One box for the value, so that beside its heading (a grid) the value's words and code still flow as one text.
      cell.children = [{type: 'element', tagName: 'div', properties: {className: ['table-frame__value']}, children: cell.children} as Element];
    });
  }
}

const frameClass = 'table-frame';

export default function rehypeTableCellLabels() {
  return (tree: Node) => {
    // Every node with children, the root and MDX's elements included: a table may sit in any of them.
    const frameTables = (parent: Node): void => {
      if (!parent.children) return;
      parent.children = parent.children.map((child) => {
        if (!isElement(child) || child.tagName !== 'table') {
          frameTables(child);
          return child;
        }
        labelCells(child);
        // The frame is the container whose width the stacked layout queries (a table cannot be one).
        return {type: 'element', tagName: 'div', properties: {className: [frameClass]}, children: [child]} as Element;
      });
    };
    frameTables(tree);
  };
}
