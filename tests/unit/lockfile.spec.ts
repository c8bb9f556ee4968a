import {readFileSync} from 'node:fs';

import {test, expect} from '@playwright/test';

import {lockfile, packageName} from './lockfile';

/**
 * `npm ci` reads each package's tarball URL and integrity from the lockfile. Where the URL is left
 * out, npm first asks the registry for the package's metadata to find it: 2,050 requests and about
 * 25 s of a 75 s install on the CI machine (2026-11-29). The project's .npmrc keeps the URLs in when
 * someone's own npm settings would leave them out.
 */
test('every locked package names its tarball and its integrity, so npm ci asks the registry nothing', () => {
  const installed = Object.entries(lockfile.packages).filter(([path, entry]) => path !== '' && !entry.link);
  expect(installed.length).toBeGreaterThan(1000);
  const incomplete = installed.filter(([, entry]) => !entry.resolved || !entry.integrity).map(([path]) => path);
  expect(incomplete, 'run `npm install` with the project\'s .npmrc (omit-lockfile-registry-resolved=false)').toEqual([]);
  // The URL is the one the registry serves for that name and version; the integrity checks its bytes.
  // An aliased package (`npm:`) names what it holds in `name`.
  const mismatched = installed.filter(([folder, {name = packageName(folder), version, resolved}]) => {
    return resolved !== `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`;
  });
  expect(mismatched.map(([path]) => path)).toEqual([]);
});

test('the project\'s .npmrc keeps the tarball URLs in the lockfile', () => {
  expect(readFileSync('.npmrc', 'utf8')).toMatch(/^omit-lockfile-registry-resolved=false$/m);
});
