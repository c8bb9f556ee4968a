import {test, expect} from '@playwright/test';

import {requestExample, sampleDefaultBaseUrl, sampleEnvironment, sampleLanguages} from '../../../contract/codeSamples';
import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {redocLanguageAliases, redocPrismLanguages} from '../../../src/plugins/redoc/browserBundle';
import {contract, operations} from './contract';

type CodeSample = {lang: string; label: string; source: string};

/** The JSON body a curl sample sends, read back out of its `--data '…'` argument. */
function curlBody(source: string): unknown {
  const match = source.match(/--data '([\s\S]*)'\s*$/);
  return match ? JSON.parse(match[1]) : undefined;
}

test('every operation carries curl, JavaScript and Python samples, in that order', () => {
  for (const {operation} of operations()) {
    const samples = operation['x-codeSamples'] as CodeSample[];
    expect(samples.map((sample) => sample.label), operation.operationId).toEqual(sampleLanguages.map((language) => language.label));
    for (const sample of samples) {
      expect(sample.source.length, `${operation.operationId} ${sample.label}`).toBeGreaterThan(40);
    }
  }
});

test('samples send exactly the request example of their operation, to its path under the base URL of the environment', () => {
  const {baseUrl} = sampleEnvironment;
  for (const {path, method, operation} of operations()) {
    const [curl, javascript, python] = operation['x-codeSamples'] as CodeSample[];
    expect(curl.source, operation.operationId).toContain(`--request ${method.toUpperCase()}`);
    expect(curl.source).toContain(`"\${${baseUrl}:-${sampleDefaultBaseUrl}}${path}`);
    expect(javascript.source).toContain(`const baseUrl = process.env.${baseUrl} ?? '${sampleDefaultBaseUrl}';`);
    expect(javascript.source).toContain(`\`\${baseUrl}${path}`);
    expect(python.source).toContain(`base_url = os.environ.get("${baseUrl}", "${sampleDefaultBaseUrl}")`);
    expect(python.source).toContain(`base_url + "${path}`);
    expect(curlBody(curl.source), operation.operationId).toEqual(requestExample(contract, operation));
  }
});

test('the base URL a pasted sample falls back to is the downloaded sandbox', () => {
  expect(sampleDefaultBaseUrl).toBe(localSandboxUrl);
});

test('samples read the bearer token from the environment exactly where the call requires one', () => {
  const {token} = sampleEnvironment;
  const reads: Record<string, string> = {shell: `"Authorization: Bearer $${token}"`, javascript: `process.env.${token}`, python: `os.environ["${token}"]`};
  for (const {operation} of operations()) {
    const needsToken = (operation.security ?? contract.security ?? []).length > 0;
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      expect(sample.source.includes(reads[sample.lang]), `${operation.operationId} ${sample.label}`).toBe(needsToken);
    }
  }
});

test('query samples use the example values of the parameters', () => {
  const tracking = operations().find((entry) => entry.path === '/tracking/live/probill/details')!;
  const [curl] = tracking.operation['x-codeSamples'] as CodeSample[];
  expect(curl.source).toMatch(/\?probillNumber=\d+/);
});

test("Redoc's browser bundle keeps the Prism grammar of every code sample language", () => {
  // JavaScript is part of Prism's core; src/plugins/redoc/browserBundle.ts leaves out other grammars.
  const available = ['javascript', ...redocPrismLanguages];
  for (const {operation} of operations()) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const grammar = redocLanguageAliases[sample.lang] ?? sample.lang;
      expect(available, `${operation.operationId} ${sample.label}`).toContain(grammar);
    }
  }
});

test('samples carry no notes: what a call leaves open is said once, in its Open questions', () => {
  for (const {operation} of operations()) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const comments = sample.source.split('\n').filter((line) => /^\s*(#|\/\/)/.test(line));
      expect(comments, `${operation.operationId} ${sample.label}`).toEqual([]);
      expect(sample.source, `${operation.operationId} ${sample.label}`).not.toMatch(/not stated|illustrative|reading/i);
    }
  }
});
