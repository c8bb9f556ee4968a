import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {docsPages} from '../../../contract/docsPages';

import {notStatedAspects, specReference} from '../../../contract/silences';
import {choiceLabel} from '../../../contract/portalChoices';
import {acrossTheApi, callOpenQuestions, openQuestions, registerCsv, registerJson, registerJsonPath, registerRows} from '../../../contract/openQuestions';
import {pageQuestions} from '../../../contract/pageQuestions';
import {contract, operations} from './contract';
import {openApiJsonPath, publishedFile} from '../../../contract/outputs';

const projectRoot = path.resolve(__dirname, '../../..');

/**
 * The contract is the one place that says what the specification leaves open (openapi/README.md),
 * and it says it as data: every `x-not-stated` list has its `x-open` question beside it and the other
 * way round, descriptions state facts, every schema and operation names its specification section,
 * and every choice the contract had to make is labelled on the operations it touches.
 */

type Found = {where: string; description?: string; notStated?: unknown; open?: {question?: unknown; assumed?: unknown}};

/** Every object of the served contract that has a description, an `x-not-stated` or an `x-open`, by JSON path. */
function* describedObjects(node: unknown, where: string): Generator<Found> {
  if (!node || typeof node !== 'object') {
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.description === 'string' || 'x-not-stated' in record || 'x-open' in record) {
    yield {where, description: record.description as string | undefined, notStated: record['x-not-stated'], open: record['x-open'] as Found['open']};
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'x-codeSamples') {
      yield* describedObjects(value, `${where}/${key}`);
    }
  }
}

/** The words of a caveat: a description holding one is saying a silence the data should hold. */
const caveat = /not stated by the carrier|this description('s)? (reads|uses|types|applies|shows)|illustrative|chosen by the portal/i;

test('every x-not-stated list has its x-open question, and every x-open its list', () => {
  const problems: string[] = [];
  let marked = 0;
  for (const found of describedObjects(contract, '#')) {
    // The API's introduction speaks of the conventions as a whole; its own list is its summary.
    if (found.where === '#/info') {
      continue;
    }
    if (found.notStated === undefined && found.open === undefined) {
      continue;
    }
    marked++;
    const list = found.notStated;
    if (!Array.isArray(list) || list.length === 0 || list.some((aspect) => !(aspect in notStatedAspects))) {
      problems.push(`${found.where}: x-not-stated must list aspects from ${Object.keys(notStatedAspects).join(', ')}, not ${JSON.stringify(list)}`);
    }
    if (typeof found.open?.question !== 'string' || found.open.question.trim() === '') {
      problems.push(`${found.where}: x-not-stated without an x-open question`);
    }
  }
  expect(marked).toBeGreaterThan(150);
  expect(problems).toEqual([]);
});

test('descriptions state facts: no caveat sentence in the contract, outside the introduction', () => {
  const offenders = [...describedObjects(contract, '#')]
    .filter((found) => found.where !== '#/info' && caveat.test(found.description ?? ''))
    .map((found) => `${found.where}: ${found.description}`);
  expect(offenders).toEqual([]);
});

test('the register holds every marked node once, and every row of it comes from a marked node', () => {
  const rows = openQuestions(contract as never);
  const marked = [...describedObjects(contract, '#')].filter((found) => found.where !== '#/info' && found.notStated !== undefined);
  // Both ways: as many rows as marked nodes, each row's question one of a marked node's.
  expect(rows.length).toBe(marked.length);
  const questions = new Set(marked.map((found) => String(found.open?.question).trim()));
  expect(rows.filter((row) => !questions.has(row.question)).map((row) => row.id)).toEqual([]);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  // Each row names its specification section, from its home.
  expect(rows.filter((row) => !specReference.test(row.spec) && !row.home.startsWith('parameter ') && !row.home.startsWith('response ')).map((row) => row.id)).toEqual([]);
});

test('the register downloads as CSV and JSON with the same rows', () => {
  const rows = openQuestions(contract as never);
  const csv = registerCsv(rows);
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,home,field,aspects,question,portal_assumption,sandbox,spec_section');
  expect(lines.length - 1).toBe(rows.length);
  const json = JSON.parse(registerJson(rows, '1.0.0')) as {count: number; openQuestions: {id: string}[]};
  expect(json.count).toBe(rows.length);
  expect(json.openQuestions.map((row) => row.id)).toEqual(rows.map((row) => row.id));
  // Where the portal assumes a value and the row says nothing of the sandbox, the page shows "as
  // assumed": so do both downloads, rather than an empty cell.
  const followsAssumption = rows.filter((row) => row.assumed && !row.sandbox).map((row) => row.id);
  expect(followsAssumption.length).toBeGreaterThan(0);
  expect(lines.filter((line) => line.includes(',as assumed,')).map((line) => line.split(',')[0])).toEqual(followsAssumption);
  expect((json.openQuestions as {id: string; sandbox?: string}[]).filter((row) => row.sandbox === 'as assumed').map((row) => row.id)).toEqual(followsAssumption);
});

test('the register asks the choices made across the API once each, with counts read off the contract', () => {
  const register = registerRows(contract as never);
  const apiWide = register.filter((row) => row.home === acrossTheApi);
  expect(apiWide.map((row) => row.id)).toEqual(['api-unauthorized-status', 'api-success-status', 'api-required-query', 'api-result-false']);
  const calls = operations();
  const with401 = calls.filter(({operation}) => (operation.responses as Record<string, unknown>)['401']).length;
  expect(apiWide[0].question).toContain(`(${with401} calls)`);
  // The two 201s are the only success statuses the specification gives.
  expect(apiWide[1].question).toContain(`the ${calls.length - 2} calls without a stated one`);
  expect(apiWide[2].question).toContain('`probillNumber`');
  expect(apiWide.every((row) => row.assumed)).toBe(true);
  // No call's own Open questions block repeats them: they are the introduction's, said once.
  const reached = new Set(calls.flatMap(({operation}) => callOpenQuestions(contract as never, operation.operationId as string).map(({row}) => row.id)));
  expect(apiWide.filter((row) => reached.has(row.id))).toEqual([]);
});

test("the register lists the open questions of the pages the contract cannot hold, each bullet once, and no pointer to a row twice", () => {
  const onPages = pageQuestions(path.join(projectRoot, 'docs'));
  const pages = new Set(onPages.map((row) => row.page));
  expect([...pages].sort()).toEqual(['/docs/Agents/test-enviroment', '/docs/EDI/', '/docs/SOAP Web Services/authentication', '/docs/SOAP Web Services/rate-quote', '/docs/guides/statuses', '/docs/guides/tracking']);
  expect(onPages.map((row) => row.question)).toContain('Whether a request on testing affects real freight');
  // The test environment's bullet that points at the contract's row of the testing base is not a row of its own.
  expect(onPages.filter((row) => row.question.includes('open-questions#'))).toEqual([]);
  const register = registerRows(contract as never);
  expect(register.filter((row) => row.home.startsWith('page ')).map((row) => row.id)).toEqual(onPages.map((row) => row.id));
  expect(new Set(register.map((row) => row.id)).size).toBe(register.length);
  // The downloads hold the whole register, as the bundle step wrote them.
  const served = JSON.parse(readFileSync(publishedFile(projectRoot, registerJsonPath), 'utf8')) as {openQuestions: {id: string}[]};
  expect(served.openQuestions.map((row) => row.id)).toEqual(registerRows(JSON.parse(readFileSync(publishedFile(projectRoot, openApiJsonPath), 'utf8'))).map((row) => row.id));
});

test('a marker without its question fails the register, naming the node', () => {
  const broken = {paths: {}, components: {schemas: {Thing: {type: 'object', properties: {weight: {type: 'number', 'x-not-stated': ['unit']}}}}}};
  expect(() => openQuestions(broken as never)).toThrow(/schema Thing weight: x-not-stated needs an x-open with a question/);
});

test('every schema and every operation names the section of the specification it comes from', () => {
  const schemas = Object.entries(contract.components.schemas as Record<string, {'x-spec'?: string}>).map(([name, schema]) => [`schema ${name}`, schema['x-spec']]);
  const calls = operations().map(({method, path, operation}) => [`${method.toUpperCase()} ${path}`, operation['x-spec'] as string | undefined]);
  const missing = [...schemas, ...calls].filter(([, reference]) => !specReference.test(reference ?? '')).map(([where, reference]) => `${where}: ${JSON.stringify(reference)}`);
  expect(schemas.length + calls.length).toBeGreaterThan(120);
  expect(missing).toEqual([]);
  // An operation cites its own row of section 7.
  for (const {method, path, operation} of operations()) {
    expect(operation['x-spec']).toBe(`7, ${method.toUpperCase()} ${path}`);
  }
});

function resolveRef(reference: string): unknown {
  const [, , kind, name] = reference.split('/');
  return (contract.components as Record<string, Record<string, unknown>>)[kind][name];
}

/** Section 7 of the specification gives a success status for these two calls only. */
const successStatusGiven: Record<string, string> = {
  submitDistributionPlan: '201 (spec 7: "POST /distributionPlan/submit | distribution plan | 201")',
  requestPickup: '201 (spec 7: "POST /order/pickup/request | pickup request | 201, result, pickupNumber")',
};

test("every choice the contract made for an operation is labelled on it, where a reader lands", () => {
  for (const {method, path, operation} of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    const responses = operation.responses as Record<string, unknown>;
    const parameters = ((operation.parameters ?? []) as {$ref?: string; name?: string; in?: string; required?: boolean}[]).map((parameter) =>
      parameter.$ref ? (contract.components.parameters as Record<string, {in: string; required?: boolean}>)[parameter.$ref.split('/').pop()!] : parameter,
    );
    const expected = [
      ...(successStatusGiven[operation.operationId] ? [] : ['success-status']),
      ...(responses['401'] ? ['unauthorized-status'] : []),
      ...(parameters.some((parameter) => parameter.in === 'query' && parameter.required) ? ['required-query'] : []),
    ];
    const choices = (operation['x-portal-choices'] ?? []) as string[];
    expect(choices.filter((choice) => choice !== 'error-body'), where).toEqual(expected);
    const described = (value: unknown) => ((value as {$ref?: string}).$ref ? resolveRef((value as {$ref: string}).$ref) : value) as {description?: string};
    if (choices.includes('success-status')) {
      const success = Object.keys(responses).find((status) => status.startsWith('2'))!;
      expect(described(responses[success]).description, `${where} ${success}`).toContain(`${choiceLabel}: the ${success} status.`);
    }
    if (choices.includes('unauthorized-status')) {
      expect(described(responses['401']).description, `${where} 401`).toContain(`${choiceLabel}: the 401 status.`);
    }
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query' && candidate.required)) {
      expect((parameter as {description?: string}).description, `${where} ${(parameter as {name?: string}).name}`).toContain(`${choiceLabel}: required.`);
    }
  }
});

/** The names of every schema, property and parameter whose contract entry carries x-not-stated. */
function namesTheContractCovers(): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown, name?: string) => {
    if (!node || typeof node !== 'object') {
      return;
    }
    const record = node as Record<string, unknown>;
    if (name && Array.isArray(record['x-not-stated'])) {
      names.add(name);
    }
    for (const [key, value] of Object.entries(record.properties ?? {})) {
      visit(value, key);
    }
    for (const key of ['items', 'allOf', 'anyOf', 'oneOf']) {
      [record[key]].flat().forEach((part) => visit(part, name));
    }
  };
  for (const [name, schema] of Object.entries(contract.components.schemas)) {
    visit(schema, name);
  }
  for (const parameter of Object.values(contract.components.parameters as Record<string, {name: string; 'x-not-stated'?: unknown}>)) {
    if (parameter['x-not-stated']) {
      names.add(parameter.name);
    }
  }
  return names;
}

/**
 * The fields of nearly every answer: a note that names them speaks of the API's conventions (the
 * status of a `result: false` refusal, a `message` to read), which the root description holds, not
 * of the few answers that mark them.
 */
const envelopeFields = ['result', 'error', 'message'];

test("a guide's hand-written \"Not stated\" note is never about a field the contract notes: it renders the contract's note", () => {
  const covered = namesTheContractCovers();
  expect(covered.size).toBeGreaterThan(20);
  const offenders: string[] = [];
  for (const file of docsPages(path.resolve(__dirname, '../../../docs'))) {
    const text = readFileSync(file, 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
    const notes = [...text.matchAll(/^:::note\[Not stated by the carrier\]\n([\s\S]*?)^:::/gm)].map((match) => match[1]);
    // The same words in running prose retype a note just as well: the sentence that says them.
    const sentences = [...text.replace(/^:::note\[Not stated by the carrier\]\n[\s\S]*?^:::/gm, '').matchAll(/(?:[^.!?|\n]|\n(?!\n))*not stated by the carrier(?:[^.!?|\n]|\n(?!\n))*[.!?]/gi)].map((match) => match[0]);
    for (const body of [...notes, ...sentences]) {
      const named = [...body.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((match) => match[1].split('.').pop()!);
      const about = [...new Set(named.filter((name) => covered.has(name) && !envelopeFields.includes(name)))];
      if (about.length > 0) {
        offenders.push(`${path.relative(process.cwd(), file)}: a hand-written note about ${about.map((name) => `\`${name}\``).join(', ')}; the contract holds it: the call's <OpenQuestions operation="…" /> lists it`);
      }
    }
  }
  expect(offenders).toEqual([]);
});

/**
 * Every bound of the contract, with the words of the specification that give it. A bound the
 * specification does not give (a `minimum: 0` beside "up to 9999999", a date range) is an invented
 * fact a generated client would enforce: it fails here until the specification's words are shown.
 */
const boundsBySpecification: Record<string, string> = {
  'AgentItemAdditional.dyelot maxLength=15': '5: "dyelot 15"',
  'AgentItemAdditional.colorNumber maxLength=6': '5: "colorNumber 6"',
  'AgentItemAdditional.colorName maxLength=20': '5: "colorName 20"',
  'AgentItemAdditional.styleNumber maxLength=6': '5: "styleNumber 6"',
  'AgentItemAdditional.styleName maxLength=20': '5: "styleName 20"',
  'AgentItemAdditional.partNumber maxLength=20': '5: "partNumber 20"',
  'AgentItemAdditional.sideMark maxLength=30': '5: "sideMark 30"',
  'AgentProbillItem.description maxLength=100': '5: "description up to 100"',
  'AgentProbillItem.sku maxLength=20': '5: "sku 20"',
  'AgentProbillItem.rollNumber maxLength=20': '5: "rollNumber 20"',
  'AgentProbillItem.serialNumber maxLength=20': '5: "serialNumber 20"',
  'AppointmentRequest.appointmentName minLength=1 maxLength=20': '3 and 5: "appointmentName (1 to 20 characters)"',
  'AppointmentRequest.notes maxLength=300': '3: "notes (optional, max 300)"',
  'BolItem.numberOfUnits minimum=1 maximum=99999': '5: "numberOfUnits 1-99999"',
  'BolItem.squareYards maximum=99999': '5: "squareYards up to 99999"',
  'BolItem.weight minimum=1 maximum=99999.99': '5: "weight 1-99999.99"',
  'BolItem.description maxLength=32': '5: "description up to 32"',
  'BolItem.notes maxLength=40': '5: "notes up to 40"',
  'BolItem.sidemark maxLength=40': '5: "sidemark up to 40"',
  'BolPickupRequest.bol maxLength=20': '5: "bol up to 20 characters"',
  'BolPickupRequest.purchaseOrder maxLength=12': '5: "purchaseOrder 12"',
  'BolPickupRequest.orderDescription maxLength=100': '5: "orderDescription 100"',
  'BolPickupRequest.totalWeight maximum=9999999': '5: "totalWeight up to 9999999"',
  'BolPickupRequest.generalNotes maxLength=150': '5: "generalNotes 150"',
  'ManifestNumber minimum=1 maximum=999999': '5: "manifest numbers 1-999999"',
  'NumericTime minimum=0 maximum=235959': '3: "times in HHMMSS" as numbers: 000000 to 235959',
  'PickupFromParty.name maxLength=100': '5: "Pickup-from name up to 100"',
  'PickupItem.numberOfUnits minimum=1 maximum=99999': 'borrowed from the BOL (PickupRequest marks it): "numberOfUnits 1-99999"',
  'PickupItem.squareYards maximum=99999': 'borrowed from the BOL: "squareYards up to 99999"',
  'PickupItem.weight minimum=1 maximum=99999.99': 'borrowed from the BOL: "weight 1-99999.99"',
  'PickupItem.description maxLength=32': 'borrowed from the BOL: "description up to 32"',
  'PickupItem.notes maxLength=40': 'borrowed from the BOL: "notes up to 40"',
  'PickupItem.sidemark maxLength=40': 'borrowed from the BOL: "sidemark up to 40"',
  'PickupNumber minLength=1': '5: "pickupNumber must not be empty"',
  'PickupParty.addressLine_1 maxLength=36': '5: "address line 1 up to 36"',
  'PickupParty.addressLine_2 maxLength=30': '5: "line 2 up to 30"',
  'PickupParty.city maxLength=25': '5: "city 25"',
  'PickupParty.state maxLength=2': '5: "state 2"',
  'PickupParty.zip maximum=99999': '5: "zip up to 99999"',
  'PickupRequest.bol maxLength=20': 'borrowed from the BOL: "bol up to 20 characters"',
  'PickupRequest.purchaseOrder maxLength=12': 'borrowed from the BOL: "purchaseOrder 12"',
  'PickupRequest.orderDescription maxLength=100': 'borrowed from the BOL: "orderDescription 100"',
  'PickupRequest.totalWeight maximum=9999999': 'borrowed from the BOL: "totalWeight up to 9999999"',
  'PickupRequest.generalNotes maxLength=150': 'borrowed from the BOL: "generalNotes 150"',
  'PickupWindow.timeZoneOffset maximum=999': '5: "timeZoneOffset up to 999"',
  'ProbillNumber minimum=1 maximum=99999999': '3 and 5: "Probill numbers 1-99999999"',
  'ProbillNumberOutsideAgentsAndTracking minimum=1 maximum=99999999': 'borrowed from agents and tracking (5): "Probill numbers 1-99999999"',
  'ProofOfDeliveryRequest.signerName minLength=1 maxLength=50': '3 and 5: "signerName (1 to 50 characters)"',
  'RateQuoteItem.pieces minimum=0 maximum=9999': '5: "pieces 0-9999"',
  'RateQuoteItem.quantity minimum=0 maximum=99999.99': '5: "quantity 0-99999.99"',
  'RateQuoteItem.weight minimum=0 maximum=99999': '5: "weight 0-99999"',
  'RateQuoteLineItem.rate maximum=999.9999': '9: "rate up to 999.9999"',
  'RateQuoteLineItem.amount maximum=999999.99': '9: "amount up to 999999.99"',
  'RateQuoteResponse.quoteNumber maxLength=6': '9: "quoteNumber up to 6 characters"',
  'RateQuoteResponse.quoteAmount maximum=9999999.99': '9: "quoteAmount up to 9999999.99"',
  'RateQuoteResponse.fuelSurchargePercentage minimum=0 maximum=100': '9: "fuel surcharge percentage 0-100"',
  'ServiceCenterAddress.state maxLength=2': '3 and 9: "state (max 2)"',
  'ServiceCenterContact.phoneNumber maxLength=10': '3 and 9: "phoneNumber (max 10)"',
  'ShipToParty.name maxLength=25': '5: "ship-to name 25"',
  'Shipper.shipperId maximum=99999999': '5: "shipperId up to 99999999"',
  'Shipper.shipperName maxLength=100': '5: "shipperName up to 100"',
  'ZipCode minLength=5 maxLength=5': '5: "ZIP codes are 5 characters"',
  'YyyymmddDate minimum=10000000 maximum=99999999': '3: "estArrivalDate as YYYYMMDD": a number of eight digits',
  'parameter AgentPageNumberQuery minimum=1 maximum=100': '5: "pageNumber 1-100"',
  'parameter AgentPageSizeQuery minimum=1 maximum=50': '5: "pageSize 1-50"',
};

test('every bound of the contract is one the specification gives', () => {
  const keywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
  const found: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') {
      return;
    }
    const record = node as Record<string, unknown>;
    const bounds = keywords.filter((keyword) => record[keyword] !== undefined).map((keyword) => `${keyword}=${record[keyword]}`);
    if (bounds.length > 0) {
      found.push(`${where} ${bounds.join(' ')}`);
    }
    for (const [name, property] of Object.entries((record.properties ?? {}) as Record<string, unknown>)) {
      visit(property, `${where}.${name}`);
    }
    visit(record.items, `${where}[]`);
    for (const part of [record.allOf, record.anyOf, record.oneOf].flat()) {
      visit(part, where);
    }
  };
  for (const [name, schema] of Object.entries(contract.components.schemas)) {
    visit(schema, name);
  }
  for (const [name, parameter] of Object.entries(contract.components.parameters as Record<string, {schema: unknown}>)) {
    visit(parameter.schema, `parameter ${name}`);
  }
  expect(found.length).toBeGreaterThan(50);
  expect(found.filter((bound) => !(bound in boundsBySpecification))).toEqual([]);
  expect(Object.keys(boundsBySpecification).filter((bound) => !found.includes(bound))).toEqual([]);
});
