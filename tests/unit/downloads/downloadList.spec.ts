import {cpSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {outputRoot, typeDeclarationsPath} from '../../../contract/outputs';
import {downloadSizes, downloads} from '../../../src/downloads';

const projectRoot = path.resolve(__dirname, '../../..');

test('every download is published, with its size', () => {
  const sizes = downloadSizes(outputRoot(projectRoot, 'build'));
  expect([...sizes.keys()]).toEqual(downloads.map((download) => download.sitePath));
  for (const size of sizes.values()) expect(size).toBeGreaterThan(0);
});

test('a download that was not published stops the pages that list it, naming the file', () => {
  // The publish writes every download; a generator that one day leaves one out must not produce a link to nothing.
  const copy = mkdtempSync(path.join(tmpdir(), 'published-'));
  try {
    cpSync(outputRoot(projectRoot, 'build'), copy, {recursive: true});
    rmSync(path.join(copy, typeDeclarationsPath));
    expect(() => downloadSizes(copy)).toThrow(/Download missing: .*static\/downloads\/carrier-api\.d\.ts \(TypeScript types\)/);
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
});
