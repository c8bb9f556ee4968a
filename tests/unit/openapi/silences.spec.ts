import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {docsPages} from '../../../scripts/docs/pages';

import {notStatedAspects, notStatedSentence, specReference} from '../../../scripts/openapi/silences';
import {contract, operations} from './contract';

/**
 * The contract is the one place that says what the specification leaves open (openapi/README.md):
 * every `Not stated by the carrier:` sentence has its machine-readable `x-not-stated` list and the
 * other way round, every schema and operation names its specification section, and every choice the
 * contract had to make is labelled on the operations it touches.
 */

type Found = {where: string; description?: string; notStated?: unknown};

/** Every object of the served contract that has a description or an `x-not-stated`, by JSON path. */
function* describedObjects(node: unknown, where: string): Generator<Found> {
  if (!node || typeof node !== 'object') {
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.description === 'string' || 'x-not-stated' in record) {
    yield {where, description: record.description as string | undefined, notStated: record['x-not-stated']};
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'x-codeSamples') {
      yield* describedObjects(value, `${where}/${key}`);
    }
  }
}

const says = (description: string | undefined) => (description ?? '').replace(/\s+/g, ' ').includes(notStatedSentence);

test('every "Not stated by the carrier" sentence has its x-not-stated list, and every list its sentence', () => {
  const problems: string[] = [];
  let marked = 0;
  for (const found of describedObjects(contract, '#')) {
    const list = found.notStated;
    if (says(found.description) && !Array.isArray(list)) {
      problems.push(`${found.where}: says "${notStatedSentence}" without x-not-stated`);
    }
    if (list !== undefined) {
      marked++;
      if (!says(found.description)) {
        problems.push(`${found.where}: x-not-stated without the sentence "${notStatedSentence} …" in its description`);
      }
      if (!Array.isArray(list) || list.length === 0 || list.some((aspect) => !(aspect in notStatedAspects))) {
        problems.push(`${found.where}: x-not-stated must list aspects from ${Object.keys(notStatedAspects).join(', ')}, not ${JSON.stringify(list)}`);
      }
    }
  }
  expect(marked).toBeGreaterThan(50);
  expect(problems).toEqual([]);
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
      expect(described(responses[success]).description, `${where} ${success}`).toContain(`**Chosen by the portal**: the ${success} status.`);
    }
    if (choices.includes('unauthorized-status')) {
      expect(described(responses['401']).description, `${where} 401`).toContain('**Chosen by the portal**: the 401 status.');
    }
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query' && candidate.required)) {
      expect((parameter as {description?: string}).description, `${where} ${(parameter as {name?: string}).name}`).toContain('**Chosen by the portal**: required.');
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
        offenders.push(`${path.relative(process.cwd(), file)}: a hand-written note about ${about.map((name) => `\`${name}\``).join(', ')}; use <NotStated schema="…" /> or <NotStated operation="…" />`);
      }
    }
  }
  expect(offenders).toEqual([]);
});
