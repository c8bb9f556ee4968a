import {test, expect} from '@playwright/test';

import {callOpenQuestions, openQuestions, type Document} from '../../../contract/openQuestions/rows';
import {parameterExample, type ParameterObject} from '../../../sandbox/engine/contract';
import {relianceHeader} from '../../../sandbox/engine/reliance';
import {sandboxPassword} from '../../../sandbox/engine/magicValues';
import {contract as document} from '../openapi/contract';
import {freshToken, send, testSandbox} from './sandbox';

/**
 * Each answer names the register's open questions its exchange relied on (sandbox/engine/reliance.ts,
 * issue 56): what passing against the sandbox still takes on trust.
 */

const idsOf = (answer: {headers: Record<string, string>}) =>
  (answer.headers[relianceHeader.toLowerCase()] ?? '').split(',').map((id) => id.trim()).filter(Boolean);
const registerIds = new Set(openQuestions(document as unknown as Document).map((row) => row.id));

test('an empty pickup request, a negative ZIP code and PICKED_UP after a delivery each name the questions they relied on', async () => {
  const {sandbox} = testSandbox();
  const token = await freshToken(sandbox);
  const empty = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: {}});
  expect(empty.status).toBe(201);
  // Which fields a pickup request requires is open: the sandbox requires none.
  expect(idsOf(empty)).toContain('pickuprequest');

  const negative = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: {pickupFrom: {zip: -5}}});
  expect(negative.status).toBe(201);
  expect(idsOf(negative)).toEqual(expect.arrayContaining(['pickuprequest', 'pickupparty-zip']));

  const delivered = await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token, body: {probillNumber: 40512387, signerName: 'Dana Whitfield', eventTime: '2025-04-17T12:00:00Z', podImage: 'iVBORw0KGgo='}});
  expect(delivered.status).toBe(200);
  const backwards = await send(sandbox, {method: 'POST', path: '/agent/probill/status', token, body: {probillNumber: 40512387, status: 'PICKED_UP', eventTime: '2025-04-17T13:00:00Z'}});
  // What a status update does to a probill is open: the call's own question.
  expect(idsOf(backwards)).toContain('updateagentprobillstatus');
  // The move back from DELIVERED is the lifecycle table's choice: taken, and flagged.
  expect(backwards.status).toBe(200);
  expect(idsOf(backwards)).toContain('postproofofdelivery');
  for (const answer of [empty, negative, delivered, backwards]) {
    expect(idsOf(answer).filter((id) => !registerIds.has(id))).toEqual([]);
  }
});

test('an answer that relied on no open question carries no header, and the questions asked across the API are never named', async () => {
  const {sandbox} = testSandbox();
  const unknownPath = await send(sandbox, {method: 'GET', path: '/no/such/call'});
  expect(unknownPath.status).toBe(404);
  expect(unknownPath.headers).not.toHaveProperty(relianceHeader.toLowerCase());
  // The 401 is asked across the API (the register's api-unauthorized-status), once, not on each answer.
  const unauthorized = await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: 'PU7731065'}});
  expect(unauthorized.status).toBe(401);
  expect(unauthorized.headers).not.toHaveProperty(relianceHeader.toLowerCase());
});

/** Whether `value` has something at `steps` (`items[]` reads each element of `items`). */
function carries(value: unknown, steps: string[]): boolean {
  if (steps.length === 0) return value !== undefined;
  const [step, ...rest] = steps;
  const [name, ...arrays] = step.split('[]');
  let found: unknown[] = [name === '' ? value : (value as Record<string, unknown> | undefined)?.[name]];
  for (let index = 0; index < arrays.length; index++) found = found.flatMap((entry) => (Array.isArray(entry) ? entry : []));
  return found.some((entry) => entry !== undefined && carries(entry, rest));
}

/** The request each call's example makes: its parameters' examples and its first request example. */
function exampleCall(entry: ReturnType<typeof operationsOf>[number]) {
  const parameters = (entry.operation.parameters ?? []).map((parameter) => entry.resolve<ParameterObject>(parameter));
  const query = Object.fromEntries(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameterExample(parameter) as string | number]));
  const body = Object.values(entry.requestExamples)[0];
  return {query, body};
}

function operationsOf(sandbox: ReturnType<typeof testSandbox>['sandbox']) {
  return sandbox.contract.operations().map((entry) => ({
    ...entry,
    resolve: <T>(value: unknown) => sandbox.contract.resolve<T>(value as T),
    requestExamples: sandbox.contract.requestExamples(entry),
  }));
}

const {sandbox: listing} = testSandbox();
for (const entry of operationsOf(listing)) {
  test(`${entry.method.toUpperCase()} ${entry.path}: its example request names exactly the open questions of the call, its request and its answer`, async () => {
    const {sandbox} = testSandbox();
    const {query, body} = exampleCall(entry);
    const token = entry.operation.operationId === 'createUserToken' ? undefined : await freshToken(sandbox);
    const sent = entry.operation.operationId === 'createUserToken' ? {id: 'reliance', pw: sandboxPassword} : body;
    const answer = await send(sandbox, {method: entry.method.toUpperCase(), path: entry.path, query, body: sent, token});
    expect(answer.status, JSON.stringify(answer.body)).toBe(sandbox.contract.successStatus(entry));
    // What the contract says this call reaches: its own question, its parameters', its request's and its success answer's.
    const success = String(answer.status);
    // A field the exchange does not carry is relied on only for whether it may be left out.
    const carried = (field: string): boolean => {
      if (field === 'this call' || field === 'request body' || /^\d{3} answer$/.test(field) || field === 'answer') return true;
      if (field in query) return query[field] !== undefined;
      const [root, rest] = field.startsWith('answer.') ? [answer.body, field.slice('answer.'.length)] : [sent, field];
      return carries(root, rest.split('.'));
    };
    const expected = callOpenQuestions(document as unknown as Document, entry.operation.operationId)
      .filter(({field}) => !/^\d{3} answer/.test(field) || field.startsWith(`${success} answer`))
      // Left out, a field is relied on for its own presence, where what holds it was sent; an object's
      // question of which of its fields are required (a schema's own row) matters only when it is sent.
      .filter(({row, field}) => {
        if (carried(field)) return true;
        const parent = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : 'request body';
        const ownPresence = row.field !== '' && row.aspects.some((aspect) => aspect === 'required' || aspect === 'presence');
        return ownPresence && carried(parent.replace(/\[\]$/, ''));
      })
      .map(({row}) => row.id);
    expect(idsOf(answer).sort(), `${entry.operation.operationId}: the header against the call's open questions`).toEqual([...new Set(expected)].sort());
  });
}

test('the sandbox moves a probill as the contract\'s lifecycle table says, each move from DELIVERED included', async () => {
  const moves = (document as unknown as {'x-sandbox-lifecycle': {operation: string; sent?: string; sets: string}[]})['x-sandbox-lifecycle'];
  expect(moves.length).toBeGreaterThanOrEqual(3);
  const {sandbox} = testSandbox();
  const token = await freshToken(sandbox);
  const bodies: Record<string, (sent?: string) => object> = {
    updateAgentProbillStatus: (sent) => ({probillNumber: 40512387, status: sent, eventTime: '2025-04-17T13:00:00Z'}),
    postProofOfDelivery: () => ({probillNumber: 40512387, signerName: 'Dana Whitfield', eventTime: '2025-04-17T12:00:00Z', podImage: 'iVBORw0KGgo='}),
  };
  for (const first of moves) {
    for (const move of [first, moves.find((candidate) => candidate.sets === 'DELIVERED')!, first]) {
      const entry = sandbox.contract.operation(move.operation);
      expect((await send(sandbox, {method: 'POST', path: entry.path, token, body: bodies[move.operation](move.sent)})).status).toBe(200);
      const tracked = await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', token, query: {probillNumber: 40512387}});
      expect((tracked.body as {status: string}).status, `${move.operation} ${move.sent ?? ''}`).toBe(move.sets);
    }
  }
});
