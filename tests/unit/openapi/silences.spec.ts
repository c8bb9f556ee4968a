import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {docsPages} from '../../../contract/docsPages';

import {notStatedAspects, specReference} from '../../../contract/silences';
import {choiceMarkPattern, choiceRowIds, statusStated} from '../../../contract/portalChoices';
import {readSpecification, specificationFile} from '../../../contract/citations';
import {acrossTheApi, callOpenQuestions, openQuestions, registerCsv, registerJson, registerJsonPath, registerRows} from '../../../contract/openQuestions';
import {pageQuestions} from '../../../contract/pageQuestions';
import {fieldsWithAssumedType, showsAssumedEncoding, showsAssumedType} from '../../../contract/openQuestions/assumedTypes';
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
  expect(apiWide.map((row) => row.id)).toEqual(['api-unauthorized-status', 'api-success-status', 'api-required-query', 'api-json-types']);
  // The types row counts the fields whose mark links to it.
  expect(apiWide[3].question).toContain(`the ${fieldsWithAssumedType(contract as never).length} fields`);
  const calls = operations();
  const with401 = calls.filter(({operation}) => (operation.responses as Record<string, unknown>)['401']).length;
  expect(apiWide[0].question).toContain(`(${with401} calls)`);
  // The two 201s are the only success statuses the specification gives; the cancel's 200 is asked on its own.
  expect(calls.filter(({operation}) => asksOwnStatus(operation))).toHaveLength(1);
  // The count says which calls it leaves out: a reader counted 28 less the two 201s (outside read 12).
  expect(apiWide[1].question).toContain(`the ${calls.length - 3} calls with none stated and no question of their own`);
  expect(apiWide[2].question).toContain('`probillNumber`');
  expect(apiWide.every((row) => row.assumed)).toBe(true);
  // No call's own Open questions block repeats them: they are the introduction's, said once.
  const reached = new Set(calls.flatMap(({operation}) => callOpenQuestions(contract as never, operation.operationId as string).map(({row}) => row.id)));
  expect(apiWide.filter((row) => reached.has(row.id))).toEqual([]);
});

test("the register lists the open questions of the pages the contract cannot hold, each bullet once, and no pointer to a row twice", () => {
  const onPages = pageQuestions(path.join(projectRoot, 'docs'));
  const pages = new Set(onPages.map((row) => row.page));
  // The tracking guide asks no question of its own: the time zone of its dates is ProbillTracking's
  // row, marked in its prose (tenth outside read: asked twice, the register said once).
  expect([...pages].sort()).toEqual(['/docs/Agents/test-enviroment', '/docs/EDI/', '/docs/SOAP Web Services/authentication', '/docs/SOAP Web Services/rate-quote', '/docs/guides/errors', '/docs/guides/statuses']);
  // What no call of the contract can hold: limits on calls, and the server's own errors.
  expect(onPages.filter((row) => row.page === '/docs/guides/errors').map((row) => row.question.split(':')[0])).toEqual(['Rate limits', '5xx answers']);
  // A bullet's **Assumed:** and **Sandbox:** fill the register's columns, not its Open one (14th read).
  expect(onPages.find((row) => row.question.startsWith('Rate limits'))).toMatchObject({assumed: 'no limit', sandbox: 'limits nothing'});
  expect(onPages.find((row) => row.question.startsWith('Rate limits'))!.question).not.toMatch(/Assumed|Sandbox/);
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

/** The calls whose success answer cites the specification for its status, in the YAML (`x-spec` on the answer). */
const successStatusCited = (operation: Record<string, unknown>) => {
  const responses = operation.responses as Record<string, {$ref?: string}>;
  const success = Object.keys(responses).find((status) => status.startsWith('2'))!;
  return statusStated(contract as never, operation as never, success);
};

/** Whether the success answer's own open question asks its status (the cancel's "status and body of this answer"). */
const asksOwnStatus = (operation: Record<string, unknown>) => {
  const responses = operation.responses as Record<string, {'x-not-stated'?: string[]}>;
  const success = Object.keys(responses).find((status) => status.startsWith('2'))!;
  return responses[success]['x-not-stated']?.includes('status') ?? false;
};

test('the success statuses the contract cites are the ones section 7 of the specification gives, read off its table', () => {
  const specification = readSpecification(specificationFile(projectRoot));
  test.skip(!specification, 'the specification is not beside this clone (../shared/spec)');
  // `| POST /order/pickup/request | pickup request | 201, result, pickupNumber |`: a status in the answer column.
  const given = [...specification!.get('7')!.matchAll(/^\| (GET|POST) (\S+) \|[^|]*\| (\d{3})\b/gm)].map((row) => `${row[1]} ${row[2]}`);
  expect(given.length).toBeGreaterThan(0);
  const cited = operations().filter(({operation}) => successStatusCited(operation)).map(({method, path}) => `${method.toUpperCase()} ${path}`);
  expect(cited.sort()).toEqual(given.sort());
});

test("every choice the contract made for an operation is labelled on it, where a reader lands", () => {
  for (const {method, path, operation} of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    const responses = operation.responses as Record<string, unknown>;
    const parameters = ((operation.parameters ?? []) as {$ref?: string; name?: string; in?: string; required?: boolean}[]).map((parameter) =>
      parameter.$ref ? (contract.components.parameters as Record<string, {in: string; required?: boolean}>)[parameter.$ref.split('/').pop()!] : parameter,
    );
    const expected = [
      // A success answer that asks its own status (the cancel's) carries its own question instead.
      ...(successStatusCited(operation) || asksOwnStatus(operation) ? [] : ['success-status']),
      ...(responses['401'] ? ['unauthorized-status'] : []),
      ...(parameters.some((parameter) => parameter.in === 'query' && parameter.required) ? ['required-query'] : []),
    ];
    const choices = (operation['x-portal-choices'] ?? []) as string[];
    expect(choices.filter((choice) => choice !== 'error-body'), where).toEqual(expected);
    const described = (value: unknown) => ((value as {$ref?: string}).$ref ? resolveRef((value as {$ref: string}).$ref) : value) as {description?: string};
    if (choices.includes('success-status')) {
      const success = Object.keys(responses).find((status) => status.startsWith('2'))!;
      expect(described(responses[success]).description, `${where} ${success}`).toMatch(choiceMarkPattern(choiceRowIds.success));
    }
    if (choices.includes('unauthorized-status')) {
      expect(described(responses['401']).description, `${where} 401`).toMatch(choiceMarkPattern(choiceRowIds.unauthorized));
    }
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query' && candidate.required)) {
      expect((parameter as {description?: string}).description, `${where} ${(parameter as {name?: string}).name}`).toMatch(choiceMarkPattern(choiceRowIds.requiredQuery));
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

test('the register asks what an integrator had to guess: time zones, the end of the agent list, a routine appointment, the event time, result false on agent calls, rate limits, 5xx', () => {
  const register = registerRows(contract as never);
  const asking = (home: string, field: string) => register.find((row) => row.home === home && row.field === field);
  // Each asked once, with what this portal assumes or what the sandbox does.
  const expected: [string, string, RegExp][] = [
    ['schema AppointmentRequest', '', /time zone of `appointmentDate`, `earlyTime` and `lateTime`/],
    ['schema TenderDate', '', /whose date it is/],
    ['GET /agent/probill/live/list', '', /how the last page shows/],
    ['schema AppointmentRequest', 'reason', /routine booking/],
    ['schema StatusUpdateRequest', 'eventTime', /UTC as the proof of delivery's/],
    ['schema AgentResultFlag', '', /`result` false means on the agent calls/],
  ];
  for (const [home, field, question] of expected) {
    const row = asking(home, field);
    expect(row?.question, `${home} ${field}`).toMatch(question);
    expect(row!.assumed ?? row!.sandbox, `${home} ${field}`).toBeTruthy();
  }
  const onErrorsPage = register.filter((row) => row.home === 'page /docs/guides/errors').map((row) => `${row.question} | ${row.sandbox}`);
  expect(onErrorsPage).toEqual([expect.stringMatching(/^Rate limits: .*429.* \| limits nothing$/), expect.stringMatching(/^5xx answers: .* \| answers 500 only/)]);
});

test("an array the carrier types marks its entries' type where only the portal reads it (the validation body's `message`)", () => {
  const components = {schemas: {}} as never;
  const typedArray = (items: object) => ({'x-spec-type': '8: "message (an array)"', type: 'array', items});
  // Section 8 says "message (an array)" and no more: "array of string" is half the portal's.
  expect(showsAssumedType({components}, typedArray({type: 'string'}) as never)).toBe(true);
  // Entries the carrier types, or objects whose fields it lists, leave the line unmarked.
  expect(showsAssumedType({components}, typedArray({type: 'string', 'x-spec-type': '8: "message (an array)"'}) as never)).toBe(false);
  expect(showsAssumedType({components}, typedArray({type: 'object', properties: {code: {type: 'string'}}}) as never)).toBe(false);
  const message = (contract as unknown as {components: {schemas: Record<string, {properties: Record<string, object>}>}}).components.schemas.ValidationError.properties.message;
  expect(showsAssumedType(contract as never, message as never)).toBe(true);
});

test("a text field's base64 encoding is the portal's reading unless the carrier's words give it, in either case", () => {
  const field = (quote?: string) => ({type: 'string', contentEncoding: 'base64', ...(quote ? {'x-spec-type': `3: "${quote}"`} : {})}) as never;
  // A probill document's contentBase64: named so, but the carrier says no encoding.
  expect(showsAssumedEncoding(field())).toBe(true);
  expect(showsAssumedEncoding(field('document (base64)'))).toBe(false);
  expect(showsAssumedEncoding(field('document (Base64)'))).toBe(false);
  expect(showsAssumedEncoding({type: 'string'} as never)).toBe(false);
});
