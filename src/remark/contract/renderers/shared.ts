/** What every contract component shares: the page's state, the component's attributes, the assumption tag, and the table and list shapes. */

import {Contract} from '../contract';
import {inlineCode, jsx, text, type Node} from '../mdast';
import {openMarker} from '../../../../contract/openQuestions/markers';

export type Props = Record<string, string | undefined>;

/**
 * What the components of one page have rendered so far: a page says each open question once (the
 * first call that reaches it lists it; later calls point back), explains the Required marks once and
 * links the register once.
 */
export type PageState = {
  readonly openQuestionsShown: Map<string, {anchor: string; title: string}>;
  requiredExplained: boolean;
  registerLinked: boolean;
  /** The depth of the last heading before the component: a block's own heading goes one level under it. */
  headingDepth: number;
  /**
   * What the page holds, read before any component renders (index.ts): the calls whose error answers it
   * lists, in order, and whether it has a `<CommonErrors />` block that says their shared ones once.
   */
  errorCalls: string[];
  hasCommonErrors: boolean;
  /** The longer field descriptions the page's field lists have shown: each is said once a page. */
  readonly fieldDescriptionsShown: Set<string>;
  /**
   * Leave the downloads' sizes out. The guides' Markdown that travels inside the sandbox file is
   * rendered before that file exists (src/plugins/llmsTxt/guideMarkdown.ts), and could not state its own size.
   */
  withoutFileSizes?: boolean;
};

export const newPageState = (options: Pick<PageState, 'withoutFileSizes'> = {}): PageState => ({openQuestionsShown: new Map(), requiredExplained: false, registerLinked: false, headingDepth: 1, errorCalls: [], hasCommonErrors: false, fieldDescriptionsShown: new Set(), ...options});

/**
 * A heading with its anchor set here: this plugin runs after Docusaurus gives headings their ids and
 * fills the table of contents, so these stay out of it (a call's Open questions would otherwise
 * crowd the page's contents), and the theme's heading still registers the anchor for link checks.
 */
export function anchoredHeading(depth: number, id: string, ...children: Node[]): Node {
  return {type: 'heading', depth: Math.min(depth, 6), data: {hProperties: {id}}, children};
}

export type Renderer = (contract: Contract, props: Props, page: PageState) => Node[];


/** A description as a guide shows it: the carrier's words, without the /api/ marker. */
export function guideDescription(description: string | undefined): string | undefined {
  return description?.replace(openMarker, '').trim();
}

export function required(props: Props, name: string, component: string): string {
  const value = props[name];
  if (!value) {
    throw new Error(`<${component}> needs a "${name}" attribute`);
  }
  return value;
}

/** `a`, `b` and `c`: field names as inline code, joined as a sentence lists them. */
export function inlineCodeList(names: readonly string[]): Node[] {
  return names.flatMap((name, index) => [...(index === 0 ? [] : [text(index === names.length - 1 ? ' and ' : ', ')]), inlineCode(name)]);
}

/**
 * A table with an accessible name, so that a screen reader's list of tables tells them apart. Its
 * frame and its layout as a list of rows in a narrow column come from src/rehype/tableCellLabels.ts.
 */
export function namedTable(label: string, tableNode: Node): Node {
  return {...tableNode, data: {hProperties: {ariaLabel: label}}};
}

/** The one visual marker of what this portal assumes, in the guides as on /api/ (its words are the label). */
export function assumptionTag(): Node {
  return jsx('span', {className: 'portal-assumption'}, [text('Portal assumption')]);
}

export function operationOf(contract: Contract, props: Props, component: string) {
  return contract.operation(required(props, 'operation', component));
}
