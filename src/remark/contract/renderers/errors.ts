/** `<ErrorResponses>` (a call's error answers) and `<ErrorCatalogue>` (the specification's section 8). */

import {Contract, referenceUrl, type Example, type Operation, type Response} from '../contract';
import {inlineCode, inlineMarkdown, link, paragraph, strong, table, text, type Node} from '../mdast';
import {type PageState, type Renderer, anchoredHeading, apiWideRow, guideDescription, namedTable, assumptionTag, operationOf, questionMark, rowOfNode} from './shared';
import type {OpenQuestion} from '../../../../contract/openQuestions';
import {choiceMarkPattern, choiceRowIds, listedChoices} from '../../../../contract/portalChoices';
import {rowLeaving} from './schemaFields';

function messagesOf(example: Example): string[] {
  const message = (example.value as {message?: unknown; error?: unknown}).message ?? (example.value as {error?: unknown}).error;
  return Array.isArray(message) ? message.map(String) : message ? [String(message)] : [];
}

type ErrorRow = {
  status: string;
  description: string;
  messages: string[];
  messageNotStated: boolean;
  tiedByPortal: boolean;
  /** The question the row's marks open: the answer's own, or the API-wide status choice (the 401). */
  row?: OpenQuestion;
  /** The page's shared answer of this status with messages of its own besides: the row lists only those. */
  besidesShared?: boolean;
  /** The question of the body's shape: the body schema's (`ErrorResponse`, asked once there), or the answer's own. */
  bodyRow?: OpenQuestion;
  /** The messages that come in that body: one `message` string, as `ErrorResponse` has it, not a validation array. */
  inBodyRow?: string[];
  /**
   * Where the carrier ties the answer to the call by messages of its own (the reschedule's validation
   * 400) and the row shows the generic message beside them: the question of which calls give that
   * one (`BadRequest`'s), marked on it.
   */
  genericRow?: OpenQuestion;
  genericMessage?: string;
};

/** The generic 400 message, as the contract's shared 400 shows it (section 8: "generic"). */
const genericExampleName = 'ProcessingError';

/** The question of which calls give the generic 400: the shared 400's (`BadRequest`). */
function sharedBadRequestRow(contract: Contract): OpenQuestion | undefined {
  const shared = (contract.raw as {components?: {responses?: Record<string, object>}}).components?.responses?.BadRequest;
  return shared ? rowOfNode(contract, shared) : undefined;
}

/** The generic 400's message, as the shared 400 (`BadRequest`) shows it in its `ProcessingError` example. */
function genericMessageOf(contract: Contract): string | undefined {
  const shared = (contract.raw as {components?: {responses?: Record<string, Response>}}).components?.responses?.BadRequest;
  const example = shared?.content?.['application/json']?.examples?.[genericExampleName];
  return example ? messagesOf(contract.resolve<Example>(example))[0] : undefined;
}

/**
 * The row that asks an answer's body shape: the answer's own, or a marked schema its body is
 * (`ErrorResponse`), directly or as a variant of anyOf or oneOf (the generic 400).
 */
function bodyShapeRow(contract: Contract, response: Response): OpenQuestion | undefined {
  const schema = response.content?.['application/json']?.schema as {anyOf?: object[]; oneOf?: object[]} | undefined;
  const parts = schema ? [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])] : [];
  return rowLeaving(contract, [response, ...parts.map((part) => contract.resolve<object>(part))], 'shape');
}

/**
 * The catalogue (section 8) gives its 400 messages without a call. Where the contract ties an error
 * answer to a call on the portal's reading (`x-not-stated: [behaviour]` with an `assumed` reading:
 * the generic 400 on every call with a query or body, a catalogue message on the calls whose field it
 * names), the row's status carries the tag, once for the answer and its messages.
 */
function errorRows(contract: Contract, operation: Operation): ErrorRow[] {
  return Object.entries(operation.responses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, reference]) => {
      const response = contract.resolve<Response>(reference);
      const examples = Object.values(response.content?.['application/json']?.examples ?? {}).map((example) => contract.resolve<Example>(example));
      // The 401's status is an API-wide choice (`x-portal-choices`), marked in its description by the
      // bundle step (contract/portalChoices.ts): here the status cell carries the mark, linked to its row.
      const chosen = status === '401' && listedChoices(operation).includes('unauthorized-status');
      const row = chosen ? apiWideRow(contract, choiceRowIds.unauthorized) : rowOfNode(contract, response);
      const bodyRow = bodyShapeRow(contract, response);
      const tiedByPortal = chosen || Boolean(response['x-not-stated']?.includes('behaviour') && response['x-open']?.assumed);
      const namedExamples = response.content?.['application/json']?.examples ?? {};
      // Where the carrier gives no message for the answer, its own mark already says the example is the portal's.
      const messageNotStated = response['x-not-stated']?.includes('message') ?? false;
      const genericExample = !tiedByPortal && !messageNotStated && genericExampleName in namedExamples ? contract.resolve<Example>(namedExamples[genericExampleName]) : undefined;
      const genericRow = genericExample ? sharedBadRequestRow(contract) : undefined;
      if (genericExample && !genericRow) {
        throw new Error(`${operation.operationId}: its ${status} answer shows the generic message (${genericExampleName}), but openapi/components/responses/BadRequest.yaml, which asks which calls give it, has no x-open question`);
      }
      return {
        status,
        description: chosen ? response.description.replace(choiceMarkPattern(choiceRowIds.unauthorized), '') : response.description,
        messages: examples.flatMap(messagesOf),
        // A validation error's body (statusCode, a message array, `Bad Request`) is the carrier's (section 8).
        inBodyRow: examples.filter((example) => !Array.isArray((example.value as {message?: unknown}).message)).flatMap(messagesOf),
        messageNotStated,
        tiedByPortal,
        ...(row ? {row} : {}),
        ...(bodyRow ? {bodyRow} : {}),
        ...(genericRow && genericExample ? {genericRow, genericMessage: messagesOf(genericExample)[0]} : {}),
      };
    });
}

/**
 * The example messages of an answer. Where the carrier gives no message for the answer
 * (`x-not-stated: [message]`), the cell says so first: an example there shows a message taken from
 * elsewhere (the generic 400), and in a column headed "Messages" it would read as this call's own.
 */
const messageCell = ({messages, messageNotStated, row, tiedByPortal, bodyRow, inBodyRow = [], genericRow, genericMessage}: Pick<ErrorRow, 'messages' | 'messageNotStated' | 'row' | 'tiedByPortal' | 'bodyRow' | 'inBodyRow' | 'genericRow' | 'genericMessage'>): Node[] => {
  // The messages are the carrier's; the body a message string comes in (the ETA error's shape) is the
  // portal's, marked after the last such message, unless the status's tag already opens that question.
  // A validation message's body is the carrier's, and unmarked.
  // Where every message comes in that body (the reschedule's two 422s), each carries the mark: a mark
  // follows the message it covers, and one after the last read as leaving the first bare (an outside read).
  const inBody = bodyRow && !messageNotStated && !(tiedByPortal && bodyRow === row) ? messages.filter((message) => inBodyRow.includes(message)) : [];
  const markedMessages = new Set(inBody.length > 1 && inBody.length === messages.length ? inBody : inBody.slice(-1));
  const bodyMark = bodyRow ? [text(' '), questionMark(bodyRow, ['shape'], true, 'Portal assumption')] : [];
  const generic = genericRow && genericMessage ? messages.find((message) => message === genericMessage) : undefined;
  const genericMark = genericRow ? [text(' '), questionMark(genericRow, ['behaviour'], true, 'Portal assumption')] : [];
  // A placeholder in a carrier's message (the ETA's `{phone}`) is read by the answer's own question, marked on that message.
  // Not where the carrier gives no message: the row's own mark, after the example, already says it.
  const placeholderMark = row && !tiedByPortal && !messageNotStated ? [text(' '), questionMark(row, row.aspects, true)] : [];
  // The message the portal ties to this call comes first, its mark right after it: last, the mark
  // read as covering the carrier's messages before it (two outside reads of the reschedule's 400).
  const ordered = generic ? [generic, ...messages.filter((message) => message !== generic)] : messages;
  const codes = ordered.flatMap((message, index) => [
    ...(index ? [text(' · ')] : []),
    inlineCode(message),
    ...(/\{\w+\}/.test(message) ? placeholderMark : []),
    ...(message === generic ? genericMark : []),
    ...(markedMessages.has(message) ? bodyMark : []),
  ]);
  if (messageNotStated) {
    // The example is the portal's pick (the generic 400): marked once, so it never reads as the
    // carrier's for this call; a second mark for its body would stand beside it, reading the same.
    return messages.length ? [text('not stated; example: '), ...codes, ...(row ? [text(' '), assumptionTag(row)] : [])] : [text('not stated')];
  }
  return messages.length ? codes : [text('—')];
};

/** The Status cell: the status, tagged when the portal ties the answer to the call. */
const statusCell = ({status, tiedByPortal, row}: Pick<ErrorRow, 'status' | 'tiedByPortal' | 'row'>): Node[] => [strong(text(status)), ...(tiedByPortal && row ? [text(' '), assumptionTag(row)] : [])];

/** Two rows are the same answer when everything a reader sees of them is the same. */
const rowKey = (row: ErrorRow) => `${row.status}|${row.tiedByPortal}|${row.description}|${row.messages.join('|')}|${row.messageNotStated}`;

/** The anchor of a page's `<CommonErrors />` block, which the calls' error answers point to. */
export const commonErrorsAnchor = 'errors-these-calls-share';

type CommonErrorRows = {rows: ErrorRow[]; keys: Set<string>; onEveryCall: boolean};

/** Worked out once a page: every call's `<ErrorResponses>` and the page's block read it. */
const commonErrorsOfPage = new WeakMap<PageState, CommonErrorRows>();

/**
 * The error answers that two calls or more of the page give alike (the 401, the generic 400), where
 * the page has a `<CommonErrors />` block to say them once; otherwise none, and each call lists all
 * of its own. An answer that calls give with messages of their own besides (the generic 400 plus a
 * call's validation messages) is shared with the messages they all give: each call then lists only
 * its own (`besidesShared`).
 */
function commonErrors(contract: Contract, page: PageState): CommonErrorRows {
  const known = commonErrorsOfPage.get(page);
  if (known) return known;
  const calls = [...new Set(page.errorCalls)];
  // The same answer (status, meaning, tag) with the messages it has on each call that gives it.
  const answers = new Map<string, {row: ErrorRow; messagesByCall: string[][]}>();
  for (const operationId of page.hasCommonErrors ? calls : []) {
    for (const row of errorRows(contract, contract.operation(operationId).operation)) {
      const key = rowKey({...row, messages: []});
      answers.set(key, {row, messagesByCall: [...(answers.get(key)?.messagesByCall ?? []), row.messages]});
    }
  }
  const shared: {row: ErrorRow; calls: number}[] = [];
  for (const {row, messagesByCall} of answers.values()) {
    if (messagesByCall.length < 2) continue;
    const inAll = row.messages.filter((message) => messagesByCall.every((messages) => messages.includes(message)));
    const alike = messagesByCall.every((messages) => messages.join('|') === row.messages.join('|'));
    if (alike || inAll.length > 0) {
      // Shared down to the generic message alone (the pickups' 400s, each with a catalogue message of
      // its own): its tag asks which calls give the generic 400, not which give a message it no longer
      // holds (an outside read found the cancel's question on the pickups' shared row).
      const genericOnly = !alike && row.status === '400' && row.tiedByPortal && inAll.length === 1 && inAll[0] === genericMessageOf(contract);
      const generic = genericOnly ? sharedBadRequestRow(contract) : undefined;
      shared.push({row: {...row, messages: inAll, ...(generic ? {row: generic} : {})}, calls: messagesByCall.length});
      continue;
    }
    // No message in all of them: the calls that give the very same messages share those.
    const byMessages = new Map<string, string[][]>();
    for (const messages of messagesByCall) byMessages.set(messages.join('|'), [...(byMessages.get(messages.join('|')) ?? []), messages]);
    for (const same of byMessages.values()) {
      if (same.length > 1) shared.push({row: {...row, messages: same[0]}, calls: same.length});
    }
  }
  const result = {rows: shared.map(({row}) => row), keys: new Set(shared.map(({row}) => rowKey(row))), onEveryCall: shared.every(({calls: count}) => count === calls.length)};
  commonErrorsOfPage.set(page, result);
  return result;
}

const errorTable = (label: string, rows: ErrorRow[]) =>
  namedTable(label, table(['Status', 'When', 'Messages'], rows.map((row) => [statusCell(row), whenCell(row), messageCell(row)])));

const whenCell = (row: ErrorRow): Node[] =>
  row.besidesShared ? [text('As under '), link(`#${commonErrorsAnchor}`, text('Errors these calls share')), text(', with these messages besides.')] : inlineMarkdown(guideDescription(row.description));

/**
 * A call's own answer that is the page's shared one plus messages of its own (the generic 400 plus the
 * pickup window's time message): only those messages, the rest said where the shared one is.
 */
function besidesShared(row: ErrorRow, sharedRows: readonly ErrorRow[]): ErrorRow {
  const base = sharedRows.find(
    (candidate) =>
      candidate.status === row.status &&
      candidate.description === row.description &&
      candidate.tiedByPortal === row.tiedByPortal &&
      !candidate.messageNotStated &&
      !row.messageNotStated &&
      candidate.messages.length > 0 &&
      candidate.messages.every((message) => row.messages.includes(message)),
  );
  return base ? {...row, messages: row.messages.filter((message) => !base.messages.includes(message)), besidesShared: true} : row;
}

/**
 * `<ErrorResponses operation="reschedulePickup" />`: the error answers of one call, with their messages.
 * Those its page says once (`<CommonErrors />`) are named in one line that points there.
 */
export const ErrorResponses: Renderer = (contract, props, page) => {
  const {operation} = operationOf(contract, props, 'ErrorResponses');
  const {keys: shared, rows: sharedRows} = commonErrors(contract, page);
  const rows = errorRows(contract, operation);
  const own = rows.filter((row) => !shared.has(rowKey(row))).map((row) => besidesShared(row, sharedRows));
  const elsewhere = rows.filter((row) => shared.has(rowKey(row))).map((row) => row.status);
  return [
    ...(own.length > 0 ? [errorTable(`Error answers of ${operation.operationId}`, own)] : []),
    ...(elsewhere.length > 0
      ? [paragraph(text(own.length > 0 ? 'And ' : 'Error answers: '), ...elsewhere.flatMap((status, index) => [...(index ? [text(index === elsewhere.length - 1 ? ' and ' : ', ')] : []), strong(text(status))]), text(', as under '), link(`#${commonErrorsAnchor}`, text('Errors these calls share')), text('.'))]
      : []),
  ];
};

/**
 * `<CommonErrors />`, after the calls of a page of several calls: the error answers two or more of its
 * calls give alike, said once (the 401 and its rule, the generic 400). Each call's own error answers
 * then list only the rest, and name the shared ones it gives.
 */
export const CommonErrors: Renderer = (contract, _props, page) => {
  const {rows, onEveryCall} = commonErrors(contract, page);
  if (rows.length === 0) {
    throw new Error('no error answer is shared by two calls of this page: remove <CommonErrors />, and each call lists its own');
  }
  // Which calls answer each is said under each call ("Error answers: 400 and 401, as under …"), not
  // as a column here: a column of seven call names made each row a screen tall.
  return [
    // A section of the page beside its calls, after the last of them: a heading of their depth, not under the last.
    anchoredHeading(page.callHeadingDepths.size > 0 ? Math.min(...page.callHeadingDepths.values()) : 2, commonErrorsAnchor, text('Errors these calls share')),
    paragraph(text(onEveryCall ? 'Any call on this page can answer these; each call above lists only its own.' : 'Most calls on this page answer these alike; each call above names the ones it answers, and lists its own.')),
    errorTable('Errors these calls share', rows),
  ];
};

/** `<ErrorCatalogue />`: the error answers the contract lists for each call, grouped by status and message. */
export const ErrorCatalogue: Renderer = (contract) => {
  const groups = new Map<string, ErrorRow & {calls: {method: string; path: string; operation: Operation}[]}>();
  for (const entry of contract.operations()) {
    for (const row of errorRows(contract, entry.operation)) {
      const key = `${row.status}|${row.tiedByPortal}|${row.description}|${row.messages.join('|')}`;
      const group = groups.get(key) ?? {...row, calls: []};
      group.calls.push(entry);
      groups.set(key, group);
    }
  }
  const sorted = [...groups.values()].sort((a, b) => a.status.localeCompare(b.status) || b.calls.length - a.calls.length);
  return [
    namedTable('Every error answer of every call', table(
      ['Status', 'Meaning', 'Messages', 'Calls'],
      sorted.map((group) => [
        statusCell(group),
        inlineMarkdown(guideDescription(group.description)),
        messageCell(group),
        group.calls.length === contract.operations().length
          ? [text('every call')]
          : group.calls.flatMap((call, index) => [
              ...(index ? [text(', ')] : []),
              link(referenceUrl(call.operation), inlineCode(`${call.method.toUpperCase()} ${call.path}`)),
            ]),
      ]),
    )),
  ];
};
