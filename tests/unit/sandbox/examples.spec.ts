import {test, expect} from '@playwright/test';

import {parameterExample} from '../../../sandbox/engine/contract';
import {freshToken, send, testSandbox} from './sandbox';

/**
 * Issue: "Every example request of the contract, sent with a token of a fresh account, answers its
 * documented success." One test per operation and request example; query values come from the
 * parameters' examples, as the generated code samples use them.
 */
const {sandbox} = testSandbox();

for (const entry of sandbox.contract.operations()) {
  const parameters = (entry.operation.parameters ?? []).map((parameter) => sandbox.contract.resolve(parameter));
  const query = Object.fromEntries(parameters.filter((parameter) => parameterExample(parameter) !== undefined).map((parameter) => [parameter.name, String(parameterExample(parameter))]));
  const bodies = entry.operation.requestBody ? Object.entries(sandbox.contract.requestExamples(entry)) : [['no body', undefined] as const];
  for (const [exampleName, body] of bodies) {
    test(`${entry.method.toUpperCase()} ${entry.path} with ${exampleName} answers its success on a fresh account`, async () => {
      const token = sandbox.contract.requiresToken(entry) ? await freshToken(sandbox) : undefined;
      const answer = await send(sandbox, {method: entry.method, path: entry.path, query, body, token});
      expect(answer.status).toBe(sandbox.contract.successStatus(entry));
      if (answer.body && typeof answer.body === 'object' && 'result' in answer.body) {
        expect((answer.body as {result: boolean}).result, JSON.stringify(answer.body)).toBe(true);
      }
    });
  }
}

test('every call of the contract has a behaviour in the sandbox', async () => {
  expect(sandbox.contract.operations()).toHaveLength(28);
});
