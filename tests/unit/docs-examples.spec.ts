import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {contract, errorsOf, operations, resolve, validatorForSchema} from './openapi/contract';

/**
 * Every request body the docs show must be one the API accepts. Reads the built docs pages (npm test
 * builds first), takes each curl command out of them, and validates its body against the request
 * schema of the call it addresses.
 */
const buildDocs = path.resolve(__dirname, '../../build/docs');

function htmlFiles(directory: string): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? htmlFiles(full) : entry.name.endsWith('.html') ? [full] : [];
  });
}

/** The text of each code block of a page, with tags stripped and entities decoded. */
function codeBlocks(html: string): string[] {
  const decode = (text: string) =>
    text
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((match) => decode(match[1].replace(/<br\s*\/?>/g, '\n')));
}

type ShownRequest = {page: string; method: string; path: string; body: unknown};

function shownRequests(): ShownRequest[] {
  return htmlFiles(buildDocs).flatMap((file) =>
    codeBlocks(readFileSync(file, 'utf8'))
      .filter((block) => block.includes('curl --request'))
      .map((block) => {
        const method = block.match(/--request (\w+)/)![1].toLowerCase();
        // Generated samples read the base from the environment: "${CARRIER_BASE_URL:-http://localhost:4010}/path".
        const url = new URL(block.match(/--url ["']?\$\{CARRIER_BASE_URL:-[^}]+\}([^"'\s]+)["']?/)![1], 'http://sandbox.invalid');
        const data = block.match(/--data '([\s\S]*)'\s*$/);
        return {
          page: path.relative(buildDocs, file),
          method,
          path: url.pathname,
          body: data ? JSON.parse(data[1]) : undefined,
        };
      }),
  );
}

test('every request body shown in the docs validates against the contract', () => {
  expect(existsSync(buildDocs), 'build/docs is missing: run `npm run build` first').toBe(true);
  const requests = shownRequests();
  expect(requests.length, 'curl samples found in the docs').toBeGreaterThanOrEqual(20);
  for (const shown of requests) {
    const entry = operations().find((candidate) => candidate.method === shown.method && candidate.path === shown.path);
    expect(entry, `${shown.page}: ${shown.method.toUpperCase()} ${shown.path} is not a call of the contract`).toBeDefined();
    const requestBody = entry!.operation.requestBody
      ? resolve<{content: Record<string, {schema: unknown}>}>(contract, entry!.operation.requestBody as never)
      : undefined;
    if (!requestBody) {
      expect(shown.body, `${shown.page}: ${shown.method.toUpperCase()} ${shown.path} takes no body`).toBeUndefined();
      continue;
    }
    const validate = validatorForSchema(requestBody.content['application/json'].schema);
    expect(validate(shown.body), `${shown.page}: ${shown.method.toUpperCase()} ${shown.path}: ${errorsOf(validate)}`).toBe(true);
  }
});
