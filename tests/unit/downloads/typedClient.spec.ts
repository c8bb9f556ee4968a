import {execFile} from 'node:child_process';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {promisify} from 'node:util';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import ts from 'typescript';

import {projectRoot} from '../../../sandbox/process';
import {useValidatedSandbox} from '../sandbox/validated';
import {typeDeclarationsPath, publishedFile} from '../../../contract/outputs';

/**
 * The Typed client guide, as a reader would use it: a project with openapi-fetch, the downloaded
 * `carrier-api.d.ts` and the guide's two files, type-checked by TypeScript's compiler and run with tsx against
 * the downloaded sandbox (carrier-sandbox.mjs).
 */
test.describe.configure({mode: 'serial', timeout: 120_000});

const guideFile = path.join(projectRoot, 'docs/guides/typed-client.mdx');

/** The guide's code block titled `name`, as written. */
function guideBlock(name: string): string {
  const guide = readFileSync(guideFile, 'utf8');
  const block = guide.match(new RegExp(`^\`\`\`ts title="${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"\\n([\\s\\S]*?)^\`\`\``, 'm'))?.[1];
  if (!block) {
    throw new Error(`docs/guides/typed-client.mdx has no \`\`\`ts title="${name}" block`);
  }
  return block;
}

/**
 * A reader's project. It sits under node_modules/.cache so that Node and tsc find openapi-fetch,
 * tsx and @types/node where the reader's `npm install` would have put them.
 */
function readerProject(files: Record<string, string>): string {
  const cache = path.join(projectRoot, 'node_modules/.cache');
  mkdirSync(cache, {recursive: true});
  const root = mkdtempSync(path.join(cache, 'typed-client-'));
  mkdirSync(path.join(root, 'src'));
  copyFileSync(publishedFile(projectRoot, typeDeclarationsPath), path.join(root, 'src/carrier-api.d.ts'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({type: 'module', private: true}));
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      // Node's own resolution, the strictest a reader's plain `tsc` meets: relative imports need their .js (an integrator's CI, 2026-12-04).
      compilerOptions: {strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'], types: ['node'], noEmit: true},
      include: ['src'],
    }),
  );
  for (const [name, source] of Object.entries(files)) {
    writeFileSync(path.join(root, name), source);
  }
  return root;
}

/**
 * The library files (lib.*.d.ts, @types/node, openapi-fetch), parsed once for every check: the five
 * checks of this file spawned tsc five times, 8 s each on a busy machine, mostly reading the same
 * declarations again.
 */
const sharedSourceFiles = new Map<string, ts.SourceFile | undefined>();
const checkedSharedFiles = new Set<string>();

/** `tsc -p root`, in this process: the errors tsc would print for the project's own files, and a status. */
function typeCheck(root: string): {status: number; output: string} {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, {...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }})!;
  const host = ts.createCompilerHost(config.options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName.startsWith(root)) {
      return readSourceFile(fileName, languageVersion, onError, shouldCreate);
    }
    if (!sharedSourceFiles.has(fileName)) {
      sharedSourceFiles.set(fileName, readSourceFile(fileName, languageVersion, onError, shouldCreate));
    }
    return sharedSourceFiles.get(fileName);
  };
  const program = ts.createProgram({rootNames: config.fileNames, options: config.options, host});
  // The library files are checked in the first program only: tsc's own check of them (the reader's
  // tsconfig has no skipLibCheck) gives the same answer every time.
  const toCheck = program.getSourceFiles().filter((file) => file.fileName.startsWith(root) || !checkedSharedFiles.has(file.fileName));
  toCheck.forEach((file) => checkedSharedFiles.add(file.fileName));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getConfigFileParsingDiagnostics(),
    ...toCheck.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  const output = ts.formatDiagnostics(diagnostics, {getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n'});
  return {status: diagnostics.length === 0 ? 0 : 2, output};
}

const clientSource = guideBlock('src/carrier.ts');
const mainSource = guideBlock('src/main.ts');
const projects: string[] = [];
const project = (files: Record<string, string>) => {
  const root = readerProject(files);
  projects.push(root);
  return root;
};

// The client's requests go through Prism's validation proxy (validated.ts), in this process.
const validated = useValidatedSandbox('typed client', {requestsAllValid: true, start: {args: ['--quiet']}});
test.afterAll(() => {
  for (const root of projects) {
    rmSync(root, {recursive: true, force: true});
  }
});

test('the guide’s code type-checks against the generated types', () => {
  const {status, output} = typeCheck(project({'src/carrier.ts': clientSource, 'src/main.ts': mainSource}));
  expect(output).toBe('');
  expect(status).toBe(0);
});

test('what the guide says the types catch: a wrong type, and a misspelt field of a typed body', () => {
  const wrongType = clientSource.replace('zip: 30720', "zip: '30720'");
  const misspeltTyped = clientSource.replace('pickupWindow: window,', "pickupWindow: {windowDay: '2025-04-18'},");
  const misspeltInMain = mainSource.replace("windowDate: '2025-04-21'", "windowDay: '2025-04-21'");
  for (const [changed, original] of [[wrongType, clientSource], [misspeltTyped, clientSource], [misspeltInMain, mainSource]]) {
    expect(changed).not.toBe(original);
  }
  const guide = readFileSync(guideFile, 'utf8').replace(/\s+/g, ' ');

  const wrongTypeCheck = typeCheck(project({'src/carrier.ts': wrongType, 'src/main.ts': mainSource}));
  expect(wrongTypeCheck.status).not.toBe(0);
  expect(wrongTypeCheck.output).toContain("Type 'string' is not assignable to type 'number'");
  expect(guide).toContain("Type 'string' is not assignable to type 'number'");

  const known = "Object literal may only specify known properties, but 'windowDay' does not exist in type";
  for (const files of [{'src/carrier.ts': misspeltTyped, 'src/main.ts': mainSource}, {'src/carrier.ts': clientSource, 'src/main.ts': misspeltInMain}]) {
    const check = typeCheck(project(files));
    expect(check.status).not.toBe(0);
    expect(check.output).toContain(known);
  }
  expect(guide).toContain(known);
});

test('what the guide says the types cannot catch: a misspelt field of a body written inline compiles', () => {
  // The guide tells readers to type their bodies because of this; if openapi-fetch starts catching
  // it, this fails and the guide's advice can be simplified.
  const inline = clientSource.replace("  const body: Schemas['ReschedulePickupRequest'] = {pickupNumber, pickupWindow: window};\n", '').replace(
    "carrier.POST('/order/pickup/reschedule', {headers: {Authorization: `Bearer ${token}`}, body})",
    "carrier.POST('/order/pickup/reschedule', {headers: {Authorization: `Bearer ${token}`}, body: {pickupNumber, pickupWindow: {windowDay: '2025-04-18'}}})",
  );
  expect(inline).toContain("body: {pickupNumber, pickupWindow: {windowDay: '2025-04-18'}}");
  expect(inline).not.toContain("Schemas['ReschedulePickupRequest']");
  const check = typeCheck(project({'src/carrier.ts': inline, 'src/main.ts': mainSource}));
  expect(check.output).toBe('');
  expect(check.status).toBe(0);
});

test('the guide’s code runs against the sandbox: a pickup, then its reschedule under a new number', async () => {
  const root = project({'src/carrier.ts': clientSource, 'src/main.ts': mainSource});
  // Asynchronous: the validation proxy's recorder answers from this very process.
  const run = await promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), 'src/main.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, CARRIER_BASE_URL: validated().baseUrl},
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  const [, first, second] = run.stdout.match(/^Pickup (\S+) is now pickup (\S+)$/m) ?? [];
  expect(first).toMatch(/^PU\d+$/);
  expect(second).toMatch(/^PU\d+$/);
  expect(second).not.toBe(first);
});

test('the guide’s reschedule does not rely on the illustrated field: an answer without pickupNumber is handed back, not thrown', async () => {
  // An answer that names the new number otherwise, as the carrier may: the specification gives no field.
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/order/pickup/reschedule' ? 200 : 404, {'content-type': 'application/json'});
    response.end(JSON.stringify({newNumber: 'PU0000042'}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const {port} = server.address() as AddressInfo;
    const probe = "import {reschedulePickup} from './carrier';\nconsole.log(JSON.stringify(await reschedulePickup('token', 'PU1', {windowDate: '2025-04-21'})));\n";
    const root = project({'src/carrier.ts': clientSource, 'src/probe.ts': probe});
    // Asynchronous: the answering server lives in this very process.
    const run = await promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), 'src/probe.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: {...process.env, CARRIER_BASE_URL: `http://127.0.0.1:${port}`},
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({answer: {newNumber: 'PU0000042'}});
  } finally {
    server.close();
  }
});
