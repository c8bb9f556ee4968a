/** What every contract component shares: the page's state, the component's attributes, the assumption tag, and the table and list shapes. */

import {Contract} from '../contract';
import {inlineCode, jsx, text, type Node} from '../mdast';
import {openMarker} from '../../../../contract/openQuestions/markers';
import {acrossTheApi, markAspects, markLabel, openQuestions, registerRoute, registerRows, rowsByNode, type OpenQuestion} from '../../../../contract/openQuestions';
import type {NotStatedAspect} from '../../../../contract/silences';
import {apiWideQuestions} from '../../../../contract/portalChoices';

export type Props = Record<string, string | undefined>;

/**
 * What the components of one page have rendered so far: a page says each open question once (the
 * first call that reaches it lists it; later calls point back), explains the Required marks once and
 * links the register once.
 */
export type PageState = {
  /** Each open question a block of the page listed: where, and under which field. */
  readonly openQuestionsShown: Map<string, {anchor: string; title: string; field: string}>;
  requiredExplained: boolean;
  registerLinked: boolean;
  /** The depth of the last heading before the component: a block's own heading goes one level under it. */
  headingDepth: number;
  /**
   * The depth of the heading each call's section starts under: the last heading before the first
   * component that names the call (index.ts). The call's Open questions go one level under it, however
   * many subsections ("Answers", "Example answer") come between.
   */
  readonly callHeadingDepths: Map<string, number>;
  /**
   * What the page holds, read before any component renders (index.ts): the calls whose error answers it
   * lists, in order, and whether it has a `<CommonErrors />` block that says their shared ones once.
   */
  errorCalls: string[];
  hasCommonErrors: boolean;
  /** The longer field descriptions the page's field lists have shown: each is said once a page. */
  readonly fieldDescriptionsShown: Set<string>;
  /** The words of the last heading before the component. */
  lastHeading?: string;
  /**
   * The lists of values `<EnumValues>` has shown, by their values, with the heading they are under: a
   * field list further down names that heading instead of listing them a second time.
   */
  readonly valuesListed: Map<string, string>;
  /**
   * Leave the downloads' sizes out. The guides' Markdown that travels inside the sandbox file is
   * rendered before that file exists (src/plugins/llmsTxt/guideMarkdown.ts), and could not state its own size.
   */
  withoutFileSizes?: boolean;
};

export const newPageState = (options: Pick<PageState, 'withoutFileSizes'> = {}): PageState => ({openQuestionsShown: new Map(), requiredExplained: false, registerLinked: false, headingDepth: 1, callHeadingDepths: new Map(), errorCalls: [], hasCommonErrors: false, fieldDescriptionsShown: new Set(), valuesListed: new Map(), ...options});

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

/** The rows of the register by the node of the contract that leaves them open, once per contract. */
const rowsOfNodes = new WeakMap<object, Map<object, OpenQuestion>>();

/** The open question a node of the contract holds (`x-not-stated` with `x-open`), if any. */
export function rowOfNode(contract: Contract, node: object): OpenQuestion | undefined {
  let rows = rowsOfNodes.get(contract.raw);
  if (!rows) {
    rows = rowsByNode(openQuestions(contract.raw as never));
    rowsOfNodes.set(contract.raw, rows);
  }
  return rows.get(node);
}

/** The register's rows by id: the API-wide choices, the contract's silences and the pages' own questions. */
const registerById = new WeakMap<object, Map<string, OpenQuestion>>();

export function registerRow(contract: Contract, id: string): OpenQuestion {
  let rows = registerById.get(contract.raw);
  if (!rows) {
    rows = new Map(registerRows(contract.raw as never).map((row) => [row.id, row]));
    registerById.set(contract.raw, rows);
  }
  const row = rows.get(id);
  if (!row) {
    throw new Error(`no row "${id}" in the register of open questions (/docs/guides/open-questions); its rows are ${[...rows.keys()].slice(0, 8).join(', ')}, …`);
  }
  return row;
}

/**
 * The API-wide choices as rows of the register, by id, once per contract: reading them walks every
 * field and call of the contract (the count of assumed types), which a field line must not do again.
 */
const apiWideRowsOf = new WeakMap<object, Map<string, OpenQuestion>>();

function apiWideRows(contract: Contract): Map<string, OpenQuestion> {
  let rows = apiWideRowsOf.get(contract.raw);
  if (!rows) {
    rows = new Map(apiWideQuestions(contract.raw as never).map((row) => [row.id, {...row, home: acrossTheApi}]));
    apiWideRowsOf.set(contract.raw, rows);
  }
  return rows;
}

/** One of the API-wide choices (`api-success-status`, `api-json-types`…), as a row of the register; `optional` gives undefined where the contract makes none. */
export function apiWideRow(contract: Contract, id: string): OpenQuestion;
export function apiWideRow(contract: Contract, id: string, optional: 'optional'): OpenQuestion | undefined;
export function apiWideRow(contract: Contract, id: string, optional?: 'optional'): OpenQuestion | undefined {
  const found = apiWideRows(contract).get(id);
  if (!found && !optional) throw new Error(`the contract makes no API-wide choice "${id}"`);
  return found;
}

/** Where a question's labels are shown: the aspects a mark reads "Portal assumption" on when the line shows them. */
export const shownAspects = new Set(['type', 'format', 'bounds', 'values', 'shape']);

/**
 * The mark of one open question on the fact it bends (src/components/PortalAssumption): "Portal
 * assumption" where the line shows a fact (`showsFact`) that is this portal's (an aspect it shows, or
 * an assumption the row states), "Open" where the carrier leaves it open and the line fills nothing in.
 * It links to the question's row of the register, and opens the question in place.
 */
export function questionMark(row: OpenQuestion, aspects: readonly string[], showsFact: boolean, shownLabel: 'Portal assumption' | 'Open' = showsFact && (row.assumed || aspects.some((aspect) => shownAspects.has(aspect))) ? 'Portal assumption' : 'Open'): Node {
  // Where the row's assumption answers none of these aspects (`x-open.assumes`), they are open.
  const label = markLabel(row, aspects as NotStatedAspect[], shownLabel);
  return jsx('PortalAssumption', {
    label,
    // A page's own question has no aspects: the mark names the question itself ("Open: who issues
    // testing credentials…"), so a screen reader hears what it bends.
    aspects: row.label || aspects.length > 0 ? markAspects(row, aspects as NotStatedAspect[], label) : row.question.charAt(0).toLowerCase() + row.question.slice(1),
    question: row.question,
    ...(row.assumed ? {assumed: row.assumed} : {}),
    // Only where the row says what the sandbox does: "as assumed" would repeat the line above it.
    ...(row.sandbox ? {sandbox: row.sandbox} : {}),
    href: `${registerRoute}#${row.id}`,
  }, []);
}

/**
 * The mark of a fact the portal shows in the carrier's silence (a status, a required list, a body, the
 * sandbox's lifecycle), with its question, linked to its row: "Portal assumption", or "Open" where the
 * row assumes nothing and only the sandbox chose (the lifecycle of the status update).
 */
export function assumptionTag(row: OpenQuestion, {onlySandboxChooses = false} = {}): Node {
  return questionMark(row, row.aspects, true, onlySandboxChooses && !row.assumed ? 'Open' : 'Portal assumption');
}

/**
 * `<PortalAssumption row="tokenresponse-expires-in" />` in a page's own prose: the same mark as the
 * field lists', with its question, linked to its row of the register. `aspects="bounds"` names which
 * of the row's aspects the words bend, where they state only some ("This loop starts at page 1").
 * A mark without its row would open nothing, and one naming an aspect its row does not ask would
 * claim more: the build stops, naming the page and the line.
 */
export function handWrittenMark(contract: Contract, props: Props): Node[] {
  const id = props.row;
  if (!id) {
    throw new Error('<PortalAssumption> needs row="<id>", the id of its row in the register of open questions (the anchor after # on /docs/guides/open-questions)');
  }
  const found = registerRow(contract, id);
  // A page's own question has no aspects: `says="contact"` names what the mark bends in a word or two,
  // where the question itself is a sentence.
  if (props.says && found.aspects.length > 0) {
    throw new Error(`<PortalAssumption row="${id}" says="${props.says}">: says names a page's own question; this row's mark names its aspects (${found.aspects.join(', ')})`);
  }
  const row = props.says ? {...found, label: props.says} : found;
  const aspects = props.aspects ? props.aspects.split(/[\s,]+/).filter(Boolean) : [...row.aspects];
  const strays = aspects.filter((aspect) => !row.aspects.includes(aspect as NotStatedAspect));
  if (strays.length > 0) {
    throw new Error(`<PortalAssumption row="${id}" aspects="${props.aspects}">: its row asks ${row.aspects.join(', ')}, not ${strays.join(', ')}`);
  }
  return [questionMark(row, aspects, Boolean(row.assumed))];
}

export function operationOf(contract: Contract, props: Props, component: string) {
  return contract.operation(required(props, 'operation', component));
}

/**
 * A trigger's value: a value to type is code; a description of one ("any planId sent before", "both
 * INSIDE_DELIVERY and RESIDENTIAL_DELIVERY") is words, its values in code.
 */
export function valueCell(value: string | number): Node[] {
  const written = String(value);
  if (!/\s/.test(written)) return [inlineCode(written)];
  return written.split(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/).map((part, index) => (index % 2 === 1 ? inlineCode(part) : text(part))).filter((node) => node.type !== 'text' || node.value !== '');
}
