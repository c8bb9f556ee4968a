import {test, expect} from '@playwright/test';

import {commentLines, requestExample, requestExampleNote, sampleLanguages, tokenPlaceholder} from '../../../scripts/openapi/codeSamples';
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

test('samples send exactly the request example of their operation, to its path on the production server', () => {
  const [production] = contract.servers!;
  for (const {path, method, operation} of operations()) {
    const [curl, javascript, python] = operation['x-codeSamples'] as CodeSample[];
    expect(curl.source, operation.operationId).toContain(`--request ${method.toUpperCase()}`);
    expect(curl.source).toContain(`${production.url}${path}`);
    expect(javascript.source).toContain(`${production.url}${path}`);
    expect(python.source).toContain(`${production.url}${path}`);
    expect(curlBody(curl.source), operation.operationId).toEqual(requestExample(contract, operation));
  }
});

test('samples carry the bearer token exactly where the call requires one', () => {
  for (const {operation} of operations()) {
    const needsToken = (operation.security ?? contract.security ?? []).length > 0;
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      expect(sample.source.includes(`Bearer ${tokenPlaceholder}`), `${operation.operationId} ${sample.label}`).toBe(needsToken);
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

test('a request example that marks a silence opens each of its samples with that note as a comment', () => {
  const marked = operations().filter(({operation}) => requestExampleNote(contract, operation));
  // The pickup samples must say that timeZoneOffset's sign and the weight unit are illustrative.
  expect(marked.map(({operation}) => operation.operationId)).toEqual(expect.arrayContaining(['requestPickup', 'reschedulePickup', 'createBolWithPickup', 'updateAgentProbillStatus']));
  for (const {operation} of marked) {
    const note = requestExampleNote(contract, operation)!;
    expect(note, operation.operationId).toContain('Not stated by the carrier');
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const marker = sample.lang === 'javascript' ? '//' : '#';
      expect(sample.source.startsWith(commentLines(note, marker)), `${operation.operationId} ${sample.label}`).toBe(true);
    }
  }
  const markedIds = new Set(marked.map(({operation}) => operation.operationId));
  for (const {operation} of operations().filter((entry) => !markedIds.has(entry.operation.operationId))) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      expect(sample.source, `${operation.operationId} ${sample.label}`).not.toMatch(/^(#|\/\/) /);
    }
  }
});

test('comment lines keep every word of the note, within the width', () => {
  const note = 'Illustrative values. Not stated by the carrier: the sign convention of `timeZoneOffset`, and the unit of `totalWeight`.';
  const lines = commentLines(note, '#', 40).trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) {
    expect(line.startsWith('# ')).toBe(true);
    expect(line.length).toBeLessThanOrEqual(40);
  }
  expect(lines.map((line) => line.slice(2)).join(' ')).toBe(note.replace(/`/g, ''));
});
