import {test, expect} from '@playwright/test';

import {contract, errorsOf, operations, resolve, validatorForSchema} from './contract';

type MediaType = {schema?: unknown; examples?: Record<string, unknown>; example?: unknown};
type Parameter = {name: string; in: string; schema: unknown; example?: unknown; examples?: Record<string, {value: unknown}>};

type NamedExample = {description?: string; 'x-not-stated'?: string[]; value: unknown};
/** An example with the schema it claims to follow; `named` is the Example Object of a request or answer body's named example. */
type FoundExample = {where: string; schema: unknown; value: unknown; named?: NamedExample};

/** Every example of the document, with the schema it claims to follow. */
function everyExample(): FoundExample[] {
  const found: FoundExample[] = [];
  const fromMedia = (where: string, media: Record<string, MediaType> | undefined) => {
    for (const [type, content] of Object.entries(media ?? {})) {
      if (content.example !== undefined) {
        found.push({where: `${where} ${type} example`, schema: content.schema, value: content.example});
      }
      for (const [name, reference] of Object.entries(content.examples ?? {})) {
        const named = resolve<NamedExample>(contract, reference as never);
        found.push({where: `${where} ${type} ${name}`, schema: content.schema, value: named.value, named});
      }
    }
  };
  for (const {path, method, operation} of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    for (const parameter of (operation.parameters ?? []).map((p) => resolve<Parameter>(contract, p as never))) {
      if (parameter.example !== undefined) {
        found.push({where: `${where} parameter ${parameter.name}`, schema: parameter.schema, value: parameter.example});
      }
      for (const [name, example] of Object.entries(parameter.examples ?? {})) {
        found.push({where: `${where} parameter ${parameter.name} ${name}`, schema: parameter.schema, value: example.value});
      }
    }
    if (operation.requestBody) {
      fromMedia(`${where} request`, resolve<{content: Record<string, MediaType>}>(contract, operation.requestBody as never).content);
    }
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, unknown>)) {
      fromMedia(`${where} ${status}`, resolve<{content?: Record<string, MediaType>}>(contract, response as never).content);
    }
  }
  return found;
}

const examples = everyExample();

test('every operation with a body has a request example, and every 2xx with a body a response example', () => {
  for (const {path, method, operation} of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    if (operation.requestBody) {
      expect(examples.some((e) => e.where.startsWith(`${where} request`)), where).toBe(true);
    }
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, unknown>)) {
      if (status.startsWith('2') && resolve<{content?: object}>(contract, response as never).content) {
        expect(examples.some((e) => e.where.startsWith(`${where} ${status}`)), `${where} ${status}`).toBe(true);
      }
    }
  }
});

test(`all ${examples.length} examples validate against their schemas`, () => {
  expect(examples.length).toBeGreaterThan(60);
  const failures = examples.flatMap(({where, schema, value}) => {
    const validate = validatorForSchema(schema);
    return validate(value) ? [] : [`${where}: ${errorsOf(validate)}`];
  });
  expect(failures).toEqual([]);
});

test('the validator rejects an example that breaks its schema (the check itself works)', () => {
  const [first] = examples.filter((e) => e.where.includes('POST /order/pickup/request request'));
  const broken = {...(first.value as object), bol: 'x'.repeat(21)};
  expect(validatorForSchema(first.schema)(broken)).toBe(false);
});

test('examples carry no notes of their own: what their values leave open is said at the fields, once', () => {
  const problems = examples
    .filter((example): example is FoundExample & {named: NamedExample} => example.named !== undefined)
    .filter(({named}) => named['x-not-stated'] !== undefined || /not stated|illustrative|reading/i.test(named.description ?? ''))
    .map(({where}) => where);
  expect(examples.length).toBeGreaterThan(40);
  expect(problems).toEqual([]);
});
