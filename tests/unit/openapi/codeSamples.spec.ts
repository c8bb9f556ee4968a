import {test, expect} from '@playwright/test';

import {allSampleLanguages, requestExample, sampleDefaultBaseUrl, sampleEnvironment, successStatusOf} from '../../../contract/codeSamples';
import {writtenLanguageTabs} from '../../../contract/sampleWriters/languages';
import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {redocFallbackGrammar, redocLanguageAliases, redocPrismLanguages} from '../../../src/plugins/redoc/browserBundle';
import {contract, operations} from './contract';

type CodeSample = {lang: string; label: string; source: string};

/** The JSON body a curl sample sends, read back out of its `--data '…'` argument. */
function curlBody(source: string): unknown {
  const match = source.match(/--data '([\s\S]*)'\s*$/);
  return match ? JSON.parse(match[1]) : undefined;
}

test('every operation carries curl, JavaScript, Python, Java, C#, Go, PHP and Ruby samples, in that order', () => {
  for (const {operation} of operations()) {
    const samples = operation['x-codeSamples'] as CodeSample[];
    expect(samples.map((sample) => sample.label), operation.operationId).toEqual(allSampleLanguages.map((language) => language.label));
    expect(allSampleLanguages.map((language) => language.label)).toEqual(['curl', 'JavaScript', 'Python', 'Java', 'C#', 'Go', 'PHP', 'Ruby']);
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

/** The request body as each written language holds it: a text block, a verbatim string, a raw string, a nowdoc, a heredoc. */
const bodyAsWritten: Record<string, (json: string) => string> = {
  java: (json) => json.replace(/\\/g, '\\\\').replace(/^/gm, '            '),
  csharp: (json) => json.replace(/"/g, '""'),
  go: (json) => json,
  php: (json) => json,
  ruby: (json) => json.replace(/^/gm, '  '),
};

test('the written samples (Java, C#, Go, PHP, Ruby) send the request example to the path under the base URL of the environment, and check the success status', () => {
  const {baseUrl} = sampleEnvironment;
  for (const {path, operation} of operations()) {
    const body = requestExample(contract, operation);
    const status = successStatusOf(operation as never);
    for (const sample of (operation['x-codeSamples'] as CodeSample[]).filter((candidate) => writtenLanguageTabs.some(({lang}) => lang === candidate.lang))) {
      const where = `${operation.operationId} ${sample.label}`;
      expect(sample.source, where).toContain(baseUrl);
      expect(sample.source, where).toContain(sampleDefaultBaseUrl);
      expect(sample.source, where).toContain(path);
      if (body !== undefined) expect(sample.source, where).toContain(bodyAsWritten[sample.lang](JSON.stringify(body, null, 2)));
      // Go names the status by its constant (http.StatusCreated); the others by its number.
      expect(sample.source, where).toMatch(sample.lang === 'go' ? /res\.StatusCode != http\.Status\w+/ : new RegExp(`\\b${status}\\b`));
    }
  }
});

test('the base URL a pasted sample falls back to is the downloaded sandbox', () => {
  expect(sampleDefaultBaseUrl).toBe(localSandboxUrl);
});

test('samples read the bearer token from the environment exactly where the call requires one', () => {
  const {token} = sampleEnvironment;
  const reads: Record<string, string> = {
    shell: `"Authorization: Bearer $${token}"`,
    javascript: `process.env.${token}`,
    python: `os.environ["${token}"]`,
    java: `System.getenv("${token}")`,
    csharp: `Environment.GetEnvironmentVariable("${token}")`,
    go: `os.Getenv("${token}")`,
    php: `getenv('${token}')`,
    ruby: `ENV.fetch('${token}')`,
  };
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

test("Redoc's browser bundle keeps the Prism grammar of every code sample language, or the C-like one it falls back to", () => {
  // JavaScript is part of Prism's core; src/plugins/redoc/browserBundle.ts leaves out other grammars.
  const available = ['javascript', ...redocPrismLanguages];
  expect(available).toContain(redocFallbackGrammar);
  for (const {operation} of operations()) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const written = writtenLanguageTabs.some(({lang}) => lang === sample.lang);
      const grammar = redocLanguageAliases[sample.lang] ?? (written ? redocFallbackGrammar : sample.lang);
      expect(available, `${operation.operationId} ${sample.label}`).toContain(grammar);
    }
  }
});

test('samples carry no notes: what a call leaves open is said once, in its Open questions', () => {
  for (const {operation} of operations()) {
    for (const sample of operation['x-codeSamples'] as CodeSample[]) {
      const comments = sample.source.split('\n').filter((line) => /^\s*(#|\/\/)/.test(line));
      expect(comments, `${operation.operationId} ${sample.label}`).toEqual([]);
      expect(sample.source, `${operation.operationId} ${sample.label}`).not.toMatch(/\b(not stated|illustrative|reading)\b/i);
    }
  }
});
