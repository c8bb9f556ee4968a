import {createServer, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

import {expect, test} from '@playwright/test';
import fc from 'fast-check';

import {BodyCollector, indentJsonText, readableSize, shownBodyBytes} from '../../../src/tryIt/answerBody';
import {send, answerTimeoutMs} from '../../../src/tryIt/send';
import type {OutgoingRequest} from '../../../src/tryIt/request';

/**
 * What the console's send (src/tryIt/send.ts) does with servers that misbehave, as one typed under
 * "Another server" can: a body that never ends, and a body far larger than anything the console shows.
 */

const request: OutgoingRequest = {method: 'POST', path: '/order/pickup/request', headers: {'Content-Type': 'application/json'}, body: '{}'};

let server: Server;
let baseUrl: string;
/** Open trickling answers, ended after each test so the server can close. */
const trickling = new Set<ServerResponse>();

test.beforeAll(async () => {
  server = createServer((incoming, response) => {
    if (incoming.url === '/trickle/order/pickup/request') {
      // Headers and one byte at once, then a byte every 50 ms for ever.
      response.writeHead(200, {'Content-Type': 'application/json'});
      response.write('{');
      trickling.add(response);
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    } else if (incoming.url === '/silent/order/pickup/request') {
      // Never answers at all.
      trickling.add(response);
    } else if (incoming.url === '/large/order/pickup/request') {
      response.writeHead(201, {'Content-Type': 'application/json'});
      const chunk = 'A'.repeat(1_000_000);
      response.write('{"result": true, "content": "');
      for (let index = 0; index < 50; index++) {
        response.write(chunk);
      }
      response.end('"}');
    } else {
      response.writeHead(201, {'Content-Type': 'application/json'}).end('{"result":true,"pickupNumber":"PU1"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterEach(() => {
  trickling.forEach((response) => response.destroy());
  trickling.clear();
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const target = (prefix: string) => ({kind: 'custom' as const, baseUrl: `${baseUrl}${prefix}`});

test('the console gives up on a body that never ends, after the stated timeout, and says what it had', async () => {
  expect(answerTimeoutMs).toBe(30_000);
  const exchange = await send(target('/trickle'), request, undefined, {timeoutMs: 400});
  expect(exchange.kind).toBe('failure');
  expect(exchange.durationMs).toBeGreaterThanOrEqual(400);
  expect(exchange.kind === 'failure' && exchange.problem).toMatch(/^No whole answer within 0\.4 s, so the console stopped waiting: the server at http:\/\/127\.0\.0\.1:\d+ had answered 200 OK and sent \d+ B of its body, which had not ended\. The request may still have reached the server/);
});

test('the timeout also ends a server that never answers at all', async () => {
  const exchange = await send(target('/silent'), request, undefined, {timeoutMs: 300});
  expect(exchange.kind === 'failure' && exchange.problem).toMatch(/^No whole answer within 0\.3 s.*had not answered\./);
});

test('Cancel ends a body that never ends, at once', async () => {
  const cancel = new AbortController();
  const sent = send(target('/trickle'), request, undefined, {signal: cancel.signal});
  await new Promise((resolve) => setTimeout(resolve, 300));
  cancel.abort();
  const exchange = await sent;
  expect(exchange.durationMs).toBeLessThan(answerTimeoutMs);
  expect(exchange.kind === 'failure' && exchange.problem).toMatch(/^Cancelled after 0\.\d s: the server at .* had answered 200 OK and sent \d+ B of its body, which had not ended\./);
});

test('a 50 MB answer is kept whole for saving, and only its first megabyte is formatted', async () => {
  const exchange = await send(target('/large'), request, undefined);
  expect(exchange.kind).toBe('answer');
  if (exchange.kind !== 'answer') {
    return;
  }
  expect(exchange.status).toBe(201);
  const expectedBytes = '{"result": true, "content": "'.length + 50_000_000 + 2;
  expect(exchange.body.bytes).toBe(expectedBytes);
  expect(exchange.body.file.size).toBe(expectedBytes);
  expect(exchange.body.cut).toBe(true);
  expect(exchange.body.json).toBeUndefined();
  // Indented as JSON.stringify would, as far as it goes.
  expect(exchange.body.text.startsWith('{\n  "result": true,\n  "content": "AAAA')).toBe(true);
  expect(exchange.body.text.length).toBeLessThanOrEqual(shownBodyBytes + 100);
  expect(readableSize(exchange.body.bytes)).toBe('50 MB');
});

test('a small JSON answer is parsed and indented whole', async () => {
  const exchange = await send(target(''), request, undefined);
  expect(exchange.kind === 'answer' && exchange.body).toMatchObject({cut: false, json: {result: true, pickupNumber: 'PU1'}, text: '{\n  "result": true,\n  "pickupNumber": "PU1"\n}'});
});

test('indentJsonText indents any JSON as JSON.stringify(value, null, 2) does', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const compact = JSON.stringify(value);
      expect(indentJsonText(compact)).toBe(JSON.stringify(value, null, 2));
      // Whitespace in the input does not change the result.
      expect(indentJsonText(JSON.stringify(value, null, 3))).toBe(JSON.stringify(value, null, 2));
    }),
  );
});

test('indentJsonText takes a text cut anywhere, even inside a string or an escape', () => {
  const whole = JSON.stringify({a: ['x\\"y', {b: null}], c: 'é'.repeat(10)});
  for (let end = 0; end <= whole.length; end++) {
    const indented = indentJsonText(whole.slice(0, end));
    expect(JSON.stringify(JSON.parse(whole), null, 2).startsWith(indented.trimEnd())).toBe(true);
  }
});

test('a body cut in the middle of a character shows no broken character', async () => {
  const bytes = new TextEncoder().encode(`"${'é'.repeat(shownBodyBytes)}"`);
  const collector = new BodyCollector();
  collector.add(bytes.subarray(0, 1001));
  collector.add(bytes.subarray(1001));
  const body = await collector.finish('application/json');
  expect(body.cut).toBe(true);
  expect(body.text).not.toContain('\uFFFD');
});
