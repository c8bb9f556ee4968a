import {test, expect} from '@playwright/test';

import {magic, magicValues, sandboxPassword} from '../../../sandbox/engine/magicValues';
import {exampleValue} from '../openapi/contract';
import {freshToken, operationsWhoseSuccessHas, send, testSandbox} from './sandbox';

/**
 * The defects an outside integrator found in the downloaded sandbox (issue 56): each case here
 * answered 200 before, and a client that passed on it would have failed on anything stricter.
 */

test.describe('the token call names an account', () => {
  for (const [label, body] of [
    ['no id', {pw: sandboxPassword}],
    ['an empty id', {id: '', pw: sandboxPassword}],
    ['an id of spaces', {id: '   ', pw: sandboxPassword}],
  ] as const) {
    test(`${label} is refused with a 400 naming id, not a token for the account "undefined"`, async () => {
      const {sandbox} = testSandbox();
      const answer = await send(sandbox, {method: 'POST', path: '/authentication/user/token', body});
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({statusCode: 400, message: ['id should not be empty']});
    });
  }

  test('the account named "undefined" is an account like any other, not the one a missing id reached', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox, 'undefined');
    expect(token).toBeTruthy();
  });
});

test('a manifest arrival without a manifestNumber is refused as an unknown one is', async () => {
  const {sandbox} = testSandbox();
  const token = await freshToken(sandbox);
  const missing = await send(sandbox, {method: 'POST', path: '/agent/manifest/arrive', token, body: {}});
  const unknown = await send(sandbox, {method: 'POST', path: '/agent/manifest/arrive', token, body: {manifestNumber: 999999}});
  expect(missing.status).toBe(400);
  expect(missing.body).toEqual(unknown.body);
});

test.describe('query integers', () => {
  const tracked = 40512387;

  test('the decimal form reads the probill', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const answer = await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber: String(tracked)}, token});
    expect(answer.status).toBe(200);
  });

  for (const written of [`${tracked}.0`, ` ${tracked}`, `${tracked} `, '0x26A2', '4.0512387e7']) {
    test(`"${written}" is refused, not read as a number`, async () => {
      const {sandbox} = testSandbox();
      const token = await freshToken(sandbox);
      const answer = await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber: written}, token});
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({message: ['probillNumber must be an integer number']});
    });
  }

  test('a parameter sent twice is refused, naming it, rather than read as its first value', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const answer = await sandbox.handle({
      method: 'GET',
      path: `/tracking/live/probill/details?probillNumber=${tracked}&probillNumber=40512399`,
      headers: {authorization: `Bearer ${token}`},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({message: ['probillNumber must be sent once, not 2 times']});
  });
});

test.describe('paths an integration could not reach', () => {
  test('every agent write has a trigger for result false, and each answers it', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    // Derived from the contract: every call whose success answer has `result`, agent calls included.
    const withResult = operationsWhoseSuccessHas(sandbox, 'result');
    const triggered = new Set(magicValues.filter((value) => value.effect.startsWith('`result: false`')).map((value) => value.call));
    // The agents' writes: their reads refuse only what does not exist, which any unknown number reaches.
    const writes = withResult.filter((entry) => entry.method === 'post' && entry.path.startsWith('/agent/'));
    expect(writes).toHaveLength(4);
    for (const entry of writes) {
      expect([...triggered], `${entry.method.toUpperCase()} ${entry.path}`).toContain(`${entry.method.toUpperCase()} ${entry.path}`);
    }

    const bodies: [string, Record<string, unknown>][] = [
      ['/agent/probill/status', {...exampleValue<Record<string, unknown>>('StatusUpdateRequestExample'), probillNumber: magic.agentRefusedProbill}],
      ['/agent/probill/pod', {...exampleValue<Record<string, unknown>>('ProofOfDeliveryRequestExample'), probillNumber: magic.agentRefusedProbill}],
      ['/agent/probill/appointment', {...exampleValue<Record<string, unknown>>('AppointmentRequestExample'), probillNumber: magic.agentRefusedProbill}],
      ['/agent/manifest/arrive', {...exampleValue<Record<string, unknown>>('ManifestArrivalRequestExample'), manifestNumber: magic.agentRefusedManifest}],
    ];
    for (const [path, body] of bodies) {
      const answer = await send(sandbox, {method: 'POST', path, token, body});
      expect(answer.body, path).toEqual({result: false});
    }
  });

  test('the token call gives an already expired token to its magic account, which every call then refuses with 401', async () => {
    const {sandbox} = testSandbox();
    const issued = await send(sandbox, {method: 'POST', path: '/authentication/user/token', body: {id: magic.expiredTokenAccount, pw: sandboxPassword}});
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({expires_in: 0});
    const token = (issued.body as {access_token: string}).access_token;
    const refused = await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: 'PU7731065'}, token});
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('Expired bearer token');
  });
});

test.describe('the probill documents (an integrator\'s agent day, 2026-12-03)', () => {
  const undelivered = 40512387;
  const documents = (sandbox: ReturnType<typeof testSandbox>['sandbox'], documentType: string, token?: string) =>
    send(sandbox, {method: 'GET', path: '/documents/probill', query: {probillNumber: String(undelivered), documentType}, ...(token ? {token} : {})});

  test('without a token, the call reads the starting data: no proof of delivery for a probill not yet delivered', async () => {
    const {sandbox} = testSandbox();
    const answer = await documents(sandbox, 'PROOF_OF_DELIVERY');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({probillNumber: undelivered, documentType: 'PROOF_OF_DELIVERY', documents: []});
  });

  test('once delivered, the proof of delivery is dated from the delivery and has an id of its own', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const eventTime = '2026-12-03T08:39:12Z';
    const delivered = await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token, body: {...(exampleValue('ProofOfDeliveryRequestExample') as object), probillNumber: undelivered, eventTime}});
    expect(delivered.status).toBe(200);
    const proof = (await documents(sandbox, 'PROOF_OF_DELIVERY', token)).body as {documents: {documentId: string; fileName: string; createdAt: string}[]};
    const bill = (await documents(sandbox, 'BILL_OF_LADING', token)).body as {documents: {documentId: string}[]};
    expect(proof.documents).toEqual([expect.objectContaining({fileName: `POD-${undelivered}.pdf`, createdAt: eventTime})]);
    expect(proof.documents[0].documentId).not.toBe(bill.documents[0].documentId);
  });

  test('a delivery dates the tracking\'s status update from its event time, as its proof of delivery, not from the clock', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token, body: {...(exampleValue('ProofOfDeliveryRequestExample') as object), probillNumber: undelivered, eventTime: '2025-04-22T14:48:07Z'}});
    const tracking = (await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber: String(undelivered)}, token})).body;
    expect(tracking).toMatchObject({status: 'DELIVERED', statusUpdateDate: 20250422, statusUpdateTime: 144807, pod: {date: 20250422, time: 144807}});
  });

  test('without a token, the call reads the world a call last changed: the guide\'s sample, which sends none, sees a proof of delivery just posted (an integrator\'s support tool, 2026-12-04)', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const eventTime = '2025-04-22T14:48:07Z';
    await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token, body: {...(exampleValue('ProofOfDeliveryRequestExample') as object), probillNumber: undelivered, eventTime}});
    expect((await documents(sandbox, 'PROOF_OF_DELIVERY')).body).toMatchObject({documents: [expect.objectContaining({fileName: `POD-${undelivered}.pdf`, createdAt: eventTime})]});
    // Reset forgets every account: the starting data again.
    sandbox.reset();
    expect((await documents(sandbox, 'PROOF_OF_DELIVERY')).body).toMatchObject({documents: []});
  });
});

test('the ETA is calculated at a whole second, as the example writes it', async () => {
  const {sandbox} = testSandbox();
  const token = await freshToken(sandbox);
  const answer = await send(sandbox, {method: 'GET', path: '/transit/eta', token, query: {originZipcode: '06001', destinationZipcode: '30303', tenderDate: '2026-12-03'}});
  expect(answer.status).toBe(200);
  expect((answer.body as {calculatedAt: string}).calculatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
});
