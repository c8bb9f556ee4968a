import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {Contract} from '../../../src/remark/contract/contract';
import {newPageState, renderers} from '../../../src/remark/contract/renderers';
import type {Node} from '../../../src/remark/contract/mdast';
import {contract, operations} from './contract';
import {catalogueMessages} from './specLists';
import {statedTypes} from '../../../contract/citations';
import {docsPages} from '../../../contract/docsPages';
import {markEachCall} from '../../../contract/openQuestions/perCallMarks';
import {callOpenQuestions} from '../../../contract/openQuestions/rows';
import {assumedTypesRowId} from '../../../contract/openQuestions/assumedTypes';

/**
 * The contract and the guides say only what the specification says (the rule in openapi/README.md).
 * These checks catch the gaps that were once filled with plausible guesses: invented `required` flags,
 * units the specification gives for other fields, "exact" messages it never wrote.
 */

type SchemaNode = {
  $ref?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
};
const schemas = contract.components.schemas as Record<string, SchemaNode>;

// Every `required` list, bound and enumeration cites the specification in the YAML itself, or is
// marked as the portal's assumption: tests/unit/openapi/citations.spec.ts checks them all.

/**
 * The specification gives a unit for three things only: warehouse items ("weight (pounds)",
 * "dimensions (length, width, height in feet…)", line 74), and rate quote item dimensions ("dimensions
 * in inches", line 83). A unit word anywhere else states what the carrier did not.
 */
const unitWords = /\b(inch(?:es)?|feet|foot|pounds?|lbs?)\b/i;
const schemasWithStatedUnits: Record<string, RegExp> = {
  'Item.weight': /pounds/,
  'Item.dimensions': /feet/,
  ItemDimensions: /feet/,
  RateQuoteDimensions: /inches/,
  'RateQuoteItem.dimensions': /inches/,
};

function* descriptions(node: unknown, where: string): Generator<[string, string]> {
  if (!node || typeof node !== 'object') {
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.description === 'string') {
    yield [where, record.description];
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'description' || key === 'x-codeSamples' || key === 'value') {
      continue;
    }
    const next = key === 'properties' || key === 'allOf' || key === 'items' ? where : `${where}.${key}`;
    if (key === 'properties') {
      for (const [name, property] of Object.entries(value as Record<string, unknown>)) {
        yield* descriptions(property, `${where}.${name}`);
      }
    } else {
      yield* descriptions(value, next);
    }
  }
}

test('unit words appear only where the specification states the unit', () => {
  const offenders: string[] = [];
  let checked = 0;
  for (const [name, schema] of Object.entries(schemas)) {
    for (const [where, description] of descriptions(schema, name)) {
      checked++;
      const unit = description.match(unitWords)?.[0];
      if (!unit) {
        continue;
      }
      const allowed = Object.entries(schemasWithStatedUnits).find(([prefix]) => where === prefix || where.startsWith(`${prefix}.`));
      if (!allowed || !allowed[1].test(unit)) {
        offenders.push(`${where}: "${unit}" in "${description}"`);
      }
    }
  }
  for (const [pathName, item] of Object.entries(contract.paths)) {
    for (const [where, description] of descriptions(item, pathName)) {
      checked++;
      if (unitWords.test(description)) {
        offenders.push(`${where}: "${description.match(unitWords)![0]}" in an operation's text`);
      }
    }
  }
  expect(checked).toBeGreaterThan(300);
  expect(offenders).toEqual([]);
});

test('the units the specification states are given', () => {
  expect(schemas.Item.properties!.weight.description).toMatch(/pounds/);
  for (const part of ['lenght', 'width', 'height']) {
    expect(schemas.ItemDimensions.properties![part].description).toMatch(/feet/);
    expect(schemas.RateQuoteDimensions.properties![part === 'lenght' ? 'length' : part].description).toMatch(/inches/);
  }
});


test('every message of an error answer in the contract is one of the catalogue', () => {
  const messages: string[] = [];
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item) as unknown as {responses: Record<string, unknown>}[]) {
      for (const [status, reference] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) {
          continue;
        }
        const response = resolveRef(reference) as {content?: Record<string, {examples?: Record<string, unknown>}>};
        for (const media of Object.values(response.content ?? {})) {
          for (const example of Object.values(media.examples ?? {})) {
            const message = (resolveRef(example) as {value: {message: string | string[]}}).value.message;
            messages.push(...(Array.isArray(message) ? message : [message]));
          }
        }
      }
    }
  }
  expect(messages.length).toBeGreaterThan(10);
  expect([...new Set(messages)].filter((message) => !catalogueMessages.includes(message))).toEqual([]);
});

function resolveRef(value: unknown): unknown {
  const reference = (value as {$ref?: string}).$ref;
  if (!reference) {
    return value;
  }
  const [, , kind, name] = reference.split('/');
  return resolveRef(contract.components[kind][name]);
}

const docsRoot = path.resolve(__dirname, '../../../docs');

/** Every value of every enumeration: statuses and reasons are quoted "exactly" too, and rightly. */
const enumValues = new Set(Object.values(schemas).flatMap((schema) => ((schema as {enum?: unknown[]}).enum ?? []).map(String)));

/** A quoted phrase that reads as a message: three words or more, in `code` or "quotes". */
function quotedMessages(paragraph: string): string[] {
  const quoted = [...paragraph.matchAll(/`([^`\n]+)`|"([^"\n]+)"/g)].map((match) => (match[1] ?? match[2]).trim());
  return quoted.filter((phrase) => phrase.split(/\s+/).length >= 3 && /^[A-Za-z][\w ,.'(){}:/-]*$/.test(phrase) && !enumValues.has(phrase));
}

/**
 * The messages a stretch of MDX shows: quoted in its prose, in the `"message"` of its JSON code
 * blocks, and in the Messages column of the error tables its components render from the contract.
 */
function shownMessages(mdx: string, docsContract: Contract): string[] {
  const fences = [...mdx.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]);
  const prose = mdx.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const fromCode = fences.flatMap((block) =>
    [...block.matchAll(/"message"\s*:\s*(\[[^\]]*\]|"[^"]*")/g)].flatMap((match) => [JSON.parse(match[1])].flat() as string[]),
  );
  const fromComponents = [...prose.matchAll(/<(ErrorResponses|ErrorCatalogue)\b([^>]*)\/>/g)].flatMap((match) => {
    const operation = match[2].match(/operation="([^"]+)"/)?.[1];
    const [tableNode] = tablesIn(renderers[match[1]](docsContract, {operation}, newPageState()));
    const [header, ...rows] = tableNode.children!;
    const column = header.children!.findIndex((cell) => cellText(cell.children!) === 'Messages');
    return rows.flatMap((row) => (row.children![column].children ?? []).filter((node) => node.type === 'inlineCode').map((node) => node.value!));
  });
  return [...quotedMessages(prose), ...fromCode, ...fromComponents];
}

test('no guide calls a message exact unless the catalogue has it', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const offenders: string[] = [];
  let sections = 0;
  for (const file of docsPages(docsRoot)) {
    // A section runs from one heading to the next: "exactly" in its prose speaks of what it shows.
    for (const section of readFileSync(file, 'utf8').split(/^(?=#{1,6} )/m)) {
      sections++;
      const prose = section.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
      if (!/\bexact(ly)?\b/i.test(prose)) {
        continue;
      }
      for (const message of shownMessages(section, docsContract)) {
        if (!catalogueMessages.includes(message)) {
          offenders.push(`${path.relative(docsRoot, file)}, section "${section.split('\n')[0]}": "${message}" beside "exact"`);
        }
      }
    }
  }
  // The docs may well never say "exact"; the test below proves the check would see it if they did.
  expect(sections).toBeGreaterThan(50);
  expect(offenders).toEqual([]);
});

test('the message check sees an invented message beside "exactly"', () => {
  // Guards the check above against patterns that match nothing.
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  expect(shownMessages('The messages are exactly: `Probill does not exist`.', docsContract)).toEqual(['Probill does not exist']);
  expect(shownMessages('Spelled exactly as `ARRIVED At DEST.SRV CNTR`.', docsContract)).toEqual([]);
  expect(shownMessages('```json\n{"message": ["x is wrong"]}\n```\n', docsContract)).toEqual(['x is wrong']);
  expect(shownMessages('<ErrorResponses operation="cancelPickup" />', docsContract)).toContain(catalogueMessages[5]);
});

/** The text of a rendered table cell; a mark (a PortalAssumption element) reads as its label. */
function cellText(nodes: Node[]): string {
  return nodes
    .map((node) => {
      const attributes = (node as unknown as {name?: string; attributes?: {name: string; value: string}[]}).name === 'PortalAssumption' ? (node as unknown as {attributes: {name: string; value: string}[]}).attributes : undefined;
      return attributes ? (attributes.find((attribute) => attribute.name === 'label')?.value ?? '') : (node.value ?? cellText(node.children ?? []));
    })
    .join('');
}

function tablesIn(nodes: Node[]): Node[] {
  return nodes.flatMap((node) => (node.type === 'table' ? [node] : tablesIn(node.children ?? [])));
}

const lists = (found: Node[]): Node[] => found.flatMap((node) => (node.type === 'list' ? [node] : lists(node.children ?? [])));

/** The entries of a field list: each field's name, its facts line (type · limits · presence) and whether it carries the assumption tag. */
function fieldEntries(nodes: Node[]): {name: string; facts: string; assumed: boolean; boundsAssumed: boolean; description: string}[] {
  const [fieldList] = lists(nodes);
  return (fieldList?.children ?? []).map((item) => {
    const [head, ...rest] = item.children!;
    const [line] = head.children!;
    const [nameNode, , factsNode] = line.children!;
    // A mark on a fact is a PortalAssumption element: its label stands in its place here.
    const withLabels = (nodes: Node[]): Node[] =>
      nodes.map((node) => ((node as {name?: string}).name === 'PortalAssumption' ? {type: 'text', value: ` ${String(((node as unknown as {attributes: {name: string; value: string}[]}).attributes.find((attribute) => attribute.name === 'label'))?.value)} `} : node));
    const facts = cellText(withLabels(factsNode.children!)).replace(/\s+/g, ' ').trim();
    // The tag follows what it labels: "required Portal assumption", or a field's limits.
    const assumed = /required\s*Portal assumption$/.test(facts);
    const boundsAssumed = facts.replace(/required\s*Portal assumption/, 'required').includes('Portal assumption');
    return {name: nameNode.value!, facts: facts.replace(/\s*Portal assumption/g, ''), assumed, boundsAssumed, description: cellText(rest)};
  });
}

test('the facts line of every field reads as whole phrases', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const problems: string[] = [];
  let entries = 0;
  for (const [name, schema] of Object.entries(schemas)) {
    const isObject = Boolean(schema.properties || schema.allOf);
    if (!isObject) {
      continue;
    }
    for (const entry of fieldEntries(renderers.SchemaFields(docsContract, {schema: name}, newPageState()))) {
      entries++;
      // Dangling parts: an empty "( )", a separator with nothing after it, a bare "each:" prefix.
      if (/\(\s*[;,]?\s*\)|\(\s*;|;\s*\)|;\s*;|;\s*$|^\s*;|·\s*·|·\s*$|each:\s*(;|\)|·|$)/.test(entry.facts)) {
        problems.push(`${name}.${entry.name}: "${entry.facts}"`);
      }
      // Bounds as the specification writes them: no thousands separators (a YYYYMMDD date bound
      // would read 20,250,417), and an exact length reads "5 characters", not "5 to 5 characters".
      const garbled = /\d,\d{3}/.exec(entry.facts) ?? /\b(\d+) to \1 characters/.exec(entry.facts);
      if (garbled) {
        problems.push(`${name}.${entry.name}: "${entry.facts}" (${garbled[0]})`);
      }
    }
  }
  expect(entries).toBeGreaterThan(200);
  expect(problems).toEqual([]);
});

test('an array of enumerated values shows its item limit once, whole', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const entry = fieldEntries(renderers.SchemaFields(docsContract, {schema: 'RateQuoteRequest'}, newPageState())).find((candidate) => candidate.name === 'specialServices')!;
  expect(entry.facts).toBe('array of string · each: one of 9 values (SpecialService)');
});

test("the pickup request's borrowed limits are marked on each limit, with the request's one question; the BOL plus pickup's own limits and the probill range are not", () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const rendered = (schema: string) => renderers.SchemaFields(docsContract, {schema}, newPageState());
  /** The register rows that the marks on each field's limits link to, by field. */
  const limitMarks = (nodes: Node[]) => {
    const found = new Map<string, string>();
    for (const item of (nodes.find((node) => (node.children ?? []).some((child) => child.type === 'list'))?.children?.[0]?.children ?? [])) {
      const line = JSON.stringify(item);
      const name = /"type":"inlineCode","value":"([^"]+)"/.exec(line)?.[1];
      const mark = /"name":"aspects","value":"(limits|values)"[^}]*\}(?:,\{[^}]*\})*?,\{"type":"mdxJsxAttribute","name":"href","value":"[^"#]*#([^"]+)"/.exec(line);
      if (name && mark) found.set(name, mark[2]);
    }
    return found;
  };
  const pickup = rendered('PickupRequest');
  // No blanket line above the list: each limit carries the mark.
  expect(JSON.stringify(pickup[0])).not.toContain('for the limits and values below');
  const marked = limitMarks(pickup);
  for (const field of ['bol', 'purchaseOrder', 'pickupFrom.name', 'shipTo.name', 'items[].description']) {
    expect(marked.get(field), field).toBe('pickuprequest');
  }
  // A field whose limit has its own question keeps it: the pickup window's times.
  expect(marked.get('pickupWindow.windowStartTime')).toBe('clocktime');
  for (const schema of ['BolPickupRequest', 'ProofOfDeliveryRequest']) {
    expect([...limitMarks(rendered(schema)).values()].filter((row) => row === 'pickuprequest'), schema).toEqual([]);
    expect(limitMarks(rendered(schema)).has('bol') || limitMarks(rendered(schema)).has('signerName'), schema).toBe(false);
  }
});

test('a field is marked required or optional only where the specification says so, and the page explains it once', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const presence = (schema: string) =>
    Object.fromEntries(
      fieldEntries(renderers.SchemaFields(docsContract, {schema}, newPageState())).map((entry) => [
        entry.name,
        `${/· required$/.test(entry.facts) ? 'required' : /· optional$/.test(entry.facts) ? 'optional' : 'no mark'}${entry.assumed ? ' (portal assumption)' : ''}`,
      ]),
    );
  // "all required" (spec line 88): required, as the carrier's fact.
  expect(new Set(Object.values(presence('ProofOfDeliveryRequest')))).toEqual(new Set(['required']));
  // Only notes is called optional (line 89); the rest is the contract's assumption, labelled so.
  const appointment = presence('AppointmentRequest');
  expect(appointment.notes).toBe('optional');
  expect(appointment.probillNumber).toBe('required (portal assumption)');
  // Nothing marked (line 98): the list must not answer for the carrier.
  expect(presence('TokenRequest')).toEqual({id: 'no mark', pw: 'no mark'});
  // The convention is said after the page's first field list, and not after the next.
  const page = newPageState();
  const first = renderers.SchemaFields(docsContract, {schema: 'TokenRequest'}, page).map((node) => cellText([node])).join(' ');
  const second = renderers.SchemaFields(docsContract, {schema: 'PickupRequest'}, page).map((node) => cellText([node])).join(' ');
  expect(first).toContain('the carrier has not said which');
  expect(second).not.toContain('the carrier has not said which');
});

test('the contract cites the types the specification gives, each on its schema or field (x-spec-type)', () => {
  const stated = statedTypes(schemas as never);
  // Among them: a schema's own type, and a field's.
  expect(stated.ProbillNumber).toBe('Every probillNumber is an integer');
  expect(stated['Transit.transitDays']).toBe('transitDays (integer)');
  expect(Object.keys(stated).length).toBeGreaterThanOrEqual(18);
});

test("a guide's response example is the example alone: what its values leave open is in the call's Open questions", () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  for (const operation of ['listAgentLiveProbills', 'getTransitEta', 'createAppointment']) {
    expect(renderers.ResponseExample(docsContract, {operation}, newPageState()).map((node) => node.type), operation).toEqual(['code']);
  }
});

test('a response example keeps its note above it unless the page says note="omit", and an unknown note stops the build', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const render = (note?: string) => renderers.ResponseExample(docsContract, {operation: 'getProbillTracking', status: '400', ...(note ? {note} : {})}, newPageState()).map((node) => node.type);
  // The generic 400's example carries a note (what the carrier leaves open): shown by default, as on /api/.
  expect(render()).toEqual(['paragraph', 'code']);
  expect(render('omit')).toEqual(['code']);
  expect(() => render('hide')).toThrow('note="hide" is not known');
});

test("the 401's status carries the mark of its API-wide question, in place of the description's own mark, and no cell shows asterisks", () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const [tableNode] = tablesIn(renderers.ErrorResponses(docsContract, {operation: 'requestPickup'}, newPageState()));
  const rows = tableNode.children!.slice(1);
  const unauthorized = rows.find((row) => cellText(row.children![0].children!).startsWith('401'))!;
  const mark = unauthorized.children![0].children!.find((node) => (node as {name?: string}).name === 'PortalAssumption') as unknown as {attributes: {name: string; value: string}[]};
  expect(mark.attributes.find((attribute) => attribute.name === 'href')?.value).toBe('/docs/guides/open-questions#api-unauthorized-status');
  expect(cellText(unauthorized.children![1].children!)).not.toContain('Portal assumption');
  expect(rows.map((row) => row.children!.map((cell) => cellText(cell.children!)).join(' ')).join(' ')).not.toContain('**');
});

test("an error answer the portal ties to a call (the generic 400, a catalogue message) has its status tagged, once; the carrier's own are not", () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const statusCells = (operation: string) =>
    Object.fromEntries(tablesIn(renderers.ErrorResponses(docsContract, {operation}, newPageState()))[0].children!.slice(1).map((row) => {
      const cell = cellText(row.children![0].children!);
      return [cell.split(' ')[0], cell];
    }));
  // Section 8 gives the generic 400 and the catalogue's messages without a call.
  expect(statusCells('listLiveProbills')['400']).toBe('400 Portal assumption');
  expect(statusCells('requestPickup')['400']).toBe('400 Portal assumption');
  // Sections 5 and 8 give the reschedule's 400 and 422, and the ETA's 422.
  expect(statusCells('reschedulePickup')).toMatchObject({'400': '400', '422': '422'});
  expect(statusCells('getTransitEta')['422']).toBe('422');
});

test('an error answer whose message the carrier leaves open says so in its Messages cell, before any example message', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const messagesByStatus = (nodes: Node[]) =>
    Object.fromEntries(tablesIn(nodes)[0].children!.slice(1).map((row) => [cellText(row.children![0].children!).split(' ')[0], cellText(row.children![2].children!)]));
  const documents = messagesByStatus(renderers.ErrorResponses(docsContract, {operation: 'getProbillDocuments'}, newPageState()));
  expect(documents['400']).toBe('not stated; example: Error in processing the request Portal assumption');
  expect(documents['404']).toBe('not stated');
  // A message the catalogue gives stays bare.
  const reschedule = messagesByStatus(renderers.ErrorResponses(docsContract, {operation: 'reschedulePickup'}, newPageState()));
  expect(reschedule['400']).toMatch(/Portal assumption · pickupNumber should not be empty · time must be in format \(HH:MM, 00:00-23:59\)$/);
  // The reschedule's rules (section 5) and the catalogue's examples (section 8) are the carrier's; the
  // body they come in is the portal's (sixth outside read): one mark after the messages. The generic
  // message beside them is tied to no call by the carrier: it carries the question of which calls give
  // it (sixteenth outside read), beside the body's mark. It comes first, its marks right after it: last,
  // they read as covering the carrier's messages before them (twenty-first and twenty-second reads).
  expect(reschedule['400']).toBe('Error in processing the request Portal assumption Portal assumption · pickupNumber should not be empty · time must be in format (HH:MM, 00:00-23:59)');
  // A catalogue message the portal ties to a call: the row's status is tagged with that question (which
  // calls give it); the messages stay bare, and the body they come in carries the mark of its own
  // question, asked once on ErrorResponse (the register's M12: not again on each 400).
  const request = messagesByStatus(renderers.ErrorResponses(docsContract, {operation: 'requestPickup'}, newPageState()));
  expect(request['400']).toBe('time must be in format (HH:MM, 00:00-23:59) · Error in processing the request Portal assumption');
  const requestCells = tablesIn(renderers.ErrorResponses(docsContract, {operation: 'requestPickup'}, newPageState()))[0].children!.slice(1)[0].children!;
  const hrefs = (cell: Node) => JSON.stringify(cell).match(/open-questions#[\w-]+/g);
  expect(hrefs(requestCells[0])).toEqual(['open-questions#timeformatbadrequest']);
  expect(hrefs(requestCells[2])).toEqual(['open-questions#errorresponse']);
  // That mark follows the carrier's own messages, so it names the body's shape, not "shape" alone, which
  // read as covering the message beside it (twelfth outside read, M2).
  const cancel422 = tablesIn(renderers.ErrorResponses(docsContract, {operation: 'cancelPickup'}, newPageState()))[0].children!.find((row) => cellText(row.children![0].children!).startsWith('422'))!;
  expect(JSON.stringify(cancel422.children![2])).toMatch(/"name":"aspects","value":"body shape"/);
  // The catalogue groups on the same cells.
  const catalogue = tablesIn(renderers.ErrorCatalogue(docsContract, {}, newPageState()))[0].children!.slice(1).map((row) => row.children!.map((cell) => cellText(cell.children!)));
  expect(catalogue.filter((row) => row[2].startsWith('not stated; example:'))).toEqual([
    expect.arrayContaining(['400', 'not stated; example: Error in processing the request Portal assumption', 'GET /documents/probill']),
  ]);
});

test("the introduction's list of the types the specification gives names every entry of statedTypes", () => {
  const description = (contract as unknown as {info: {description: string}}).info.description.replace(/\s+/g, ' ');
  const sentence = /The specification types [^.]*\./.exec(description)?.[0] ?? '';
  // Every other type is the portal's, and the introduction says so once, among its assumptions.
  expect(description).toMatch(/## Portal assumptions[\s\S]*\*\*Types\*\*(\]\([^)]*\))? the specification does not give/);
  // Named elsewhere in the introduction: the token under Authentication, the others in the Formats table.
  const namedElsewhere: Record<string, string> = {
    'TokenResponse.access_token': 'The token is a JWT',
    'IncomingFreight.estArrivalDate': '(`estArrivalDate`) | YYYYMMDD',
    CalendarDate: '| YYYY-MM-DD |',
    TenderDate: '| Tender date (rate quote, ETA) | an ISO date |',
    ClockTime: '| HH:MM;',
  };
  const schemaWords: Record<string, string> = {ProbillNumber: 'probill numbers (integers)', ProbillNumberOutsideAgentsAndTracking: 'probill numbers (integers)', NumericDate: 'tracking dates and times (numbers)', NumericTime: 'tracking dates and times (numbers)'};
  const missing = Object.keys(statedTypes(schemas as never)).filter((key) => {
    if (key in namedElsewhere) {
      return !description.includes(namedElsewhere[key]);
    }
    const words = schemaWords[key] ?? `\`${key.split('.').pop()}\``;
    return !sentence.includes(words);
  });
  expect(missing).toEqual([]);
});

test('limits or values the specification gives for one call are the carrier\'s in that call\'s field list, and marked in the others (x-open.stated-in)', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  // The marks on a field's line: each a PortalAssumption element, with its label and aspects.
  const marksOf = (schema: string, field: string) => {
    const list = renderers.SchemaFields(docsContract, {schema}, newPageState());
    const entry = lists(list)[0].children!.find((item) => cellText([item.children![0].children![0].children![0]]) === field)!;
    const facts = entry.children![0].children![0].children![2].children!;
    return facts
      .filter((node) => node.type === 'mdxJsxFlowElement' && (node as {name?: string}).name === 'PortalAssumption')
      .map((node) => Object.fromEntries(((node as unknown as {attributes: {name: string; value: string}[]}).attributes).map(({name, value}) => [name, value])))
      .map((attributes) => `${attributes.label}: ${attributes.aspects}`);
  };
  // Section 5 gives the BOL's "timeZoneOffset up to 999", and section 9 its item types.
  expect(marksOf('BolPickupRequest', 'pickupWindow.timeZoneOffset')).not.toContain('Portal assumption: limits');
  expect(marksOf('PickupRequest', 'pickupWindow.timeZoneOffset')).toContain('Portal assumption: limits');
  expect(marksOf('BolPickupRequest', 'items[].type').join()).not.toContain('values');
  // Section 5 gives the reschedule's times, 00:00 to 23:59.
  expect(marksOf('ReschedulePickupRequest', 'pickupWindow.windowStartTime').join()).not.toContain('limits');
  expect(marksOf('PickupRequest', 'pickupWindow.windowStartTime')).toContain('Portal assumption: limits');
  // Every schema `stated-in` names is one of the contract's.
  const named = JSON.stringify(schemas).match(/"stated-in":\[[^\]]*\]/g) ?? [];
  expect(named.length).toBeGreaterThanOrEqual(3);
  expect(named.flatMap((list) => JSON.parse(`{${list}}`)['stated-in'] as string[]).filter((name) => !schemas[name])).toEqual([]);
});

test('the served openapi.json, which the downloads and generated clients read, marks those limits and values per call too: a shared part whose facts differ by call is a component of each call\'s', () => {
  // The marks of a served field's own description, as "label: aspects #row".
  const servedMarks = (schema: string, field: string) => {
    const node = (schemas[schema].properties as Record<string, SchemaNode>)[field];
    return [...(node.description ?? '').matchAll(/\*\[([^\]]*)\]\([^)]*#([a-z0-9-]+)\)\*/g)].map(([, words, id]) => `${words} #${id}`);
  };
  // Section 5 gives the reschedule's times (00:00 to 23:59) and its pickup number's (not empty).
  expect(servedMarks('ReschedulePickupWindow', 'windowStartTime')).toEqual([]);
  expect(servedMarks('PickupWindow', 'windowStartTime')).toEqual(['Portal assumption: limits #clocktime']);
  expect(servedMarks('BolPickupWindow', 'windowStartTime')).toEqual(['Portal assumption: limits #clocktime']);
  expect(servedMarks('ReschedulePickupRequest', 'pickupNumber')).toEqual(['Portal assumption: type #pickupnumber']);
  expect(servedMarks('CancelPickupRequest', 'pickupNumber').join()).toContain('limits, type #pickupnumber');
  // Section 5 gives the BOL's "timeZoneOffset up to 999", and section 9 its item types. The row assumes
  // the type and, outside the BOL, its bound; whose zone and which sign stay open (x-open.assumes),
  // named as such (x-open.aspect-labels): its unit, minutes, is stated (fourteenth outside read).
  expect(servedMarks('BolPickupWindow', 'timeZoneOffset')).toEqual(['Portal assumption: type; Open: sign, whose time zone #timezoneoffset']);
  expect(servedMarks('PickupWindow', 'timeZoneOffset')).toEqual(['Portal assumption: limits, type; Open: sign, whose time zone #timezoneoffset']);
  expect(servedMarks('BolItem', 'type').join()).not.toContain('values');
  // Nor does the reschedule's Open questions block ask the range of its times.
  expect(callOpenQuestions(contract as never, 'reschedulePickup').map(({row}) => row.id)).not.toContain('clocktime');
  expect(callOpenQuestions(contract as never, 'requestPickup').map(({row}) => row.id)).toContain('clocktime');
});

test('/api/ marks the limits and values of each call\'s fields as that call\'s field list does, where a shared part\'s facts differ by call', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const page = markEachCall(contract) as typeof contract;
  const pageSchemas = page.components.schemas as Record<string, SchemaNode>;
  const resolved = (node: SchemaNode): SchemaNode => (node.$ref ? {...pageSchemas[node.$ref.split('/').pop()!], ...node, $ref: undefined} : node);
  // A field of /api/'s copy by its path in the guide (`pickupFrom.zip`, `items[].type`).
  const fieldAt = (schema: SchemaNode, fieldPath: string): SchemaNode | undefined =>
    fieldPath.split('.').reduce<SchemaNode | undefined>((node, step) => {
      const holder = (found: SchemaNode | undefined, name: string): SchemaNode | undefined => {
        if (!found) return undefined;
        const here = resolved(found);
        return here.properties?.[name] ?? (here.allOf ?? []).map((part) => holder(part, name)).find(Boolean);
      };
      const [name, ...arrays] = step.split('[]');
      return arrays.reduce<SchemaNode | undefined>((found) => (found ? resolved(found).items : undefined), holder(node, name));
    }, schema);
  // The register rows marked on limits or values, and the API-wide row of assumed types: `id` from each mark's link.
  const limitIds = (marks: {label: string; aspects: string; href: string}[]) =>
    marks.filter(({aspects, href}) => /limits|values/.test(aspects) || href.endsWith(`#${assumedTypesRowId}`)).map(({href}) => href.split('#')[1]).sort();
  const apiMarks = (description = '') =>
    [...description.matchAll(/\*\[([^:\]]*): ([^\]]*)\]\([^)]*#([a-z0-9-]+)\)\*/g)].map(([, label, aspects, id]) => ({label, aspects, href: `#${id}`}));
  const calls = [...new Set(operations().flatMap(({operation}) => {
    const reference = (operation.requestBody as {content?: {'application/json'?: {schema?: {$ref?: string}}}} | undefined)?.content?.['application/json']?.schema?.$ref;
    return reference ? [reference.split('/').pop()!] : [];
  }))];
  const disagreements: string[] = [];
  let compared = 0;
  let typeMarked = 0;
  for (const call of calls) {
    const list = renderers.SchemaFields(docsContract, {schema: call}, newPageState());
    for (const item of lists(list)[0].children!) {
      const name = cellText([item.children![0].children![0].children![0]]);
      const facts = item.children![0].children![0].children![2].children!;
      const guide = facts
        .filter((node) => node.type === 'mdxJsxFlowElement' && (node as {name?: string}).name === 'PortalAssumption')
        .map((node) => Object.fromEntries(((node as unknown as {attributes: {name: string; value: string}[]}).attributes).map(({name, value}) => [name, value])) as {label: string; aspects: string; href: string});
      const field = fieldAt(pageSchemas[call], name);
      if (!field) continue;
      compared += 1;
      const shown = field.description ?? resolved(field).description;
      const [onGuide, onApi] = [limitIds(guide), limitIds(apiMarks(shown))];
      if (onGuide.includes(assumedTypesRowId)) typeMarked += 1;
      if (onGuide.join() !== onApi.join()) disagreements.push(`${call} ${name}: guide [${onGuide}], /api/ [${onApi}]`);
    }
  }
  expect(compared).toBeGreaterThan(100);
  expect(typeMarked).toBeGreaterThan(30);
  expect(disagreements).toEqual([]);
});

test('/api/ labels a field\'s mark as its guide does: "Portal assumption" where the line shows the assumed fact, "Open" where it shows none', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const page = markEachCall(contract) as typeof contract;
  const served = JSON.stringify(page);
  const apiLabels = new Map<string, Set<string>>();
  for (const [, label, id] of served.matchAll(/\*\[(Open|Portal assumption): [^\]]*\]\([^)]*#([a-z0-9-]+)\)\*/g)) {
    apiLabels.set(id, new Set([...(apiLabels.get(id) ?? []), label]));
  }
  const guideLabels = new Map<string, Set<string>>();
  for (const name of Object.keys(schemas)) {
    let list: Node[];
    try {
      list = renderers.SchemaFields(docsContract, {schema: name}, newPageState());
    } catch {
      continue;
    }
    const visit = (nodes: Node[]): void => {
      for (const node of nodes) {
        if (node.type === 'mdxJsxFlowElement' && (node as {name?: string}).name === 'PortalAssumption') {
          const attributes = Object.fromEntries(((node as unknown as {attributes: {name: string; value: string}[]}).attributes).map(({name: key, value}) => [key, value]));
          const id = String(attributes.href ?? '').split('#')[1];
          if (id) guideLabels.set(id, new Set([...(guideLabels.get(id) ?? []), String(attributes.label)]));
        }
        visit(node.children ?? []);
      }
    };
    visit(list);
  }
  // A row the guide marks with one label everywhere, which /api/ marks too, carries that label there.
  const differing = [...guideLabels]
    .filter(([id, labels]) => labels.size === 1 && apiLabels.has(id) && apiLabels.get(id)!.size === 1)
    .filter(([id, labels]) => [...labels][0] !== [...apiLabels.get(id)!][0])
    .map(([id, labels]) => `${id}: guide ${[...labels][0]}, /api/ ${[...apiLabels.get(id)!][0]}`);
  expect(guideLabels.size).toBeGreaterThan(50);
  expect(differing).toEqual([]);
});

test('a field list leaves a shape to the section that lists it (described="Item: Describe the items"), linking it, and a bad entry stops the build', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const render = (described?: string) => JSON.stringify(renderers.SchemaFields(docsContract, {schema: 'WarehouseShipment', depth: '3', ...(described ? {described} : {})}, newPageState()));
  // Without it, the 24 item fields are listed under the shipment.
  expect(render()).toContain('items[].sku');
  const left = render('Item: Describe the items');
  expect(left).not.toContain('items[].sku');
  expect(left).toContain('the fields of each entry under ');
  expect(left).toContain('"url":"#describe-the-items"');
  expect(() => render('Items: Describe the items')).toThrow();
  expect(() => render('Describe the items')).toThrow('write each entry as "Schema: Section heading"');
});

test("a call's Try it comes with the sandbox's values for that call, from the sandbox's own list, and none where it has none", () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const token = JSON.stringify(renderers.TryIt(docsContract, {operation: 'createUserToken'}, newPageState()));
  expect(token).toContain('SANDBOX-EXPIRED');
  expect(token).toContain('"url":"/docs/Agents/test-enviroment#magic-values"');
  expect(renderers.TryIt(docsContract, {operation: 'getAgentProbill'}, newPageState()).map((node) => node.type)).toEqual(['mdxJsxFlowElement']);
});

test('a page\'s own question marks in a word or two where the page says so (says="contact"), and says= on a contract row stops the build', () => {
  const docsContract = Contract.load(path.resolve(__dirname, '../../..'));
  const mark = (props: Record<string, string>) => JSON.stringify(renderers.PortalAssumption(docsContract, props, newPageState()));
  // Without it, the mark names the whole question, a sentence with a parenthesis.
  expect(mark({row: 'page-docs-edi-3'})).toContain('(this portal shows a placeholder');
  expect(mark({row: 'page-docs-edi-3', says: 'contact'})).toContain('"name":"aspects","value":"contact"');
  expect(() => mark({row: 'tokenresponse-expires-in', says: 'lifetime'})).toThrow('says names a page\'s own question');
});
