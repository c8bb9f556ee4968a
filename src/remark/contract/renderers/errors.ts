/** `<ErrorResponses>` (a call's error answers) and `<ErrorCatalogue>` (the specification's section 8). */

import {Contract, referenceUrl, type Example, type Operation, type Response} from '../contract';
import {inlineCode, inlineMarkdown, link, strong, table, text, type Node} from '../mdast';
import {type Renderer, guideDescription, scrollableTable, assumptionTag, operationOf} from './shared';

function messagesOf(example: Example): string[] {
  const message = (example.value as {message?: unknown; error?: unknown}).message ?? (example.value as {error?: unknown}).error;
  return Array.isArray(message) ? message.map(String) : message ? [String(message)] : [];
}

type ErrorRow = {status: string; description: string; messages: string[]; messageNotStated: boolean; tiedByPortal: boolean};

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
      const examples = Object.values(response.content?.['application/json']?.examples ?? {});
      return {
        status,
        description: response.description,
        messages: examples.flatMap((example) => messagesOf(contract.resolve<Example>(example))),
        messageNotStated: response['x-not-stated']?.includes('message') ?? false,
        tiedByPortal: Boolean(response['x-not-stated']?.includes('behaviour') && response['x-open']?.assumed),
      };
    });
}

/**
 * The example messages of an answer. Where the carrier gives no message for the answer
 * (`x-not-stated: [message]`), the cell says so first: an example there shows a message taken from
 * elsewhere (the generic 400), and in a column headed "Messages" it would read as this call's own.
 */
const messageCell = ({messages, messageNotStated}: Pick<ErrorRow, 'messages' | 'messageNotStated'>): Node[] => {
  const codes = messages.flatMap((message, index) => [...(index ? [text(' · ')] : []), inlineCode(message)]);
  if (messageNotStated) {
    return messages.length ? [text('not stated; example: '), ...codes] : [text('not stated')];
  }
  return messages.length ? codes : [text('—')];
};

/** The Status cell: the status, tagged when the portal ties the answer to the call. */
const statusCell = ({status, tiedByPortal}: Pick<ErrorRow, 'status' | 'tiedByPortal'>): Node[] => [strong(text(status)), ...(tiedByPortal ? [text(' '), assumptionTag()] : [])];

/** `<ErrorResponses operation="reschedulePickup" />`: the error answers of one call, with their messages. */
export const ErrorResponses: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'ErrorResponses');
  const rows = errorRows(contract, operation);
  return [
    scrollableTable(
      `Error answers of ${operation.operationId}`,
      table(['Status', 'When', 'Messages'], rows.map((row) => [statusCell(row), inlineMarkdown(guideDescription(row.description)), messageCell(row)])),
    ),
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
    scrollableTable('Every error answer of every call', table(
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
