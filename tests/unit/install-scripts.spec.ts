import {readFileSync} from 'node:fs';

import {test, expect} from '@playwright/test';

import {lockfile, packageName} from './lockfile';

/**
 * npm 11 runs a dependency's install script only when package.json's allowScripts approves it. Every
 * script in the lockfile is a decision recorded there, so a new dependency that brings one fails
 * here until someone approves or denies it (`npm install-scripts approve|deny <name>`).
 */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {allowScripts?: Record<string, boolean>};

/** Name and version of each locked package whose install runs a script. */
function packagesWithInstallScripts(): {name: string; version: string}[] {
  return Object.entries(lockfile.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([folder, entry]) => ({name: packageName(folder), version: entry.version ?? ''}));
}

/** An allowScripts key names a package alone or pinned to a version (`esbuild` or `esbuild@0.28.2`). */
function decisionFor(name: string, version: string): boolean | undefined {
  const allowScripts = manifest.allowScripts ?? {};
  return allowScripts[`${name}@${version}`] ?? allowScripts[name];
}

test('every dependency install script in the lockfile is approved or denied in allowScripts', () => {
  const scripts = packagesWithInstallScripts();
  expect(scripts.length).toBeGreaterThan(0);
  const undecided = scripts.filter(({name, version}) => decisionFor(name, version) === undefined).map(({name, version}) => `${name}@${version}`);
  expect(undecided, 'decide each with `npm install-scripts approve <name>` or `npm install-scripts deny <name>`').toEqual([]);
});

test('the bundlers\' binary checks run; the analytics ping and the donation banner do not', () => {
  expect(decisionFor('esbuild', '')).toBe(true);
  expect(decisionFor('@swc/core', '')).toBe(true);
  expect(decisionFor('@scarf/scarf', '')).toBe(false);
  expect(decisionFor('core-js', '')).toBe(false);
});

test('no allowScripts entry outlives its package (`npm install-scripts prune`)', () => {
  const locked = new Set(packagesWithInstallScripts().map(({name}) => name));
  const stale = Object.keys(manifest.allowScripts ?? {}).filter((key) => !locked.has(key.replace(/(?<=.)@[^@]*$/, '')));
  expect(stale).toEqual([]);
});
