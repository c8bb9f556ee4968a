import {test, expect} from '@playwright/test';

import {freshToken, send, testSandbox} from './sandbox';

/**
 * The contract's examples and the sandbox's starting data are one world: what an example answer
 * shows is what a fresh sandbox answers for the same identifiers, and a number an example shows as
 * newly made is not one the sandbox already holds. An integrator who reads an example and then tries
 * it finds the same probill, pickup and manifest.
 */
const {sandbox} = testSandbox({start: '2025-04-22T12:00:00Z'});
const contract = sandbox.contract;

type Json = Record<string, unknown>;
/** An example answer: its name under the call, the file a writer edits, and its value. */
type NamedExample = {name: string; file: string; value: Json};

/** The named example answers of an operation's success status. */
function successExamples(entry: ReturnType<typeof contract.operations>[number]): NamedExample[] {
  const response = contract.resolve(entry.operation.responses[String(contract.successStatus(entry))]);
  const media = response?.content?.['application/json'] as {examples?: Record<string, {$ref?: string}>; example?: Json} | undefined;
  if (media?.examples) {
    return Object.entries(media.examples).map(([name, example]) => ({
      name,
      // A shared example is its own file under openapi/components/examples/, named as the component.
      file: example.$ref ? `openapi/components/examples/${example.$ref.split('/').at(-1)}.yaml` : `the ${name} example of ${entry.path} under openapi/paths/`,
      value: (contract.resolve(example as Json) as {value: Json}).value,
    }));
  }
  return media?.example ? [{name: 'example', file: `the example of ${entry.path} under openapi/paths/`, value: media.example}] : [];
}

/**
 * Fields the sandbox makes anew at each call, which no example can foretell: the clock's
 * `calculatedAt`, a signed token, and the numbers of the records a call makes, which depend on what
 * the account made before (each is checked below not to be one the sandbox already holds). A quote's
 * number is compared: quotes are made by one call only, so the example shows a fresh account's first.
 */
const madeAtEachCall = new Set([
  'calculatedAt',
  'access_token',
  '/ltl/preassigned/probill probillNumber',
  '/wms/shipment/create probillNumber',
  '/wms/receipt/create probillNumber',
  '/ltl/bol/pickup probillNumber',
  '/ltl/bol/pickup pickupNumber',
  '/order/pickup/request pickupNumber',
  '/order/pickup/reschedule pickupNumber',
]);

/** Where `shown` (an example) and `answered` (the sandbox) differ, for every value the example shows. */
function differences(shown: unknown, answered: unknown, at: string, path: string): string[] {
  const field = at.split('.').at(-1) ?? '';
  if (madeAtEachCall.has(field) || madeAtEachCall.has(`${path} ${field}`)) return [];
  if (Array.isArray(shown)) {
    if (!Array.isArray(answered)) return [`${at}: the example shows a list, the sandbox ${JSON.stringify(answered)}`];
    return shown.flatMap((item, index) => differences(item, answered[index], `${at}[${index}]`, path));
  }
  if (shown && typeof shown === 'object') {
    if (!answered || typeof answered !== 'object') return [`${at}: the example shows an object, the sandbox ${JSON.stringify(answered)}`];
    return Object.entries(shown).flatMap(([key, value]) => differences(value, (answered as Json)[key], `${at}.${key}`, path));
  }
  return shown === answered ? [] : [`${at}: the example shows ${JSON.stringify(shown)}, a fresh sandbox answers ${JSON.stringify(answered)}`];
}

const readCalls = contract.operations().filter((entry) => entry.method === 'get' && successExamples(entry).length > 0);

for (const entry of readCalls) {
  test(`GET ${entry.path}: each example answer is what a fresh sandbox answers for its identifiers`, async () => {
    const parameters = (entry.operation.parameters ?? []).map((parameter) => contract.resolve(parameter) as {name: string; in: string; example?: unknown});
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const checked: string[] = [];
    for (const {name, file, value} of successExamples(entry)) {
      // An answer with `result` false shows a refusal of something no world holds (its error names
      // it); an empty page is the answer past the last one. Neither names a record to compare.
      if (value.result === false || Object.values(value).some((field) => Array.isArray(field) && field.length === 0)) continue;
      // The parameters' own examples, but where the answer names a parameter's value itself (the
      // pending pickup's number, the probill without an invoice yet), that value.
      const query = Object.fromEntries(
        queryParameters.flatMap((parameter) => {
          const shown = value[parameter.name] ?? parameter.example;
          return shown === undefined ? [] : [[parameter.name, String(shown)]];
        }),
      );
      const answer = await send(sandbox, {method: 'GET', path: entry.path, query, token: await freshToken(sandbox)});
      // Which to change: the example in its file, or the sandbox's starting data (sandbox/engine/world.ts).
      const where = `${file}: GET ${entry.path} ${JSON.stringify(query)}`;
      expect(answer.status, where).toBe(contract.successStatus(entry));
      expect(differences(value, answer.body, name, entry.path), where).toEqual([]);
      checked.push(name);
    }
    expect(checked.length, 'examples compared').toBeGreaterThan(0);
  });
}

test('a number an example shows as newly made is not one a fresh sandbox holds', async () => {
  // The answers that make a record: every call that writes, and the preassigned probill number.
  const making = contract.operations().filter((entry) => entry.method === 'post' || entry.path === '/ltl/preassigned/probill');
  const made = making.flatMap((entry) => successExamples(entry).map(({name, file, value}) => ({call: `${file}: ${entry.method.toUpperCase()} ${entry.path} (${name})`, value})));
  const pickups = made.filter(({value}) => typeof value.pickupNumber === 'string');
  const probills = made.filter(({value}) => typeof value.probillNumber === 'number');
  // The calls that say whether the sandbox holds a pickup or a probill.
  expect(pickups.length, 'examples that make a pickup').toBeGreaterThanOrEqual(3);
  expect(probills.length, 'examples that make a probill').toBeGreaterThanOrEqual(1);
  const token = await freshToken(sandbox);
  // Held: the tracking call answers it with its record (a refusal is `result` false, or a 4xx).
  const holds = async (path: string, query: Record<string, string | number>) => {
    const answer = await send(sandbox, {method: 'GET', path, query, token});
    return answer.status < 300 && (answer.body as Json | undefined)?.result !== false;
  };
  for (const {call, value} of pickups) {
    expect(await holds('/tracking/pickup', {pickupNumber: String(value.pickupNumber)}), `${call} shows ${value.pickupNumber} as new, and a fresh sandbox tracks it already`).toBe(false);
  }
  for (const {call, value} of probills) {
    expect(await holds('/tracking/live/probill/details', {probillNumber: Number(value.probillNumber)}), `${call} shows ${value.probillNumber} as new, and a fresh sandbox tracks it already`).toBe(false);
  }
});

/** The named example requests of an operation's JSON body, in the order of the file. */
function requestExamples(entry: ReturnType<typeof contract.operations>[number]): Json[] {
  const body = contract.resolve(entry.operation.requestBody as Json | undefined) as {content?: Record<string, {examples?: Record<string, Json>; example?: Json}>} | undefined;
  const media = body?.content?.['application/json'];
  if (media?.examples) return Object.values(media.examples).map((example) => (contract.resolve(example) as {value: Json}).value);
  return media?.example ? [media.example] : [];
}

const writeCalls = contract.operations().filter((entry) => entry.method === 'post' && requestExamples(entry).length > 0 && successExamples(entry).length > 0);

for (const entry of writeCalls) {
  test(`POST ${entry.path}: its example request, the first call of a fresh account, answers its first example answer`, async () => {
    const [{name, file, value}] = successExamples(entry);
    const [body] = requestExamples(entry);
    const answer = await send(sandbox, {method: 'POST', path: entry.path, body, token: await freshToken(sandbox)});
    // Which to change: the example answer in its file, or the sandbox (sandbox/engine/).
    const where = `${file}: POST ${entry.path} with its example request`;
    expect(answer.status, where).toBe(contract.successStatus(entry));
    expect(differences(value, answer.body, name, entry.path), where).toEqual([]);
  });
}

test("a warehouse receipt's probill is tracked with the party it was sent from, no invoice yet, and documents dated from when it was made", async () => {
  const token = await freshToken(sandbox);
  const receipt = contract.example<{shipFrom: {address: Json; contact: Json}}>('WarehouseReceiptRequestExample');
  const sent = {...receipt, shipFrom: {address: {...receipt.shipFrom.address, street: '410 Industrial Blvd', city: 'Calhoun', zipcode: '30701'}, contact: {...receipt.shipFrom.contact, name: 'James Whitfield'}}};
  const made = await send(sandbox, {method: 'POST', path: '/wms/receipt/create', body: sent, token});
  const {probillNumber} = made.body as {probillNumber: number};
  const tracked = (await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber}, token})).body as Json;
  // The integrator sent Calhoun and got the example's Dalton (integrator of the warehouse day).
  expect(tracked.shipper).toEqual({address: '410 Industrial Blvd', attention: 'James Whitfield', city: 'Calhoun', state: (receipt.shipFrom.address as Json).state, zipCode: '30701'});
  expect(tracked.invoice).toBeUndefined();
  const documents = async (documentType: string) => ((await send(sandbox, {method: 'GET', path: '/documents/probill', query: {probillNumber, documentType}, token})).body as {documents: {createdAt: string}[]}).documents;
  expect(await documents('INVOICE')).toEqual([]);
  const [bol] = await documents('BILL_OF_LADING');
  // The sandbox's clock stands at 2025-04-22T12:00:00Z: never before the probill was made.
  expect(bol.createdAt).toBe('2025-04-22T12:00:00Z');
});
