import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {copyFileSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import newman, {type NewmanRunSummary} from 'newman';

import {projectRoot, startSandboxServer} from '../../../sandbox/process';

/**
 * An outside tool on the downloaded sandbox (issue 56): Portman, which this project did not write,
 * turns the served openapi.json into a Postman collection with contract tests (status, content type,
 * JSON body, schema) on every call and fuzzed variations of each request (required fields left out,
 * numbers and lengths past their bounds), and newman runs it. tests/portman/ holds its configuration.
 */
const portmanFolder = path.join(projectRoot, 'tests/portman');
const portman = path.join(projectRoot, 'node_modules/@apideck/portman/bin/portman');

test('Portman: the contract tests of every call pass, and every fuzzed request answers a 4xx', async () => {
  test.setTimeout(120_000);
  const sandbox = await startSandboxServer({args: ['--quiet'], keepLog: false});
  try {
    // Portman writes its working files (tmp/) where it runs: the sandbox's own temporary folder.
    for (const file of ['portman-config.json', 'token.js']) copyFileSync(path.join(portmanFolder, file), path.join(sandbox.folder, file));
    const collectionFile = path.join(sandbox.folder, 'collection.json');
    const child = spawn(process.execPath, [portman, '-l', path.join(projectRoot, 'build/openapi.json'), '-b', sandbox.baseUrl, '-c', 'portman-config.json', '-o', collectionFile], {
      cwd: sandbox.folder,
      env: {PATH: process.env.PATH ?? ''},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [status] = await once(child, 'close');
    expect(status, output).toBe(0);

    const summary = await new Promise<NewmanRunSummary>((resolve, reject) =>
      newman.run({collection: JSON.parse(readFileSync(collectionFile, 'utf8')), reporters: []}, (error, result) => (error ? reject(error) : resolve(result))),
    );
    expect(summary.run.failures.map((failure) => `${failure.source?.name}: ${failure.error.message}`)).toEqual([]);
    const fuzzed = summary.run.executions.filter((execution) => execution.item.name.includes('[Fuzzed]'));
    // The 28 calls, and well over a hundred variations of them.
    expect(summary.run.executions.length - fuzzed.length).toBeGreaterThanOrEqual(28);
    expect(fuzzed.length).toBeGreaterThan(100);
    const notRefused = fuzzed.filter((execution) => !(execution.response && execution.response.code >= 400 && execution.response.code < 500));
    expect(notRefused.map((execution) => `${execution.item.name}: ${execution.response?.code}`)).toEqual([]);
  } finally {
    await sandbox.stop();
  }
});
