import {execFileSync} from 'node:child_process';

import {expect, test} from '@playwright/test';

import {Contract} from '../../../sandbox/engine/contract';
import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {curlCommand, shellQuote} from '../../../src/tryIt/curl';
import {exampleCredentials, initialDraft, outgoingRequest, parameterFields, queryString} from '../../../src/tryIt/request';
import {unreachableExplanation} from '../../../src/tryIt/send';
import {baseUrlOf, baseUrlProblem, tokenKey} from '../../../src/tryIt/targets';
import {freshToken, testSandbox} from '../sandbox/sandbox';
import {contract as document} from '../openapi/contract';

const contract = new Contract(document as never);

test.describe('the try-it console builds its requests from the contract', () => {
  test('every operation starts from its examples, and the untouched request is valid by the contract', async () => {
    const {sandbox} = testSandbox();
    const token = await freshToken(sandbox);
    for (const entry of contract.operations()) {
      const draft = initialDraft(contract, entry);
      const request = outgoingRequest(contract, entry, draft, token);
      const answer = await sandbox.handle(request);
      // Refusals are the carrier's rules at work (a 404 for an unknown probill, a 422 on a completed
      // pickup); a 400 or 401 would mean the console's request itself breaks the contract.
      expect([400, 401], `${entry.operation.operationId}: ${JSON.stringify(answer.body)}`).not.toContain(answer.status);
    }
  });

  test('query fields come from the parameters, with enumerations as choices', () => {
    const fields = parameterFields(contract, contract.operation('getBolDocuments'));
    expect(fields.map((field) => [field.name, field.required])).toEqual([
      ['probillNumber', true],
      ['documentType', true],
    ]);
    expect(fields[1].choices).toContain('ALL');
    expect(initialDraft(contract, contract.operation('getBolDocuments')).query).toEqual({probillNumber: '40512387', documentType: 'ALL'});
  });

  test('an emptied query field is not sent; a token is sent only to calls that need one', () => {
    expect(queryString({limit: '', pageNumber: '2'})).toBe('?pageNumber=2');
    const list = outgoingRequest(contract, contract.operation('listLiveProbills'), {query: {limit: '', pageNumber: ''}}, 'abc');
    expect(list).toEqual({method: 'GET', path: '/tracking/live/list', headers: {Authorization: 'Bearer abc'}, body: undefined});
    const open = outgoingRequest(contract, contract.operation('getProbillDocuments'), initialDraft(contract, contract.operation('getProbillDocuments')), 'abc');
    expect(open.headers).toEqual({});
    const token = outgoingRequest(contract, contract.operation('createUserToken'), {query: {}, body: JSON.stringify(exampleCredentials(contract))}, 'abc');
    expect(token.headers).toEqual({'Content-Type': 'application/json'});
  });

  test('the copied curl command is the request, quoted so a shell runs it as sent', () => {
    const body = `{"notes": "Dock's door 3"}`;
    const command = curlCommand(localSandboxUrl, {method: 'POST', path: '/agent/probill/appointment?x=1&y=2', headers: {Authorization: 'Bearer t', 'Content-Type': 'application/json'}, body});
    expect(command).toBe(
      [
        `curl --request POST 'http://localhost:4010/agent/probill/appointment?x=1&y=2'`,
        `--header 'Authorization: Bearer t'`,
        `--header 'Content-Type: application/json'`,
        `--data '{"notes": "Dock'\\''s door 3"}'`,
      ].join(' \\\n  '),
    );
    // The shell gives back exactly the text that was quoted.
    expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(body)}`], {encoding: 'utf8'})).toBe(body);
  });
});

test.describe('the console\'s targets', () => {
  test('the in-browser sandbox has no URL; tokens belong to one target each', () => {
    expect(baseUrlOf({kind: 'browser'})).toBeUndefined();
    expect(baseUrlOf({kind: 'local'})).toBe(localSandboxUrl);
    expect(baseUrlOf({kind: 'custom', baseUrl: ' https://api.carrier.example/testing/ '})).toBe('https://api.carrier.example/testing');
    const keys = new Set([tokenKey({kind: 'browser'}), tokenKey({kind: 'local'}), tokenKey({kind: 'custom', baseUrl: 'https://api.carrier.example'})]);
    expect(keys.size).toBe(3);
  });

  test('a typed base URL that cannot be used says why', () => {
    expect(baseUrlProblem('')).toMatch(/Type the base URL/);
    expect(baseUrlProblem('api.carrier.example')).toMatch(/not an absolute URL/);
    expect(baseUrlProblem('ftp://files.carrier.example')).toMatch(/not ftp:/);
    expect(baseUrlProblem('https://api.carrier.example?x=1')).toMatch(/no query string/);
    expect(baseUrlProblem('https://api.carrier.example/testing')).toBeUndefined();
  });

  test('an unreachable server is explained: CORS first, and mixed content from an https page', () => {
    const fromLocal = unreachableExplanation('https://api.carrier.example/testing', 'http://127.0.0.1:4173');
    expect(fromLocal).toContain('Access-Control-Allow-Origin for http://127.0.0.1:4173');
    expect(fromLocal).not.toContain('mixed content');
    expect(unreachableExplanation('http://sandbox.internal.example', 'https://developer.carrier.example')).toContain('mixed content');
    expect(unreachableExplanation('http://localhost:4010', 'https://developer.carrier.example')).not.toContain('mixed content');
  });
});
