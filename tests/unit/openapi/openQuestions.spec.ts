import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {docsPages} from '../../../contract/docsPages';
import {callOpenQuestions, markerText, openQuestions, registerRows} from '../../../contract/openQuestions';
import {Contract} from '../../../src/remark/contract/contract';
import {newPageState, renderers} from '../../../src/remark/contract/renderers';
import {expandContractComponents} from '../../../src/remark/contract';
import type {Node} from '../../../src/remark/contract/mdast';
import {contract, operations} from './contract';
import {openApiJsonPath, publishedFile} from '../../../contract/outputs';

/**
 * Every silence reaches the reader where it belongs (issue 35): in the Open questions block of each
 * call that reaches it, and once in the register; a page lists a question once.
 */
const projectRoot = path.resolve(__dirname, '../../..');
const rows = openQuestions(contract as never);

test('every open question reaches a call, or is one of the API-wide ones the introduction states', () => {
  const reached = new Set(operations().flatMap(({operation}) => callOpenQuestions(contract as never, operation.operationId as string).map(({row}) => row.id)));
  // The shared answers (401, the generic 400) and the schemas only they use are the API's, stated once.
  const shared = JSON.stringify((contract as unknown as {components: {responses: object}}).components.responses);
  const sharedSchemas = new Set([...shared.matchAll(/#\/components\/schemas\/(\w+)/g)].map((match) => `schema ${match[1]}`));
  const apiWide = rows.filter((row) => row.home === 'servers' || row.home.startsWith('response ') || sharedSchemas.has(row.home));
  const orphans = rows.filter((row) => !reached.has(row.id) && !apiWide.includes(row)).map((row) => `${row.home} ${row.field}`);
  // Schemas no call uses (the site's own structures) would land here; the contract has none.
  expect(orphans).toEqual([]);
  expect(rows.length).toBeGreaterThan(150);
});

test('every call of the contract has its Open questions block in the guides, exactly once', () => {
  const blocks = docsPages(path.join(projectRoot, 'docs')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<OpenQuestions operation="(\w+)" \/>/g)].map((match) => match[1]),
  );
  const ids = operations().map(({operation}) => operation.operationId as string);
  expect([...blocks].sort()).toEqual([...ids].sort());
});

/** The text of a rendered node. */
const textOf = (nodes: Node[]): string => nodes.map((node) => node.value ?? textOf(node.children ?? [])).join('');

test('a page lists a question once: a later call that reaches it points back to the first', () => {
  const docsContract = Contract.load(projectRoot);
  const page = newPageState();
  const first = textOf(renderers.OpenQuestions(docsContract, {operation: 'requestPickup'}, page));
  const second = renderers.OpenQuestions(docsContract, {operation: 'reschedulePickup'}, page);
  // The pickup window's time zone offset is open on both calls: listed under the first only.
  expect(first).toContain('pickupWindow.timeZoneOffset');
  // The pointer names each question by its mark's words, and the field it is listed under there where
  // the name differs. The request's answer holds the number this call sends, and this call answers a
  // pickupNumber of its own: the entry names its place there, not "where answer.pickupNumber is this
  // call's pickupNumber", which reads as this call's answer.
  expect(textOf(second)).toMatch(/Also as under Request a pickup: pickupNumber \(there answer\.pickupNumber, Portal assumption: type\), .*pickupWindow\.timeZoneOffset \(Portal assumption: limits, type; Open: sign, whose time zone\)/);
  expect(textOf(second)).not.toContain(', where ');
  const links = JSON.stringify(second);
  expect(links).toContain('"url":"#open-questions-requestpickup"');
  // On a page of its own, the second call lists it in full.
  const alone = textOf(renderers.OpenQuestions(docsContract, {operation: 'reschedulePickup'}, newPageState()));
  expect(alone).not.toContain('as under');
  expect(alone).toContain('pickupWindow.timeZoneOffset');
});

test('a pointer whose fields sit under different paths there names each one\'s path, and two questions on one field make one entry', () => {
  const docsContract = Contract.load(projectRoot);
  const page = newPageState();
  renderers.OpenQuestions(docsContract, {operation: 'listAgentLiveProbills'}, page);
  // The manifest's probills are the list's results under another name, beside its own manifestNumber: no one prefix.
  const manifest = textOf(renderers.OpenQuestions(docsContract, {operation: 'getAgentManifest'}, page));
  expect(manifest).toContain('answer.probills[].etaDate (there answer.results[].etaDate, Open: type, format)');
  expect(manifest).not.toContain(', where ');
  const warehouse = newPageState();
  renderers.OpenQuestions(docsContract, {operation: 'createWarehouseShipment'}, warehouse);
  const receipt = textOf(renderers.OpenQuestions(docsContract, {operation: 'createWarehouseReceipt'}, warehouse));
  // The probill number's meaning and its borrowed range: one entry, both named, under one label.
  expect(receipt).toContain('answer.probillNumber (Portal assumption: meaning, limits)');
  // An entry whose mark is Open says so, as the field's own mark does.
  expect(receipt).toContain('items[].roll (Open: presence)');
  expect(receipt).toContain("where shipTo is this call's shipFrom");
});

test('the guides never show /api/\'s markers: the call\'s block says it', () => {
  const docsContract = Contract.load(projectRoot);
  const shown = Object.keys((contract as unknown as {components: {schemas: object}}).components.schemas).flatMap((schema) => {
    try {
      return [textOf(renderers.SchemaFields(docsContract, {schema}, newPageState()))];
    } catch {
      return [];
    }
  });
  expect(shown.length).toBeGreaterThan(40);
  expect(shown.filter((text) => /\b(Open|Portal assumption): /.test(text))).toEqual([]);
});

/**
 * A field's line as a reader sees it, each mark written `[label: aspects → register row]` where it sits.
 */
function fieldLines(nodes: Node[]): Map<string, string> {
  const lines = new Map<string, string>();
  const lineText = (node: Node): string => {
    if (node.name === 'PortalAssumption') {
      const attribute = (name: string) => (node.attributes as {name: string; value: string}[]).find((candidate) => candidate.name === name)?.value;
      return `[${attribute('label')}: ${attribute('aspects')} → ${attribute('href')}]`;
    }
    return (node.value as string | undefined) ?? (node.children ?? []).map(lineText).join('');
  };
  const visit = (node: Node) => {
    if ((node.attributes as {value: unknown}[] | undefined)?.some((attribute) => attribute.value === 'field-list__head')) {
      const [name, ...facts] = lineText(node).split(' ');
      lines.set(name, facts.join(' '));
    } else {
      (node.children ?? []).forEach(visit);
    }
  };
  nodes.forEach(visit);
  return lines;
}

test('a field list marks each fact the portal assumes on the fact itself, linked to its question; a fact the carrier states has none', () => {
  const docsContract = Contract.load(projectRoot);
  const pickup = fieldLines(renderers.SchemaFields(docsContract, {schema: 'PickupRequest', depth: '3'}, newPageState()));
  // The ZIP code's JSON type is open; its bound is the BOL plus pickup's (section 5, "zip up to
  // 99999"), which the pickup request borrows. One row of the register covers both parties' ZIP codes:
  // each field carries the mark.
  expect(pickup.get('pickupFrom.zip')).toBe('integer [Portal assumption: type → /docs/guides/open-questions#pickupparty-zip] · up to 99999 [Portal assumption: limits → /docs/guides/open-questions#pickuprequest]');
  expect(pickup.get('shipTo.zip')).toBe(pickup.get('pickupFrom.zip'));
  // Stated by the carrier for the BOL plus pickup: no mark there.
  const bolPickup = fieldLines(renderers.SchemaFields(docsContract, {schema: 'BolPickupRequest', depth: '3'}, newPageState()));
  expect(bolPickup.get('bol')).toBe('string · up to 20 characters');
  expect(bolPickup.get('pickupFrom.zip')).toBe('integer [Portal assumption: type → /docs/guides/open-questions#pickupparty-zip] · up to 99999');
  // An open unit the portal does not fill is "Open", on the number it bends, after the mark of the
  // type the portal reads ("number").
  expect(pickup.get('totalWeight')).toMatch(/^number \[Portal assumption: type → \S+#api-json-types\] \[Open: unit → \S+\] · up to 9999999 \[Portal assumption: limits → \S+\]$/);
  // A pattern the portal chose is marked after the limits, where the pattern is shown.
  const quote = fieldLines(renderers.SchemaFields(docsContract, {schema: 'RateQuoteRequest'}, newPageState()));
  expect(quote.get('originZipcode')).toMatch(/^string · 5 characters; pattern \S+ \[Portal assumption: format → \S+#zipcode\]$/);
  const token = fieldLines(renderers.SchemaFields(docsContract, {schema: 'TokenResponse'}, newPageState()));
  expect(token.get('expires_in')).toMatch(/^integer \[Portal assumption: meaning, unit, type → \S+\]$/);
  // A type no words of the carrier give carries the one API-wide row's mark; a field's own question on
  // its type (expires_in's, above) takes its place; a type the carrier gives (token_type, "Bearer") has none.
  const typeMark = '[Portal assumption: type → /docs/guides/open-questions#api-json-types]';
  const login = fieldLines(renderers.SchemaFields(docsContract, {schema: 'TokenRequest'}, newPageState()));
  expect(login.get('pw')).toBe(`string ${typeMark}`);
  expect(token.get('token_type')).toBe('string · always Bearer');
  // A bare-number limit on text ("purchaseOrder 12") rests on the assumed type, and its unit, characters,
  // is the portal's reading too: one mark after the limit names both (eleventh outside read: a "type"
  // mark hid the unit); "bol up to 20 characters" gives both, and has none.
  expect(bolPickup.get('purchaseOrder')).toBe('string · up to 12 characters [Portal assumption: type, unit → /docs/guides/open-questions#api-json-types]');
  expect(bolPickup.get('bol')).toBe('string · up to 20 characters');
  // Every mark links to a row the register has.
  const ids = new Set(registerRows(contract as never).map((row) => row.id));
  const linked = [...pickup.values(), ...quote.values(), ...token.values(), ...login.values()].flatMap((line) => [...line.matchAll(/#([a-z0-9-]+)\]/g)].map((match) => match[1]));
  expect(linked.length).toBeGreaterThan(10);
  expect(linked.filter((id) => !ids.has(id))).toEqual([]);
});

test("/api/ shows a request's or an answer's top-level marker where Redoc draws it: on the request body and on the answer", () => {
  const served = JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8'));
  const pickupRequest = rows.find((row) => row.home === 'schema PickupRequest' && row.field === '')!;
  expect(served.paths['/order/pickup/request'].post.requestBody.description).toContain(`open-questions#${pickupRequest.id})`);
  const manifest = rows.find((row) => row.home === 'schema AgentManifestResponse' && row.field === '')!;
  // Plain on an answer, joined with the answer's other assumptions ("status, shape"), as the guides join marks.
  expect(served.paths['/agent/manifest'].get.responses['200'].description).toMatch(new RegExp(`\\*Portal assumption: (?:[^*]*, )?${manifest.aspects.join(', ')}\\*$`));
  expect(served.paths['/agent/manifest'].get.responses['200'].description).not.toMatch(/\* \*Portal assumption/);
});

test("a call's own error answer made of the shared error bodies, even inside anyOf, leaves their questions to the register", () => {
  const reached = callOpenQuestions(contract as never, 'getProbillDocuments').map(({row}) => row.home);
  expect(reached.filter((home) => /ErrorResponse|ValidationError/.test(home))).toEqual([]);
  // Its own answers' questions are still there.
  expect(reached).toEqual(expect.arrayContaining([expect.stringMatching(/getProbillDocuments|GetDocumentsResponse|ProbillDocument/)]));
});

test("a call's Open questions block is collapsed to one line with its count, and lists each question with the assumption, and the sandbox only where it says more", () => {
  const docsContract = Contract.load(projectRoot);
  const [block] = renderers.OpenQuestions(docsContract, {operation: 'requestPickup'}, newPageState());
  expect(block.name).toBe('details');
  const [summary, ...content] = block.children!;
  const reached = callOpenQuestions(contract as never, 'requestPickup');
  expect(textOf([summary])).toBe(`Open questions: Request a pickup (${new Set(reached.map(({row, field}) => `${field}|${row.id}`)).size})`);
  const items = (content.find((node) => node.type === 'list')?.children ?? []).map((item) => textOf([item]));
  const zip = items.find((item) => item.startsWith('pickupFrom.zip:'));
  expect(zip).toBe('pickupFrom.zip: JSON type; how a ZIP code with a leading zero is sent. Assumed: integer, as the bound is numeric; an integer drops a leading 0 (06001 is sent as 6001)');
  // The sandbox is named where its row says what it does, not where it only follows the assumption.
  expect(items.find((item) => item.startsWith('pickupWindow.timeZoneOffset:'))).toMatch(/ Sandbox: takes either sign/);
  expect(items.filter((item) => item.includes('Sandbox: as assumed'))).toEqual([]);
});

test("an answer line marks the answer's shape where the carrier leaves it open, apart from the status's tag", () => {
  const docsContract = Contract.load(projectRoot);
  const answerLine = (operation: string) => {
    const nodes = renderers.OperationSummary(docsContract, {operation}, newPageState());
    const line = JSON.stringify(nodes);
    return line.slice(line.indexOf('"Answers "'));
  };
  // The reschedule's answer: the specification says "new pickup number" and names no field.
  const reschedule = answerLine('reschedulePickup');
  expect(reschedule).toMatch(/"\{ result, pickupNumber \}"[^\]]*\]?[^P]*"name":"PortalAssumption"/);
  expect(reschedule).toContain('"value":"shape"');
  // The pickup request's answer is the carrier's (section 7: "201, result, pickupNumber"): no mark.
  expect(answerLine('requestPickup')).not.toContain('PortalAssumption');
});

test("a mark names as the portal's only the aspects its assumption answers (x-open.assumes), and the rest as open; an aspect it does not list fails the bundle, naming the node", () => {
  // `limit`'s "page size, an optional integer" answers its meaning, type and required-ness, not its range or default.
  const limit = rows.find((row) => row.id === 'parameter-limitquery')!;
  expect(limit.assumes).toEqual(['meaning', 'type', 'required']);
  expect(markerText(limit)).toBe('Portal assumption: meaning, type, required fields; Open: limits, behaviour');
  // A node that shows none of the assumed facts is open on all of them; a mark on an open aspect alone reads Open.
  expect(markerText(limit, false)).toBe('Open: meaning, type, limits, required fields, behaviour');
  expect(markerText({...limit, aspects: ['bounds']})).toBe('Open: limits');
  expect(markerText({...limit, aspects: ['type']})).toBe('Portal assumption: type');
  // Without `assumes`, the assumption answers every aspect, as before.
  expect(markerText({aspects: ['type', 'format'], assumed: 'string'})).toBe('Portal assumption: type, format');
  const marked = (assumes: unknown) => ({
    paths: {},
    components: {schemas: {Phone: {type: 'object', properties: {phoneNumber: {type: 'string', 'x-not-stated': ['type', 'format'], 'x-open': {question: 'JSON type and form', assumed: 'string', assumes}}}}}},
  });
  expect(openQuestions(marked(['type']) as never).map((row) => markerText(row))).toEqual(['Portal assumption: type; Open: format']);
  expect(() => openQuestions(marked(['unit']) as never)).toThrow('schema Phone phoneNumber: x-open.assumes lists the aspects its x-open.assumed answers');
  expect(() => openQuestions(marked('type') as never)).toThrow('schema Phone phoneNumber: x-open.assumes');
});

test("a call's Open questions go one level under the call's own heading, however many subsections come between", () => {
  const docsContract = Contract.load(projectRoot);
  const component = (name: string) => ({type: 'mdxJsxFlowElement', name, attributes: [{type: 'mdxJsxAttribute', name: 'operation', value: 'requestPickup'}], children: []});
  const heading = (depth: number, value: string) => ({type: 'heading', depth, children: [{type: 'text', value}]});
  // The guides' shape: the call at h2, its summary, then an h3 subsection before the block.
  const root = {type: 'root', children: [heading(2, 'Request a pickup'), component('OperationSummary'), heading(3, 'Answers'), component('OpenQuestions')]};
  expandContractComponents(docsContract, root as never, {path: path.join(projectRoot, 'docs/guides/pickups.mdx')} as never, newPageState());
  const depths = JSON.stringify(root).match(/"data-heading-depth","value":"(\d)"/g);
  expect(depths).toEqual(['"data-heading-depth","value":"3"']);
});

test("a page's own mark names the aspects its words bend (aspects=\"bounds\"), and one its row does not ask stops the build", () => {
  const docsContract = Contract.load(projectRoot);
  const mark = (props: Record<string, string>) => JSON.stringify(renderers.PortalAssumption(docsContract, props, newPageState()));
  // "This loop starts at the first page": the page number's first page (its row's own word for the
  // bounds it assumes), not its type or required-ness.
  expect(mark({row: 'parameter-pagenumberquery', aspects: 'bounds'})).toContain('"name":"aspects","value":"first page 1"');
  expect(mark({row: 'parameter-pagenumberquery'})).toContain('"name":"aspects","value":"type, first page 1, required fields"');
  expect(() => mark({row: 'parameter-pagenumberquery', aspects: 'unit'})).toThrow('<PortalAssumption row="parameter-pagenumberquery" aspects="unit">: its row asks type, bounds, required, not unit');
});

test("section 9's constants are the carrier's on every call: the pickup request borrows the BOL's limits and item types, not its class codes", () => {
  const docsContract = Contract.load(projectRoot);
  const [fieldList] = renderers.SchemaFields(docsContract, {schema: 'PickupRequest'}, newPageState());
  const list = fieldList.children!.find((node) => node.type === 'list')!;
  const line = (field: string) => JSON.stringify(list.children!.find((item) => textOf([item]).startsWith(field)));
  // The item type is borrowed (the BOL's four), and marked so; the twenty class codes are section 9's.
  expect(line('items[].type')).toMatch(/"name":"aspects","value":"values"/);
  expect(line('items[].classCode')).not.toMatch(/"name":"aspects","value":"values"/);
  expect(line('items[].classCode')).toContain('one of 20 values');
});

test('a mark calls an aspect what its row names it (x-open.aspect-labels), on each fact apart: a numeric time marks "integer" on its type and "limits" on its range', () => {
  const time = rows.find((row) => row.id === 'numerictime')!;
  expect(markerText(time)).toBe('Portal assumption: limits, integer');
  expect(markerText({...time, aspects: ['type']})).toBe('Portal assumption: integer');
  expect(markerText({...time, aspects: ['bounds']})).toBe('Portal assumption: limits');
  const labelled = (labels: unknown) => ({paths: {}, components: {schemas: {T: {type: 'integer', 'x-not-stated': ['type'], 'x-open': {question: 'whether an integer', assumed: 'integer', 'aspect-labels': labels}}}}});
  expect(() => openQuestions(labelled({unit: 'minutes'}) as never)).toThrow('schema T: x-open.aspect-labels names aspects of x-not-stated\'s ["type"] only (found ["unit"])');
});
