/**
 * Builds /downloads/carrier-sandbox.mjs: the sandbox program (program/) with the engine
 * (sandbox/engine/), every dependency and the served openapi.json inside one ES module, so an integrator
 * runs it with `node carrier-sandbox.mjs` on Node 20 or later, in an empty folder, with no install and
 * no network. The contract's publish (src/plugins/contract/publish.ts) calls it with the openapi.json it publishes.
 *
 * The code is minified (it is run, not read; its source is this repository); the licence notices of
 * the bundled packages are kept at its end, as their licences ask.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {isBuiltin} from 'node:module';
import path from 'node:path';
import {brotliCompressSync, constants as zlib} from 'node:zlib';
import {build, type Metafile} from 'esbuild';

import type {ProgramContents} from './program/index';

const entry = path.join(__dirname, 'program/download.ts');

/** The oldest Node the file promises to run on; the Test environment page says the same. */
export const minimumNodeVersion = 20;

/** `name@version (licence)` and the licence text of each package in the bundle, for its closing comment. */
function licenceNotices(metafile: Metafile, projectRoot: string): string {
  const packageDirs = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) {
      packageDirs.add(match[1]);
    }
  }
  const notices = [...packageDirs].sort().map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, dir, 'package.json'), 'utf8')) as {name: string; version: string; license?: string};
    const licenceFile = readdirSync(path.join(projectRoot, dir)).find((name) => /^licen[cs]e/i.test(name));
    const text = licenceFile ? readFileSync(path.join(projectRoot, dir, licenceFile), 'utf8').trim() : `Licence: ${manifest.license ?? 'not given'}`;
    return `${manifest.name}@${manifest.version}\n\n${text}`;
  });
  const body = ['Packages bundled into this file, with their licences:', ...notices].join('\n\n---\n\n').replaceAll('*/', '* /');
  return `/*\n${body}\n*/\n`;
}

/** The program as one module's text, carrying `contractText` (the served openapi.json) and `contents`. */
export async function sandboxProgram(contractText: string, projectRoot: string, contents: ProgramContents = {operationsMarkdown: {}, guides: []}): Promise<string> {
  // Quality 9, not 11: 11 took 0.9 s of the bundle step for the contract alone, and every build runs
  // it; 9 took 0.07 s, for a file 1.6% larger (537.1 kB against 528.7 kB, 2026-11-29).
  const brotliBase64 = (text: string) => brotliCompressSync(Buffer.from(text, 'utf8'), {params: {[zlib.BROTLI_PARAM_QUALITY]: 9}}).toString('base64');
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: projectRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${minimumNodeVersion}`,
    minify: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    define: {
      __CONTRACT_BROTLI_BASE64__: JSON.stringify(brotliBase64(contractText)),
      __CONTENTS_BROTLI_BASE64__: JSON.stringify(brotliBase64(JSON.stringify(contents))),
    },
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {js: `#!/usr/bin/env node\n// Carrier API sandbox. Run: node carrier-sandbox.mjs --help (Node ${minimumNodeVersion} or later).\nimport {createRequire as __createRequire} from 'node:module';const require = __createRequire(import.meta.url);`},
    logLevel: 'silent',
  });
  // Anything left outside the file would need an install next to it: only Node's own modules may be.
  const outside = Object.values(result.metafile.outputs).flatMap((output) => output.imports).filter((imported) => !isBuiltin(imported.path));
  if (outside.length > 0) {
    throw new Error(`The sandbox program would import ${outside.map((imported) => imported.path).join(', ')} from outside the file: bundle it, or use a node: module`);
  }
  return result.outputFiles[0].text + licenceNotices(result.metafile, projectRoot);
}
