import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {magic} from '../../../sandbox/engine/magicValues';
import {errorsOf, validatorFor} from '../openapi/contract';
import {projectRoot, tokenFrom} from '../../../sandbox/process';
import {useValidatedSandbox} from './validated';
import {docsPages} from '../../../contract/docsPages';

/**
 * The code blocks of the guides that make a call, or read a call's answer, run against
 * the downloaded sandbox as a reader would use them. A new block that calls `fetch` fails the first test
 * until it is run here too.
 */
type Block = {file: string; source: string};
const docsRoot = path.join(projectRoot, 'docs');
const blocks: Block[] = docsPages(docsRoot).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/^```(?:js|javascript|ts)\b[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({file: path.relative(docsRoot, file), source: match[1]})),
);
const blockDefining = (name: string): Block => {
  const block = blocks.find((candidate) => new RegExp(`function ${name}\\b`).test(candidate.source));
  if (!block) {
    throw new Error(`no code block of the guides defines ${name}()`);
  }
  return block;
};
/** Evaluates a block and returns the function it defines. */
const load = <T>(name: string): T => new Function(`${blockDefining(name).source}\nreturn ${name};`)() as T;

const exercised = ['listAllLiveProbills', 'readAnswer', 'errorMessages'];

// The guides' code reaches the sandbox through Prism's validation proxy (validated.ts); some of its
// requests are refused on purpose (a bad token), so only those must be refused.
const validated = useValidatedSandbox('guide code', {requestsAllValid: false, start: {args: ['--quiet']}});

test('every guide code block that calls fetch is exercised here', () => {
  const calling = blocks.filter((block) => /\bfetch\(/.test(block.source));
  expect(calling.length).toBeGreaterThan(0);
  for (const block of calling) {
    expect(exercised.some((name) => new RegExp(`function ${name}\\b`).test(block.source)), `${block.file}:\n${block.source}`).toBe(true);
  }
});

test('tracking: listAllLiveProbills pages through every live probill of the account', async () => {
  const listAllLiveProbills = load<(baseUrl: string, token: string, limit?: number) => Promise<{probillNumber: number}[]>>('listAllLiveProbills');
  const token = await tokenFrom(validated().baseUrl);
  for (let index = 0; index < 3; index++) {
    await fetch(`${validated().baseUrl}/ltl/bol/pickup`, {
      method: 'POST',
      headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
      body: JSON.stringify({bol: `BOL-GUIDE-${index}`}),
    });
  }
  const probills = await listAllLiveProbills(validated().baseUrl, token, 2);
  expect(probills).toHaveLength(5);
  const validate = validatorFor('#/components/schemas/ProbillTracking');
  for (const probill of probills) {
    expect(validate(probill), errorsOf(validate)).toBe(true);
  }
  await expect(listAllLiveProbills(validated().baseUrl, 'not-a-token')).rejects.toThrow('Page 1 failed with HTTP 401');
});

test('tracking: listAllLiveProbills stops with an error on a refusal, not with a short list, and ends at an empty page whatever its result', async () => {
  const listAllLiveProbills = load<(baseUrl: string, token: string) => Promise<unknown[]>>('listAllLiveProbills');
  // The sandbox never refuses a live list; a stand-in server gives the refusal the contract allows,
  // result false with an error string and no results array, for the account `refused`. For any other,
  // page 1 holds one probill and page 2 is empty with result false: the carrier does not say what
  // `result` an empty page carries, and the empty array is the only end it gives.
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    const url = new URL(request.url!, 'http://stand-in');
    if (request.headers.authorization === 'Bearer refused') {
      response.end(JSON.stringify({result: false, error: 'Account not enabled'}));
    } else {
      response.end(JSON.stringify(url.searchParams.get('pageNumber') === '1' ? {result: true, results: [{probillNumber: 1}]} : {result: false, results: []}));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const {port} = server.address() as AddressInfo;
    await expect(listAllLiveProbills(`http://127.0.0.1:${port}`, 'refused')).rejects.toThrow('Page 1 answered result: false');
    expect(await listAllLiveProbills(`http://127.0.0.1:${port}`, 'token')).toEqual([{probillNumber: 1}]);
  } finally {
    server.close();
  }
});

test('errors: readAnswer returns a success and turns every kind of error into a readable one', async () => {
  const readAnswer = load<(response: Response) => Promise<unknown>>('readAnswer');
  const errorMessages = load<(body: unknown) => string[]>('errorMessages');
  const token = await tokenFrom(validated().baseUrl);
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${validated().baseUrl}${path}`, {...init, headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers}});

  expect(await readAnswer(await call('/tracking/pickup?pickupNumber=PU7731042'))).toMatchObject({pickupNumber: 'PU7731042'});
  await expect(readAnswer(await call('/tracking/pickup?pickupNumber=PU7731042', {headers: {authorization: 'Bearer expired'}}))).rejects.toThrow('Token missing or expired');
  const invalid = await call('/order/pickup/cancel', {method: 'POST', body: JSON.stringify({pickupNumber: ''})});
  await expect(readAnswer(invalid.clone())).rejects.toThrow('HTTP 400: pickupNumber should not be empty');
  expect(errorMessages(await invalid.json())).toEqual(['pickupNumber should not be empty']);
  await expect(readAnswer(await call('/order/pickup/cancel', {method: 'POST', body: JSON.stringify({pickupNumber: magic.completedPickupNumber})}))).rejects.toThrow(
    'HTTP 422: Pickup cannot be cancelled as it is already assigned, cancelled, or completed',
  );
  await expect(readAnswer(await call(`/wms/inventory/inquiry?clientCode=${magic.refusedClientCode}`))).rejects.toThrow(`Client code ${magic.refusedClientCode} not found`);
});
