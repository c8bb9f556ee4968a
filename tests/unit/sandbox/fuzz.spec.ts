import {test, expect} from '@playwright/test';
import fc from 'fast-check';

import {Contract, parameterExample, type OperationEntry} from '../../../sandbox/engine/contract';
import {freshToken, request, testSandbox, undocumented} from './sandbox';
import {contractBreaches, recordTally, startValidatedSandbox, type ValidatedSandbox} from '../../../sandbox/contractValidator';
import {tokenFrom} from '../../../sandbox/process';

/**
 * Property-based: bad requests across the 28 calls, each built by breaking one thing in a valid
 * request (the contract's own example): a field dropped, added, retyped, made too long, too large,
 * outside its enum, a huge array, junk query values, malformed JSON, a bad token. Whatever the sandbox
 * answers must be documented for the call, valid against the contract, never a 5xx, never late, and
 * a refused request must leave the account's world exactly as it was.
 */
const runs = 2400;
const answerTimeoutMs = 5000;

type Body = Record<string, unknown>;
type Breakage =
  | {kind: 'none'}
  | {kind: 'drop'; at: number}
  | {kind: 'extra'; at: number; key: string; value: unknown}
  | {kind: 'retype'; at: number; value: unknown}
  | {kind: 'long string'; at: number; length: number}
  | {kind: 'extreme number'; at: number; value: number}
  | {kind: 'enum outsider'; at: number; value: string}
  | {kind: 'huge array'; at: number; length: number}
  | {kind: 'junk query'; at: number; value: string}
  | {kind: 'malformed JSON'; cut: number; junk: string}
  | {kind: 'bad token'; token: string};

const anyJson = fc.oneof(fc.string(), fc.integer(), fc.double({noNaN: true, noDefaultInfinity: true}), fc.boolean(), fc.constant(null), fc.array(fc.integer(), {maxLength: 3}), fc.dictionary(fc.string(), fc.integer(), {maxKeys: 3}));
const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  fc.record({kind: fc.constant('drop' as const), at: fc.nat()}),
  fc.record({kind: fc.constant('extra' as const), at: fc.nat(), key: fc.string({minLength: 1, maxLength: 12}), value: anyJson}),
  fc.record({kind: fc.constant('retype' as const), at: fc.nat(), value: anyJson}),
  fc.record({kind: fc.constant('long string' as const), at: fc.nat(), length: fc.integer({min: 101, max: 20_000})}),
  fc.record({kind: fc.constant('extreme number' as const), at: fc.nat(), value: fc.constantFrom(-1, 0, 1e9, -1e9, 1e308, 0.5, 100000000, 99999.999)}),
  fc.record({kind: fc.constant('enum outsider' as const), at: fc.nat(), value: fc.constantFrom('DELIVERED', 'ROLL ', 'roll', 'Third-Party', 'WHITE_GLOVE', '45', 'all', 'Weather')}),
  fc.record({kind: fc.constant('huge array' as const), at: fc.nat(), length: fc.integer({min: 1000, max: 5000})}),
  fc.record({kind: fc.constant('junk query' as const), at: fc.nat(), value: fc.oneof(fc.string(), fc.constantFrom('', ' ', '-1', '1e99', 'null', '[]', '%', '0x10', '40512387.5'))}),
  fc.record({kind: fc.constant('malformed JSON' as const), cut: fc.nat(), junk: fc.constantFrom('', '}', ',', '{{', 'undefined', "'")}),
  fc.record({kind: fc.constant('bad token' as const), token: fc.oneof(fc.string(), fc.constantFrom('Bearer', 'eyJhbGciOiJub25lIn0.e30.', 'a.b.c'))}),
);

/** Every place in a JSON value, as a key path (an array's first element stands for the array). */
function places(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return [prefix, ...(value.length ? places(value[0], [...prefix, 0]) : [])];
  }
  if (value && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([key, inner]) => places(inner, [...prefix, key]))];
  }
  return [prefix];
}

function setAt(root: Body, path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void): void {
  if (path.length === 0) {
    return;
  }
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, root);
  change(parent, path[path.length - 1]);
}

function breakRequest(contract: Contract, entry: OperationEntry, token: string, broken: Breakage) {
  const examples = Object.values(contract.requestExamples(entry));
  const body = structuredClone((examples[0] ?? {}) as Body);
  const parameters = (entry.operation.parameters ?? []).map((parameter) => contract.resolve(parameter));
  const query: Record<string, string> = Object.fromEntries(parameters.filter((parameter) => parameterExample(parameter) !== undefined).map((parameter) => [parameter.name, String(parameterExample(parameter))]));
  const bodyPlaces = places(body).filter((place) => place.length > 0);
  const pick = (at: number) => bodyPlaces[at % Math.max(bodyPlaces.length, 1)] ?? [];
  let text: string | undefined = entry.operation.requestBody ? JSON.stringify(body) : undefined;
  let bearer = token;
  const rewrite = () => (text = entry.operation.requestBody ? JSON.stringify(body) : undefined);

  switch (broken.kind) {
    case 'none':
      break;
    case 'drop':
      setAt(body, pick(broken.at), (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]));
      break;
    case 'extra':
      setAt(body, [...pick(broken.at), broken.key], (parent, key) => parent && typeof parent === 'object' && (parent[key] = broken.value));
      break;
    case 'retype':
    case 'extreme number':
    case 'enum outsider':
      setAt(body, pick(broken.at), (parent, key) => (parent[key] = broken.value));
      break;
    case 'long string':
      setAt(body, pick(broken.at), (parent, key) => (parent[key] = 'x'.repeat(broken.length)));
      break;
    case 'huge array':
      setAt(body, pick(broken.at), (parent, key) => (parent[key] = Array.from({length: broken.length}, () => (Array.isArray(parent[key]) ? (parent[key] as unknown[])[0] : parent[key]))));
      break;
    case 'junk query':
      if (parameters.length) {
        query[parameters[broken.at % parameters.length].name] = broken.value;
      }
      break;
    case 'malformed JSON':
      if (text) {
        text = text.slice(0, broken.cut % text.length) + broken.junk;
      }
      return {method: entry.method, path: entry.path, query, body: text, token: bearer};
    case 'bad token':
      bearer = broken.token;
      break;
  }
  rewrite();
  return {method: entry.method, path: entry.path, query, body: text, token: bearer};
}

test(`${runs} broken requests get documented answers and change nothing when refused`, async () => {
  test.setTimeout(180_000);
  const harness = testSandbox();
  const {sandbox, store} = harness;
  const accountId = 'fuzz-account';
  const token = await freshToken(sandbox, accountId);
  const operations = sandbox.contract.operations();
  const statuses = new Map<number, number>();
  let sent = 0;

  await fc.assert(
    fc.asyncProperty(fc.nat({max: operations.length - 1}), breakage, async (index, broken) => {
      const entry = operations[index];
      const call = breakRequest(sandbox.contract, entry, token, broken);
      const before = JSON.stringify(store.get(accountId) ?? null);
      const answer = await Promise.race([
        sandbox.handle(request(call)),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${answerTimeoutMs} ms`)), answerTimeoutMs)),
      ]);
      sent++;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      // Plain checks, not `expect`: see `undocumented`. A thrown error is what fast-check shrinks.
      const problems = answer.status >= 500 ? [`${broken.kind} on ${entry.path} answered ${answer.status}`] : undocumented(sandbox, entry.method, entry.path, answer);
      // Refused: an error status, or the carriers' own refusal, `result: false`.
      const refusedCall = answer.status >= 300 || (answer.body as {result?: unknown} | undefined)?.result === false;
      if (refusedCall && JSON.stringify(store.get(accountId) ?? null) !== before) {
        problems.push(`${broken.kind} on ${entry.path} was refused but changed the world`);
      }
      if (problems.length > 0) {
        throw new Error(problems.join('\n'));
      }
    }),
    {numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261123)},
  );

  expect(sent).toBe(runs);
  // Many breakages are refused (a dropped optional field or an extra one is valid): a low share means
  // the generator has stopped breaking anything.
  const refused = [...statuses].filter(([status]) => status >= 400).reduce((sum, [, count]) => sum + count, 0);
  expect(refused, JSON.stringify([...statuses])).toBeGreaterThan(runs / 3);
  console.log(`fuzz: ${sent} requests; answers by status ${JSON.stringify(Object.fromEntries(statuses))}`);
});

/**
 * The same generator over HTTP, through Stoplight Prism's validation proxy, to the downloaded sandbox
 * file: a reading of the contract that is not ours. One request in five is left whole, so the
 * sandbox's successful answers are checked too. Prism must find no answer that breaks the contract,
 * and every request it finds invalid must be refused by the sandbox.
 */
const requestsThroughPrism = 1200;

test.describe('through an independent validator', () => {
  let validated: ValidatedSandbox;
  test.beforeAll(async () => {
    validated = await startValidatedSandbox();
  });
  test.afterAll(async () => {
    await validated?.stop();
  });

  test(`${requestsThroughPrism} requests, whole and broken, reach the downloaded sandbox through Prism's validation proxy`, async () => {
    test.setTimeout(240_000);
    const {contract} = validated;
    const operations = contract.operations();
    const token = await tokenFrom(validated.baseUrl);

    await fc.assert(
      fc.asyncProperty(fc.nat({max: operations.length - 1}), fc.option(breakage, {freq: 4}), async (index, broken) => {
        const entry = operations[index];
        const call = breakRequest(contract, entry, token, broken ?? {kind: 'none'});
        const {method, path, headers, body} = request({...call, token: headerSafe(call.token ?? '')});
        const answer = await fetch(`${validated.baseUrl}${path}`, {method: method.toUpperCase(), headers: headers as Record<string, string>, body, signal: AbortSignal.timeout(answerTimeoutMs)});
        await answer.arrayBuffer();
        if (answer.status >= 500) {
          throw new Error(`${broken?.kind ?? 'whole'} on ${entry.path} answered ${answer.status}`);
        }
      }),
      {numRuns: requestsThroughPrism, seed: Number(process.env.FUZZ_SEED ?? 20261128)},
    );

    const tally = recordTally('fuzz', validated.exchanges);
    expect(tally.requests).toBe(requestsThroughPrism + 1);
    expect(contractBreaches(validated.exchanges, {requestsAllValid: false})).toEqual([]);
    // Prism must have had something to find, or the generator has stopped breaking requests.
    expect(tally.requestViolations, JSON.stringify(tally)).toBeGreaterThan(requestsThroughPrism / 10);
    console.log(`fuzz through Prism: ${JSON.stringify(tally)}`);
  });
});

/** A header value carries visible ASCII only; fetch refuses anything else before sending. */
function headerSafe(token: string): string {
  return token.replace(/[^\x21-\x7e]/g, '');
}
