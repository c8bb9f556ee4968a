import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {checkContract} from '../../../contract/releases/check';
import {readReleases, type ContractDocument} from '../../../contract/releases/releases';
import {openApiJsonPath, publishedFile} from '../../../contract/outputs';

/** The check over a made-up release history, in a temporary project folder. */
const served = JSON.parse(readFileSync(publishedFile(path.resolve(__dirname, '../../..'), openApiJsonPath), 'utf8')) as ContractDocument;
type Schemas = Record<string, {properties: Record<string, unknown>}>;

function withVersion(version: string, edit?: (schemas: Schemas) => void): ContractDocument {
  const document = structuredClone(served);
  document.info.version = version;
  edit?.((document.components as {schemas: Schemas}).schemas);
  return document;
}

let root: string;
test.beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'contract-check-'));
  mkdirSync(path.join(root, 'openapi/releases'), {recursive: true});
});
test.afterEach(() => rmSync(root, {recursive: true, force: true}));

function release(version: string, document: ContractDocument, entry = `---\ndate: 2030-01-15\nsummary: Release ${version}\n---\n`): void {
  writeFileSync(path.join(root, `openapi/releases/${version}.json`), JSON.stringify(document));
  writeFileSync(path.join(root, `openapi/releases/${version}.md`), entry);
}

const dropResult = (schemas: Schemas) => delete schemas.PickupResponse.properties.result;

test('a contract equal to its last release passes', () => {
  release('1.0.0', withVersion('1.0.0'));
  expect(checkContract(root, withVersion('1.0.0')).problems).toEqual([]);
});

test('with no release yet, it says how to make the first', () => {
  expect(checkContract(root, withVersion('1.0.0')).problems).toEqual([expect.stringContaining('npm run contract:release -- 1.0.0 "')]);
});

test('a release that broke its predecessor without a new major version is named', () => {
  release('1.0.0', withVersion('1.0.0'));
  release('1.1.0', withVersion('1.1.0', dropResult));
  release('2.0.0', withVersion('2.0.0', dropResult));
  const {problems} = checkContract(root, withVersion('2.0.0', dropResult));
  expect(problems).toEqual([expect.stringMatching(/1\.1\.0\.json: release 1\.1\.0 breaks 1 thing of 1\.0\.0 \(first: POST \/order\/pickup\/request, Removed property `result`/)]);
});

test('a breaking change after a major release passes; the same without one fails', () => {
  release('1.0.0', withVersion('1.0.0'));
  release('2.0.0', withVersion('2.0.0', dropResult));
  expect(checkContract(root, withVersion('2.0.0', dropResult)).problems).toEqual([]);
  expect(checkContract(root, withVersion('2.0.0', (schemas) => {
    dropResult(schemas);
    delete schemas.PickupResponse.properties.pickupNumber;
  })).problems).toEqual([expect.stringContaining('1 breaking change against release 2.0.0')]);
});

test('an info.version raised by hand, without a release, is refused', () => {
  release('1.0.0', withVersion('1.0.0'));
  expect(checkContract(root, withVersion('1.1.0')).problems).toEqual([
    expect.stringContaining('info.version is 1.1.0, but the last release is 1.0.0'),
  ]);
});

test('a malformed release entry is refused, naming its file', () => {
  release('1.0.0', withVersion('1.0.0'), '---\ndate: 15 January\nsummary: First\n---\n');
  expect(() => readReleases(root)).toThrow(`${path.join(root, 'openapi/releases/1.0.0.md')}: \`date\` must be the release day as YYYY-MM-DD`);
  rmSync(path.join(root, 'openapi/releases/1.0.0.md'));
  expect(() => readReleases(root)).toThrow('has a snapshot but no entry (1.0.0.md)');
});
