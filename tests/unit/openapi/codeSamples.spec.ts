import {test, expect} from '@playwright/test';

import {commentLines, requestExample, requestExampleNote, resolve, sampleLanguages, tokenPlaceholder} from '../../../scripts/openapi/codeSamples';
import {redocLanguageAliases, redocPrismLanguages} from '../../../src/plugins/redoc/browserBundle';
import {notStatedClause, notStatedSentence} from '../../../scripts/openapi/silences';
import {contract, fieldsShownWithUnstated, operations, type ContractSchema} from './contract';

type CodeSample = {lang: string; label: string; source: string};

/** The JSON body a curl sample sends, read back out of its `--data '…'` argument. */
function curlBody(source: string): unknown {
  const match = source.match(/--data '([\s\S]*)'\s*$/);
  return match ? JSON.parse(match[1]) : undefined;
}

test('every operation carries curl, JavaScript and Python samples, in that order', () => {
  for (const {operation} of operations()) {
    const samples = operation['x-codeSamples'] as CodeSample[];
    expect(samples.map((sample) => sample.label), operation.operationId).toEqual(sampleLanguages.map((language) => language.label));
    for (const sample of samples) {
      expect(sample.source.length, `${operation.operationId} ${sample.label}`).toBeGreaterThan(40);
    }
  }
});

test('samples send exactly the request example of their operation, to its path on the production server', () => {
  const [production] = contract.servers!;
  for (const {path, method, operation} of operations()) {
    const [curl, javascript, python] = operation['x-codeSamples'] as CodeSample[];
    expect(curl.source, operation.operationId).toContain(`--request ${method.toUpperCase()}`);
    expect(curl.source).toContain(`${production.url}${path}`);
    expect(javascript.source).toContain(`${production.url}${path}`);
    expect(python.source).toContain(`${production.url}${path}`);
    expect(curlBody(curl.source), operation.operationId).toEqual(requestExample(contract, operation));
  }
});

test('samples carry the bearer token exactly where the call requires one', () => {
  for (const {operation} of operations()) {
    const needsToken = (operation.security ?? contract.security ?? []).length > 0;
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      expect(sample.source.includes(`Bearer ${tokenPlaceholder}`), `${operation.operationId} ${sample.label}`).toBe(needsToken);
    }
  }
});

test('query samples use the example values of the parameters', () => {
  const tracking = operations().find((entry) => entry.path === '/tracking/live/probill/details')!;
  const [curl] = tracking.operation['x-codeSamples'] as CodeSample[];
  expect(curl.source).toMatch(/\?probillNumber=\d+/);
});

test("Redoc's browser bundle keeps the Prism grammar of every code sample language", () => {
  // JavaScript is part of Prism's core; src/plugins/redoc/browserBundle.ts leaves out other grammars.
  const available = ['javascript', ...redocPrismLanguages];
  for (const {operation} of operations()) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const grammar = redocLanguageAliases[sample.lang] ?? sample.lang;
      expect(available, `${operation.operationId} ${sample.label}`).toContain(grammar);
    }
  }
});

test('a request example that marks a silence opens each of its samples with that note as a comment', () => {
  const marked = operations().filter(({operation}) => requestExampleNote(contract, operation));
  // The pickup samples must say that timeZoneOffset's sign and the weight unit are illustrative.
  expect(marked.map(({operation}) => operation.operationId)).toEqual(expect.arrayContaining(['requestPickup', 'reschedulePickup', 'createBolWithPickup', 'updateAgentProbillStatus']));
  for (const {operation} of marked) {
    const note = requestExampleNote(contract, operation)!;
    expect(note, operation.operationId).toContain('Not stated by the carrier');
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const marker = sample.lang === 'javascript' ? '//' : '#';
      expect(sample.source.startsWith(commentLines(note, marker)), `${operation.operationId} ${sample.label}`).toBe(true);
    }
  }
  const markedIds = new Set(marked.map(({operation}) => operation.operationId));
  for (const {operation} of operations().filter((entry) => !markedIds.has(entry.operation.operationId))) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      expect(sample.source, `${operation.operationId} ${sample.label}`).not.toMatch(/^(#|\/\/) /);
    }
  }
});

test('comment lines keep every word of the note, within the width', () => {
  const note = 'Illustrative values. Not stated by the carrier: the sign convention of `timeZoneOffset`, and the unit of `totalWeight`.';
  const lines = commentLines(note, '#', 40).trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) {
    expect(line.startsWith('# ')).toBe(true);
    expect(line.length).toBeLessThanOrEqual(40);
  }
  expect(lines.map((line) => line.slice(2)).join(' ')).toBe(note.replace(/`/g, ''));
});

/** The list a note gives after "Not stated by the carrier:", up to the first ";" outside brackets. */
function notStatedList(note: string): string {
  const flat = note.replace(/\s+/g, ' ');
  const start = flat.indexOf(notStatedSentence);
  return start < 0 ? '' : flat.slice(start).replace(/\([^)]*\)/g, '').split(';')[0];
}

test("a sample's opening note names every field it shows whose inner names the contract marks as not stated", () => {
  const checked: string[] = [];
  for (const {operation} of operations()) {
    const content = (resolve(contract, (operation.requestBody ?? {content: {}}) as never) as {content: Record<string, {schema?: ContractSchema}>}).content;
    const shown = fieldsShownWithUnstated(['shape'], content['application/json']?.schema, requestExample(contract, operation));
    for (const name of shown) {
      checked.push(`${operation.operationId}.${name}`);
      const note = notStatedList(requestExampleNote(contract, operation) ?? '');
      expect(note, `${operation.operationId}: its sample shows \`${name}\` without listing it among what is not stated`).toContain(`\`${name}\``);
    }
  }
  // A shipment's shipTo, a delivery's shipTo, a rate quote item's dimensions.
  expect(checked).toEqual(expect.arrayContaining(['createWarehouseShipment.shipTo', 'submitDistributionPlan.shipTo', 'createRateQuote.dimensions']));
});

type QueryParameter = {name: string; in: string; example?: unknown; 'x-not-stated'?: string[]; schema?: Record<string, unknown>};

test("a query sample's value whose meaning or range the carrier leaves open, and the contract does not bound, is named in the sample's note", () => {
  const checked: string[] = [];
  for (const {operation} of operations()) {
    const parameters = ((operation.parameters ?? []) as never[]).map((parameter) => resolve<QueryParameter>(contract, parameter));
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
      const schema = resolve<Record<string, unknown>>(contract, (parameter.schema ?? {}) as never);
      const bounded = ['minimum', 'maximum', 'enum', 'minLength', 'maxLength', 'pattern'].some((keyword) => keyword in schema);
      const open = parameter['x-not-stated']?.some((aspect) => aspect === 'meaning' || aspect === 'bounds');
      if (bounded || !open) {
        continue;
      }
      checked.push(`${operation.operationId}.${parameter.name}`);
      // A bare `example` cannot carry a note: such a value must come from a named example that says why it was chosen.
      expect(parameter.example, `${operation.operationId}.${parameter.name}: a guessed value needs a named example with a note`).toBeUndefined();
      expect(notStatedClause(requestExampleNote(contract, operation)) ?? '', `${operation.operationId}: its samples send ${parameter.name} without a note`).toContain(`\`${parameter.name}\``);
    }
  }
  expect(checked).toEqual(expect.arrayContaining(['listLiveProbills.limit', 'listLiveProbills.pageNumber']));
});
