/** `<OpenQuestions>` (a call's block) and `<OpenQuestionsRegister>` (the register's page): what the specification leaves open, and what the portal and the sandbox do meanwhile. */

import {referenceUrl} from '../contract';
import {inlineCode, inlineMarkdown, jsx, link, list, paragraph, strong, table, text, type Node} from '../mdast';
import {acrossTheApi, callOpenQuestions, markAspects, markLabel, markName, registerCsvPath, registerRows, registerJsonPath, registerRoute, anchorOf, sandboxBehaviour, type OpenQuestion} from '../../../../contract/openQuestions';
import {type Renderer, anchoredHeading, inlineCodeList, namedTable, operationOf} from './shared';

/** Where a call's row of an open question shows its field: the body's root reads "request body". */
function fieldLabel(field: string): Node[] {
  return [inlineCode(field === '' ? 'request body' : field)];
}

/**
 * The specification's sections a row's home comes from, for the carrier to look up: "§5", "§3 and 5"
 * (a page's questions: its front matter's `spec_sections`; §2 is the route table that names the page).
 * Its `x-spec` may be a section and an entity ("3, Pickup request") or a citation of the section's words
 * ('assumed: 5: "Probill numbers 1-99999999"'); the words are not the carrier's answer to the question.
 */
export function specSections(spec: string): string {
  const sections = /^(?:assumed: )?([2-9](?:(?:, | and )[2-9])*)(?=[,:]|$)/.exec(spec.trim())?.[1];
  return sections ? `§${sections}` : '—';
}

/**
 * The prefixes two paths of one field differ by, before the segments they end with in common:
 * `answer.billDate` and `answer.results[].billDate` give [`answer`, `answer.results[]`];
 * `pickupNumber` and `answer.pickupNumber`, the two paths whole.
 */
function prefixSwap(name: string, there: string): [string, string] {
  const ours = name.split('.');
  const theirs = there.split('.');
  let shared = 0;
  while (shared < ours.length - 1 && shared < theirs.length - 1 && ours[ours.length - 1 - shared] === theirs[theirs.length - 1 - shared]) shared++;
  return [ours.slice(0, ours.length - shared).join('.'), theirs.slice(0, theirs.length - shared).join('.')];
}

/** What closes a phrase before the next label: its own full stop, or one. */
const ends = (phrase: string) => (/[.!?]$/.test(phrase.trim()) ? ' ' : '. ');

function sandboxCell(row: OpenQuestion): Node[] {
  return inlineMarkdown(sandboxBehaviour(row) ?? '—');
}

/**
 * `<OpenQuestions operation="requestPickup" />`: what the carrier leaves open for this call, once, as a
 * compact table after the call's facts: the field, what is open, what this portal assumes and what the
 * sandbox does. A question an earlier call of the page already listed is not listed again: one line
 * points back to it. Every row also stands in the register (`<OpenQuestionsRegister />`).
 */
export const OpenQuestions: Renderer = (contract, props, page) => {
  const {operation} = operationOf(contract, props, 'OpenQuestions');
  const reached = callOpenQuestions(contract.raw as never, operation.operationId);
  const anchor = `open-questions-${anchorOf(operation.operationId)}`;
  // Two homes can leave the same point open for one field (a property and the schema it refers to):
  // the block shows it once.
  const said = new Set<string>();
  const fresh = reached.filter(({row, field}) => {
    const key = `${field}|${row.question}|${row.assumed ?? ''}`;
    const first = !page.openQuestionsShown.has(row.id) && !said.has(key);
    said.add(key);
    return first;
  });
  const earlier = reached.filter(({row}) => page.openQuestionsShown.has(row.id));
  for (const {row, field} of reached) {
    if (!page.openQuestionsShown.has(row.id)) {
      page.openQuestionsShown.set(row.id, {anchor, title: operation.summary, field});
    }
  }
  // One level under the call's own heading, wherever the block comes in its section.
  const depth = Math.min((page.callHeadingDepths.get(operation.operationId) ?? page.headingDepth) + 1, 6);
  if (reached.length === 0) {
    return [jsx('div', {className: 'open-questions'}, [anchoredHeading(depth, anchor, text(`Open questions: ${operation.summary}`)), paragraph(text('None: the carrier states everything this call takes and answers.'))])];
  }
  const blocks: Node[] = [];
  if (fresh.length > 0) {
    // One entry per question, as a list: it wraps at any width, where a four-column table broke words
    // at 1280 px and scrolled at 390. What the sandbox does is said only where it is not the assumption.
    blocks.push(
      list(
        fresh.map(({row, field}) => [
          ...fieldLabel(field),
          text(': '),
          ...inlineMarkdown(row.question),
          ...(row.assumed ? [text(ends(row.question)), strong(text('Assumed:')), text(' '), ...inlineMarkdown(row.assumed)] : []),
          ...(row.sandbox ? [text(ends(row.assumed ?? row.question)), strong(text('Sandbox:')), text(' '), ...inlineMarkdown(row.sandbox)] : []),
        ]),
      ),
    );
  }
  // Grouped by the call that listed them first, so the line names each place once. Each entry names
  // the question by its mark's words, and the field it is listed under there where that differs (this
  // call's `pickupNumber`, there `answer.pickupNumber`): a reader who follows the link finds the entry
  // meant, not another question on the same field (an outside read, 2026-12-04). Where every such
  // difference is one prefix (a list's `answer.results[]` for a detail's `answer`), it is said once.
  const byPlace = new Map<string, {title: string; entries: {name: string; there: string; words: string}[]}>();
  const named = (field: string) => (field === '' ? 'request body' : field);
  for (const {row, field, aspects} of earlier) {
    const place = page.openQuestionsShown.get(row.id)!;
    const group = byPlace.get(place.anchor) ?? {title: place.title, entries: []};
    // The mark's words whole, label first, as the field's own mark reads: "(unit)" alone read as the
    // portal's assumption where the mark says Open (an outside read, 2026-12-04).
    const label = markLabel(row, aspects, row.assumed ? 'Portal assumption' : 'Open');
    const entry = {name: named(field), there: named(place.field), words: markName(label, markAspects(row, aspects, label))};
    // Two questions on one field (a probill number's meaning and its range) make one entry, under one
    // label where both carry it ("Portal assumption: meaning, limits").
    const same = group.entries.find((other) => other.name === entry.name && other.there === entry.there);
    if (!same) {
      group.entries.push(entry);
    } else if (!same.words.split('; ').includes(entry.words)) {
      const oneLabel = !same.words.includes('; ') && !entry.words.includes('; ') && same.words.startsWith(`${label}: `);
      same.words = oneLabel ? `${same.words}, ${entry.words.slice(label.length + 2)}` : `${same.words}; ${entry.words}`;
    }
    byPlace.set(place.anchor, group);
  }
  for (const [placeAnchor, group] of byPlace) {
    const swaps = new Set(group.entries.filter(({name, there}) => name !== there).map(({name, there}) => prefixSwap(name, there).join('\n')));
    const [from, to] = swaps.size === 1 ? [...swaps][0].split('\n') : ['', ''];
    const under = (name: string) => from !== '' && (name === from || name.startsWith(`${from}.`) || name.startsWith(`${from}[`));
    // One prefix for all, and no entry of the same name under it that the swap would misread. Not a
    // field that moved whole (the request's `pickupNumber`, there the answer's): "where
    // `answer.pickupNumber` is this call's `pickupNumber`" misleads on a call that answers a
    // `pickupNumber` of its own (an outside read, 2026-12-04); the entry names its place instead.
    const movedWhole = from.split('.').pop() === to.split('.').pop();
    const sharedSwap = from !== '' && !movedWhole && group.entries.every(({name, there}) => (name === there ? !under(name) : under(name) && there === to + name.slice(from.length)));
    const entries = group.entries.flatMap(({name, there, words}, index, all) => [
      ...(index === 0 ? [] : [text(index === all.length - 1 ? ' and ' : ', ')]),
      inlineCode(name),
      text(' ('),
      ...(there === name || sharedSwap ? [] : [text('there '), inlineCode(there), text(', ')]),
      text(`${words})`),
    ]);
    const where = sharedSwap ? [text(', where '), inlineCode(to), text(' is this call\'s '), inlineCode(from)] : [];
    blocks.push(paragraph(text('Also as under '), link(`#${placeAnchor}`, text(group.title)), ...where, text(': '), ...entries, text('.')));
  }
  if (!page.registerLinked) {
    page.registerLinked = true;
    blocks.push(paragraph(text('Every question of the API: '), link(registerRoute, text('Open questions for the carrier')), text('.')));
  }
  // Collapsed to one line with the count: the facts of the call lead, and a field's mark opens its own
  // question in place. The line is the summary's text, not a heading: a heading in a summary carries
  // Docusaurus's link to itself, a control inside the summary's (axe: nested-interactive). The
  // block's anchor, which the "as under" links reach, is the element itself; the Markdown pages give
  // the line as a heading of the depth it names (src/plugins/llmsTxt).
  const count = new Set(reached.map(({row, field}) => `${field}|${row.id}`)).size;
  const title = `Open questions: ${operation.summary} (${count})`;
  return [jsx('details', {className: 'open-questions', id: anchor}, [jsx('summary', {'data-heading-depth': String(depth)}, [text(title)]), ...blocks])];
};

/** The introduction's section that states the choices made across the API (`## Portal assumptions` in openapi.yaml). */
const apiWideAssumptionsUrl = '/api/#section/Portal-assumptions';

/** Which part of the contract a row's home is, for the register's groups. */
function registerGroup(row: OpenQuestion): string {
  if (row.home === acrossTheApi) {
    return 'Across the API';
  }
  if (row.home.startsWith('page ')) {
    return 'Outside the contract';
  }
  if (/^(GET|POST|PUT|PATCH|DELETE) /.test(row.home)) {
    return 'Calls';
  }
  if (row.home.startsWith('schema ')) {
    return 'Schemas';
  }
  if (row.home.startsWith('parameter ')) {
    return 'Query parameters';
  }
  return row.home.startsWith('response ') ? 'Shared answers' : 'Servers';
}

/**
 * `<OpenQuestionsRegister />`: every open question of the contract, once, grouped by where it lives,
 * each row with an anchor that /api/'s markers link to; and the CSV and JSON downloads of the same rows.
 */
export const OpenQuestionsRegister: Renderer = (contract) => {
  const rows = registerRows(contract.raw as never);
  const groups = new Map<string, OpenQuestion[]>();
  for (const row of rows) {
    groups.set(registerGroup(row), [...(groups.get(registerGroup(row)) ?? []), row]);
  }
  const order = ['Across the API', 'Calls', 'Query parameters', 'Schemas', 'Shared answers', 'Servers', 'Outside the contract'];
  const homeCell = (row: OpenQuestion): Node[] => {
    if (row.home === acrossTheApi) {
      // Stated once, in the introduction of /api/, which every call's label stands for.
      return [jsx('RowAnchor', {id: row.id}, []), link(apiWideAssumptionsUrl, text(row.field))];
    }
    if (row.home.startsWith('page ')) {
      // A question of a page the contract cannot hold (SOAP, EDI, the test environment): its page says it.
      return [jsx('RowAnchor', {id: row.id}, []), link(row.home.slice('page '.length), text(row.field))];
    }
    const where = row.home.replace(/^(schema|parameter|response) /, '');
    const operation = contract.operations().find((entry) => `${entry.method.toUpperCase()} ${entry.path}` === row.home);
    const label = operation ? link(referenceUrl(operation.operation), inlineCode(row.home)) : inlineCode(where);
    return [jsx('RowAnchor', {id: row.id}, []), label, ...(row.field ? [text(' '), inlineCode(row.field)] : [])];
  };
  return [
    paragraph(
      text(`${rows.length} open questions. Download them as `),
      link(`pathname://${registerCsvPath.slice('static'.length)}`, text('CSV')),
      text(' or '),
      link(`pathname://${registerJsonPath.slice('static'.length)}`, text('JSON')),
      text('.'),
    ),
    ...order
      .filter((group) => groups.has(group))
      .flatMap((group) => [
        anchoredHeading(2, anchorOf(group), text(`${group} (${groups.get(group)!.length})`)),
        namedTable(
          `Open questions: ${group}`,
          table(
            ['Where', 'Open', 'Portal assumption', 'Sandbox', 'Spec'],
            groups.get(group)!.map((row) => [homeCell(row), inlineMarkdown(row.question), row.assumed ? inlineMarkdown(row.assumed) : [text('—')], sandboxCell(row), [text(specSections(row.spec))]]),
          ),
        ),
      ]),
  ];
};
