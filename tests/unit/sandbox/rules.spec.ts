import {test, expect} from '@playwright/test';

import {maxBodyBytes} from '../../../sandbox/engine/engine';
import {magic, magicValues, sandboxPassword} from '../../../sandbox/engine/magicValues';
import {exampleValue} from '../openapi/contract';
import {freshToken, operationsWhoseSuccessHas, send, testSandbox} from './sandbox';

/** The rules of spec sections 4 and 8, played out as state changes in one account's world. */

const pickupRequest = () => exampleValue('PickupRequestExample');
const window = (windowDate: string) => ({windowDate, windowStartTime: '09:00', windowEndTime: '15:00'});

test.describe('pickups', () => {
  test('the pickup story: request, track, reschedule under a new number, cancel, and the rules after', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);

    const requested = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: pickupRequest()});
    expect(requested.status).toBe(201);
    const first = (requested.body as {pickupNumber: string}).pickupNumber;
    const again = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: pickupRequest()});
    expect((again.body as {pickupNumber: string}).pickupNumber, 'each request answers a new number').not.toBe(first);

    const tracked = await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: first}, token});
    expect(tracked.body).toMatchObject({pickupNumber: first, status: 'PICKUP PENDING'});

    const earlier = await send(sandbox, {method: 'POST', path: '/order/pickup/reschedule', token, body: {pickupNumber: first, pickupWindow: window('2025-04-17')}});
    expect(earlier.status).toBe(422);
    expect(earlier.body).toMatchObject({message: 'New pickup date cannot be earlier than the current scheduled date'});

    const moved = await send(sandbox, {method: 'POST', path: '/order/pickup/reschedule', token, body: {pickupNumber: first, pickupWindow: window('2025-04-21')}});
    expect(moved.status).toBe(200);
    const second = (moved.body as {pickupNumber: string}).pickupNumber;
    expect(second, 'a reschedule answers a new number').not.toBe(first);

    // "the new number must be used afterwards": the old one no longer finds the pickup.
    const old = await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: first}, token});
    expect(old.status).toBe(400);
    const oldCancel = await send(sandbox, {method: 'POST', path: '/order/pickup/cancel', token, body: {pickupNumber: first}});
    expect(oldCancel.status).toBe(400);

    const sameDay = await send(sandbox, {method: 'POST', path: '/order/pickup/reschedule', token, body: {pickupNumber: second, pickupWindow: window('2025-04-21')}});
    expect(sameDay.status, 'the same date is not earlier').toBe(200);
    const third = (sameDay.body as {pickupNumber: string}).pickupNumber;

    const cancelled = await send(sandbox, {method: 'POST', path: '/order/pickup/cancel', token, body: {pickupNumber: third, notes: 'No longer needed'}});
    expect(cancelled.status).toBe(200);
    expect((await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: third}, token})).body).toMatchObject({status: 'PICKUP CANCELLED'});

    const cancelTwice = await send(sandbox, {method: 'POST', path: '/order/pickup/cancel', token, body: {pickupNumber: third}});
    expect(cancelTwice.status).toBe(422);
    expect(cancelTwice.body).toMatchObject({message: 'Pickup cannot be cancelled as it is already assigned, cancelled, or completed'});
    const rescheduleCancelled = await send(sandbox, {method: 'POST', path: '/order/pickup/reschedule', token, body: {pickupNumber: third, pickupWindow: window('2025-04-25')}});
    expect(rescheduleCancelled.status).toBe(422);
    expect(rescheduleCancelled.body).toMatchObject({message: 'Pickup cannot be rescheduled as it is already assigned, cancelled, or completed'});
  });

  test('an assigned pickup (magic bol) and the seeded assigned and completed pickups refuse both changes', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const assigned = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: {...pickupRequest(), bol: magic.assignedPickupBol}});
    const born = (assigned.body as {pickupNumber: string}).pickupNumber;
    expect((await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: born}, token})).body).toMatchObject({status: 'PICKUP ASSIGNED TO DRIVER'});
    for (const pickupNumber of [born, magic.assignedPickupNumber, magic.completedPickupNumber]) {
      const reschedule = await send(sandbox, {method: 'POST', path: '/order/pickup/reschedule', token, body: {pickupNumber, pickupWindow: window('2026-01-05')}});
      expect(reschedule.status, pickupNumber).toBe(422);
      const cancel = await send(sandbox, {method: 'POST', path: '/order/pickup/cancel', token, body: {pickupNumber}});
      expect(cancel.status, pickupNumber).toBe(422);
    }
  });

  test("validation lists every problem, each naming its field, in the catalogue's own words where it has them", async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const answer = await send(sandbox, {
      method: 'POST',
      path: '/order/pickup/reschedule',
      token,
      body: {pickupNumber: '', pickupWindow: {windowDate: '21/04/2025', windowStartTime: '9:00', windowEndTime: '24:00'}},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      statusCode: 400,
      message: [
        'pickupNumber should not be empty',
        'pickupWindow.windowDate must be in format (YYYY-MM-DD)',
        // Two bad times, one message: the catalogue's, word for word.
        'time must be in format (HH:MM, 00:00-23:59)',
      ],
      error: 'Bad Request',
    });
    const empty = await send(sandbox, {method: 'POST', path: '/order/pickup/cancel', token, body: {pickupNumber: ''}});
    expect(empty.body).toMatchObject({message: ['pickupNumber should not be empty']});
    // The carrier does not state that the cancel's pickupNumber is required: without one, the
    // sandbox finds no pickup and answers the generic 400.
    const missing = await send(sandbox, {method: 'POST', path: '/order/pickup/cancel', token, body: {}});
    expect(missing.status).toBe(400);
  });
});

test.describe('tracking', () => {
  test('the live list pages through the account probills until a page is empty', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const shipment = exampleValue('WarehouseShipmentRequestExample');
    for (let index = 0; index < 3; index++) {
      await send(sandbox, {method: 'POST', path: '/wms/shipment/create', token, body: {...shipment, bolNumber: `BOL-PAGE-${index}`}});
    }
    const seen: number[] = [];
    for (let pageNumber = 1; pageNumber < 10; pageNumber++) {
      const page = await send(sandbox, {method: 'GET', path: '/tracking/live/list', query: {limit: 2, pageNumber}, token});
      const results = (page.body as {results: {probillNumber: number}[]}).results;
      if (results.length === 0) {
        break;
      }
      expect(results.length).toBeLessThanOrEqual(2);
      seen.push(...results.map((probill) => probill.probillNumber));
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const byBol = await send(sandbox, {method: 'GET', path: '/tracking/live/bol/details', query: {bol: 'BOL-PAGE-1'}, token});
    expect(byBol.body).toMatchObject({bolNumber: 'BOL-PAGE-1', status: 'TENDERED AT ORIGIN'});
  });

  test('a preassigned probill is not trackable', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const preassigned = await send(sandbox, {method: 'GET', path: '/ltl/preassigned/probill', token});
    const probillNumber = (preassigned.body as {probillNumber: number}).probillNumber;
    expect((await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber}, token})).status).toBe(400);
  });
});

test.describe('agents', () => {
  test('status updates accept only PICKED_UP and OUT_FOR_DELIVERY; a proof of delivery sets DELIVERED everywhere', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const probillNumber = 40512402;
    const refused = await send(sandbox, {method: 'POST', path: '/agent/probill/status', token, body: {probillNumber, status: 'DELIVERED', eventTime: '2025-04-24T08:00:00Z'}});
    expect(refused.status).toBe(400);
    expect((refused.body as {message: string[]}).message[0]).toBe('status must be one of the following values: PICKED_UP, OUT_FOR_DELIVERY');

    await send(sandbox, {method: 'POST', path: '/agent/probill/status', token, body: {probillNumber, status: 'OUT_FOR_DELIVERY', eventTime: '2025-04-24T08:00:00Z'}});
    expect((await send(sandbox, {method: 'GET', path: '/agent/probill', query: {probillNumber}, token})).body).toMatchObject({status: 'OUT FOR DELIVERY'});

    const pod = {probillNumber, eventTime: '2025-04-24T15:20:00Z', podImage: 'iVBORw0KGgo=', signerName: 'Derek Olson'};
    expect((await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token, body: pod})).status).toBe(200);
    for (const path of ['/agent/probill', '/agent/probill/dr', '/tracking/live/probill/details']) {
      expect((await send(sandbox, {method: 'GET', path, query: {probillNumber}, token})).body, path).toMatchObject({status: 'DELIVERED'});
    }
    const tracking = await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber}, token});
    expect(tracking.body).toMatchObject({pod: {date: 20250424, time: 152000, signerName: 'Derek Olson'}});
    const list = await send(sandbox, {method: 'GET', path: '/agent/probill/live/list', query: {pageSize: 50, pageNumber: 1}, token});
    expect((list.body as {results: {probillNumber: number; status: string}[]}).results.find((probill) => probill.probillNumber === probillNumber)).toMatchObject({status: 'DELIVERED'});
  });

  test('appointments take their reason from the 21 and show in tracking', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const appointment = exampleValue('AppointmentRequestExample');
    const wrong = await send(sandbox, {method: 'POST', path: '/agent/probill/appointment', token, body: {...appointment, reason: 'Weather'}});
    expect(wrong.status).toBe(400);
    expect((wrong.body as {message: string[]}).message[0]).toMatch(/^reason must be one of the following values: Bol Held At Origin, /);
    await send(sandbox, {method: 'POST', path: '/agent/probill/appointment', token, body: {...appointment, earlyTime: '13:30', lateTime: '16:00'}});
    const tracking = await send(sandbox, {method: 'GET', path: '/tracking/live/probill/details', query: {probillNumber: appointment.probillNumber as number}, token});
    expect(tracking.body).toMatchObject({deliveryAppointment: {date: 20250422, startTime: 133000, endTime: 160000}});
  });
});

test.describe('magic values', () => {
  test('every call that can answer result false has a trigger, and each trigger answers as the table says', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    // Derived from the contract: a call can refuse with `result: false` when its success schema has an `error` field.
    const refusing = operationsWhoseSuccessHas(sandbox, 'error');
    expect(refusing.length).toBeGreaterThanOrEqual(8);
    const refusalTriggers = magicValues.filter((value) => value.effect.startsWith('`result: false`'));
    for (const entry of refusing) {
      expect(refusalTriggers.map((value) => value.call), `${entry.method} ${entry.path}`).toContain(`${entry.method.toUpperCase()} ${entry.path}`);
    }

    const calls: [string, Parameters<typeof send>[1]][] = [
      ['POST /wms/shipment/create', {method: 'POST', path: '/wms/shipment/create', token, body: {...exampleValue<Record<string, unknown>>('WarehouseShipmentRequestExample'), shipFrom: {shipFromCode: magic.refusedShipFromCode}}}],
      ['POST /wms/receipt/create', {method: 'POST', path: '/wms/receipt/create', token, body: {...exampleValue<Record<string, unknown>>('WarehouseReceiptRequestExample'), shipTo: {shipToCode: magic.refusedShipToCode}}}],
      ['GET /wms/inventory/inquiry', {method: 'GET', path: '/wms/inventory/inquiry', token, query: {clientCode: magic.refusedClientCode}}],
      ['POST /ltl/rate/quote', {method: 'POST', path: '/ltl/rate/quote', token, body: {...exampleValue<Record<string, unknown>>('RateQuoteRequestExample'), destinationZipcode: magic.refusedDestinationZipcode}}],
      ['GET /ltl/bol/documents', {method: 'GET', path: '/ltl/bol/documents', token, query: {probillNumber: magic.probillWithoutBol, documentType: 'ALL'}}],
      ['GET /ltl/bol/documents/bol', {method: 'GET', path: '/ltl/bol/documents/bol', token, query: {probillNumber: magic.probillWithoutBol}}],
      ['GET /ltl/bol/documents/labels', {method: 'GET', path: '/ltl/bol/documents/labels', token, query: {probillNumber: magic.probillWithoutBol}}],
    ];
    for (const [name, call] of calls) {
      const answer = await send(sandbox, call);
      expect(answer.body, name).toMatchObject({result: false, error: expect.any(String)});
    }
    const plan = exampleValue('DistributionPlanRequestExample');
    expect((await send(sandbox, {method: 'POST', path: '/distributionPlan/submit', token, body: plan})).body).toMatchObject({result: true});
    expect((await send(sandbox, {method: 'POST', path: '/distributionPlan/submit', token, body: plan})).body).toMatchObject({result: false, error: `Duplicate planId ${plan.planId}`});
  });

  test('the rate quote answers the forbidden pair of special services as its trigger says', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const trigger = magicValues.find((value) => value.call === 'POST /ltl/rate/quote' && value.field === 'specialServices')!;
    const answer = await send(sandbox, {method: 'POST', path: '/ltl/rate/quote', token, body: {...exampleValue<Record<string, unknown>>('RateQuoteRequestExample'), specialServices: ['LIFTGATE', 'INSIDE_DELIVERY', 'RESIDENTIAL_DELIVERY']}});
    expect(answer.status).toBe(400);
    const [message] = (answer.body as {message: string[]}).message;
    expect(trigger.effect).toContain(`400 with the message \`${message}\``);
  });

  test('documents answer 403, 404 and an empty array for their magic probills, with no token', async () => {
    const {sandbox} = testSandbox();
    const documents = (probillNumber: number) => send(sandbox, {method: 'GET', path: '/documents/probill', query: {probillNumber, documentType: 'INVOICE'}});
    expect((await documents(magic.documentsForbiddenProbill)).status).toBe(403);
    expect((await documents(magic.documentsNotFoundProbill)).status).toBe(404);
    const empty = await documents(magic.documentsEmptyProbill);
    expect(empty.body).toEqual({probillNumber: magic.documentsEmptyProbill, documentType: 'INVOICE', documents: []});
  });

  test('ETA answers each of its two 422 messages for its magic ZIP codes', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const eta = (originZipcode: string, destinationZipcode: string) => send(sandbox, {method: 'GET', path: '/transit/eta', token, query: {originZipcode, destinationZipcode, tenderDate: '2025-04-21'}});
    const limited = await eta(magic.etaLimitedPickupAreaOrigin, '30303');
    expect(limited.status).toBe(422);
    expect(limited.body).toEqual({message: 'Limited pickup area. Call Origin Service Center for definite pickup date', error: 'Unprocessable Entity', statusCode: 422});
    const unavailable = await eta('06001', magic.etaTransitUnavailableDestination);
    expect(unavailable.status).toBe(422);
    expect((unavailable.body as {message: string}).message).toBe(`Unable to calculate transit for specified zip codes. Please call ${magic.etaPhone} for more information`);
  });
});

test.describe('tokens and accounts', () => {
  const protectedCall = {method: 'GET', path: '/tracking/pickup', query: {pickupNumber: 'PU7731042'}};

  test('the token call takes any id with the sandbox password, and refuses another password', async () => {
    const {sandbox} = testSandbox();
    const good = await send(sandbox, {method: 'POST', path: '/authentication/user/token', body: {id: 'anyone at all', pw: sandboxPassword}});
    expect(good.body).toMatchObject({token_type: 'Bearer', expires_in: 3600});
    const bad = await send(sandbox, {method: 'POST', path: '/authentication/user/token', body: {id: 'anyone', pw: 'guess'}});
    expect(bad.status).toBe(400);
  });

  test('a missing, malformed, tampered or expired token answers 401 on every call that needs one', async () => {
    const {sandbox, advance} = testSandbox({tokenLifetimeSeconds: 60});
    const token = await freshToken(sandbox);
    const [header, payload, signature] = token.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else'})).toString('base64url');
    // The signature's first character changed: every one of its 6 bits counts, unlike the last
    // character's, whose low bits base64url decoders drop (a token ending in `xw` was still valid as `xx`).
    const wrongSignature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const badTokens = [undefined, 'not-a-jwt', `${header}.${tamperedPayload}.${signature}`, `${header}.${payload}.${wrongSignature}`];
    for (const entry of sandbox.contract.operations()) {
      const needsToken = sandbox.contract.requiresToken(entry);
      for (const bad of badTokens) {
        const answer = await send(sandbox, {method: entry.method, path: entry.path, token: bad, body: entry.method === 'post' ? {} : undefined});
        if (needsToken) {
          expect(answer.status, `${entry.path} with ${bad}`).toBe(401);
        } else {
          expect(answer.status, `${entry.path} needs no token`).not.toBe(401);
        }
      }
    }
    expect((await send(sandbox, {...protectedCall, token})).status).toBe(200);
    advance(61);
    const expired = await send(sandbox, {...protectedCall, token});
    expect(expired.status).toBe(401);
    // The contract's 401 describes no body: none is sent, and the challenge header says why (RFC 6750).
    expect(expired.body).toBeUndefined();
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="Expired bearer token"');
    const missing = await send(sandbox, {...protectedCall, token: undefined});
    expect(missing.headers['www-authenticate']).toBe('Bearer');
  });

  test('two accounts never see each other’s data', async () => {
    const {sandbox} = testSandbox();
    const alice = await freshToken(sandbox, 'alice');
    const bob = await freshToken(sandbox, 'bob');
    const made = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token: alice, body: pickupRequest()});
    const pickupNumber = (made.body as {pickupNumber: string}).pickupNumber;
    expect((await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber}, token: alice})).status).toBe(200);
    expect((await send(sandbox, {method: 'GET', path: '/tracking/pickup', query: {pickupNumber}, token: bob})).status).toBe(400);
    await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token: alice, body: exampleValue('ProofOfDeliveryRequestExample')});
    const bobsView = await send(sandbox, {method: 'GET', path: '/agent/probill', query: {probillNumber: 40512387}, token: bob});
    expect(bobsView.body).toMatchObject({status: 'OUT FOR DELIVERY'});
  });
});

test.describe('malformed requests', () => {
  test('unknown path 404, wrong method 405 with Allow, malformed JSON, oversize body and wrong content type 400', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    expect((await send(sandbox, {method: 'GET', path: '/order/pickup/teleport', token})).status).toBe(404);
    const wrongMethod = await send(sandbox, {method: 'GET', path: '/order/pickup/request', token});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    const malformed = await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: '{"bol": '});
    expect(malformed.status).toBe(400);
    const oversize = await send(sandbox, {method: 'POST', path: '/agent/probill/pod', token, body: {podImage: 'A'.repeat(maxBodyBytes)}});
    expect(oversize.status).toBe(400);
    expect((oversize.body as {message: string}).message).toMatch(/too large/);
    const text = await sandbox.handle({method: 'POST', path: '/order/pickup/cancel', headers: {authorization: `Bearer ${token}`, 'content-type': 'text/plain'}, body: 'pickupNumber=PU7731088'});
    expect(text.status).toBe(400);
    expect((text.body as {message: string}).message).toMatch(/Content-Type must be application\/json/);
  });

  test('an empty body is refused where the contract requires one, with or without a Content-Type, and creates nothing', async () => {
    const {sandbox, store} = testSandbox();
    const token = await freshToken(sandbox, 'empty-body-account');
    const before = JSON.stringify(store.get('empty-body-account') ?? null);
    for (const headers of [{authorization: `Bearer ${token}`}, {authorization: `Bearer ${token}`, 'content-type': 'application/json'}]) {
      for (const body of [undefined, '', '  ']) {
        const answer = await sandbox.handle({method: 'POST', path: '/order/pickup/request', headers, body});
        expect(answer.status, JSON.stringify({headers, body})).toBe(400);
        expect((answer.body as {message: string[]}).message).toEqual([expect.stringMatching(/request body should not be empty/)]);
      }
    }
    // Nothing was created: the account's world is as it was.
    expect(JSON.stringify(store.get('empty-body-account') ?? null)).toBe(before);
    // The same request with its body creates a pickup, and changes the world: the check above can fail.
    await send(sandbox, {method: 'POST', path: '/order/pickup/request', token, body: exampleValue('PickupRequestExample')});
    expect(JSON.stringify(store.get('empty-body-account') ?? null)).not.toBe(before);
  });

  test("what the contract refuses gets the contract's 400, naming the field: a missing required field, a string one over its limit, a value outside its enum, a malformed date", async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    const proof = exampleValue<Record<string, unknown>>('ProofOfDeliveryRequestExample');
    const {signerName: _dropped, ...withoutSigner} = proof;
    const refusals: [string, {path: string; body: unknown}, string][] = [
      ['a missing required field', {path: '/agent/probill/pod', body: withoutSigner}, 'signerName should not be empty'],
      ['a string one character over its limit', {path: '/order/pickup/request', body: {...pickupRequest(), bol: 'B'.repeat(21)}}, 'bol must be shorter than or equal to 20 characters'],
      ['a value outside its enum', {path: '/agent/probill/appointment', body: {...exampleValue<Record<string, unknown>>('AppointmentRequestExample'), reason: 'Weather'}}, 'reason must be one of the following values'],
      ['a malformed date', {path: '/agent/probill/appointment', body: {...exampleValue<Record<string, unknown>>('AppointmentRequestExample'), appointmentDate: '04/22/2025'}}, 'appointmentDate must be in format (YYYY-MM-DD)'],
    ];
    for (const [what, call, message] of refusals) {
      const answer = await send(sandbox, {method: 'POST', token, ...call});
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).toMatchObject({statusCode: 400, error: 'Bad Request', message: [expect.stringContaining(message)]});
    }
  });
});
