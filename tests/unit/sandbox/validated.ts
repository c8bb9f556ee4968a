import {test, expect} from '@playwright/test';

import {contractBreaches, recordTally, startValidatedSandbox, type ValidatedSandbox} from '../../../sandbox/contractValidator';
import type {StartOptions} from '../../../sandbox/process';

/**
 * One downloaded sandbox per test file, behind Prism's validation proxy (sandbox/contractValidator.ts).
 * After each test, the exchanges it caused must keep the contract as Prism reads it; the file's
 * count goes to the run's tally. `requestsAllValid`: the suite sends only requests meant to be
 * valid (samples, the Postman collection), so Prism must find none invalid either.
 */
export function useValidatedSandbox(suite: string, options: {requestsAllValid: boolean; start?: StartOptions}): () => ValidatedSandbox {
  let validated: ValidatedSandbox | undefined;
  let checked = 0;
  test.beforeAll(async () => {
    validated = await startValidatedSandbox(options.start);
  });
  test.afterEach(async () => {
    if (!validated) {
      return;
    }
    const fresh = validated.exchanges.slice(checked);
    checked = validated.exchanges.length;
    expect(contractBreaches(fresh, options), `Prism's validation proxy, over ${fresh.length} exchanges of this test`).toEqual([]);
  });
  test.afterAll(async () => {
    if (validated) {
      recordTally(suite, validated.exchanges);
      await validated.stop();
    }
  });
  return () => {
    if (!validated) {
      throw new Error('the validated sandbox has not started: call this inside a test');
    }
    return validated;
  };
}
