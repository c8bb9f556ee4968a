import {once} from 'node:events';
import http from 'node:http';
import type {AddressInfo} from 'node:net';

import {test, expect} from '@playwright/test';

import {contractBreaches, isResponse, recordTally, startValidatedSandbox, startValidatingProxy} from '../../../sandbox/contractValidator';
import {tokenFrom} from '../../../sandbox/process';
import {exampleValue} from '../openapi/contract';

/**
 * The independent validator (Stoplight Prism's validation proxy, sandbox/contractValidator.ts)
 * itself: it catches an answer that breaks the contract, and it agrees with the sandbox on what the
 * contract refuses.
 */

test('the validator names the operation, the status and the keyword of an answer that breaks the contract', async () => {
  // A server that claims the contract and breaks it: a pickup number that is a number, a status the
  // call does not document.
  const impostor = http.createServer((incoming, outgoing) => {
    incoming.resume();
    const body = incoming.url === '/order/pickup/request' ? {result: true, pickupNumber: 7731088} : {};
    outgoing.writeHead(incoming.url === '/order/pickup/request' ? 201 : 418, {'content-type': 'application/json'});
    outgoing.end(JSON.stringify(body));
  });
  impostor.listen(0, '127.0.0.1');
  await once(impostor, 'listening');
  const proxy = await startValidatingProxy(`http://127.0.0.1:${(impostor.address() as AddressInfo).port}`);
  try {
    const headers = {authorization: 'Bearer any', 'content-type': 'application/json'};
    const created = await fetch(`${proxy.baseUrl}/order/pickup/request`, {method: 'POST', headers, body: JSON.stringify(exampleValue('PickupRequestExample'))});
    // The client gets the upstream's answer as it was sent, without Prism's header.
    expect(created.status).toBe(201);
    expect(created.headers.get('sl-violations')).toBeNull();
    expect(await created.json()).toEqual({result: true, pickupNumber: 7731088});
    await (await fetch(`${proxy.baseUrl}/order/pickup/cancel`, {method: 'POST', headers, body: JSON.stringify(exampleValue('CancelPickupRequestExample'))})).arrayBuffer();

    const breaches = contractBreaches(proxy.exchanges, {requestsAllValid: true});
    expect(breaches).toEqual([
      expect.stringMatching(/^requestPickup \(POST \/order\/pickup\/request\) answered 201: response\.body\.pickupNumber type: /),
      expect.stringMatching(/^cancelPickup \(POST \/order\/pickup\/cancel\) answered 418: response .*status code/i),
    ]);
  } finally {
    await proxy.stop();
    impostor.close();
  }
});

test.describe('the sandbox refuses what the validator refuses', () => {
  test("each refusal of the contract gets the sandbox's 4xx, and Prism finds the same request invalid", async () => {
    const validated = await startValidatedSandbox();
    try {
      const token = await tokenFrom(validated.baseUrl);
      const post = (path: string, body: string | undefined, contentType = true) =>
        fetch(`${validated.baseUrl}${path}`, {method: 'POST', headers: {authorization: `Bearer ${token}`, ...(contentType ? {'content-type': 'application/json'} : {})}, body});
      const proof = exampleValue('ProofOfDeliveryRequestExample');
      const {signerName: _dropped, ...withoutSigner} = proof;
      const appointment = exampleValue('AppointmentRequestExample');
      const refusals: [string, () => Promise<Response>][] = [
        ['an empty body', () => post('/order/pickup/request', undefined, false)],
        ['a body missing a required field', () => post('/agent/probill/pod', JSON.stringify(withoutSigner))],
        ['a string one character over its limit', () => post('/order/pickup/request', JSON.stringify({...exampleValue('PickupRequestExample'), bol: 'B'.repeat(21)}))],
        ['an unknown enum value', () => post('/agent/probill/appointment', JSON.stringify({...appointment, reason: 'Weather'}))],
        ['a malformed date', () => post('/agent/probill/appointment', JSON.stringify({...appointment, appointmentDate: '04/22/2025'}))],
        ['an empty required query parameter', () => fetch(`${validated.baseUrl}/wms/inventory/inquiry?clientCode=`, {headers: {authorization: `Bearer ${token}`}})],
      ];
      for (const [what, send] of refusals) {
        const before = validated.exchanges.length;
        const answer = await send();
        await answer.arrayBuffer();
        expect(answer.status, what).toBe(400);
        const exchange = validated.exchanges[before];
        expect(exchange.violations.filter((violation) => !isResponse(violation)), `${what}: Prism finds the request valid`).not.toEqual([]);
      }
      recordTally('refusals', validated.exchanges);
      expect(contractBreaches(validated.exchanges, {requestsAllValid: false})).toEqual([]);
    } finally {
      await validated.stop();
    }
  });
});
