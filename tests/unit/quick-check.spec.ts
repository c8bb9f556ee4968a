import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {quickCheck} from '../../checks';

/**
 * `npm run check` (checks/index.ts): the writers' quick check, with no build. It passes on the
 * project as it is, prints its own time, and finds each kind of problem it is there for, naming the
 * file and the line.
 */
const projectRoot = path.resolve(__dirname, '../..');

test.describe.configure({timeout: 120_000});

test('npm run check passes on the project, check by check, and prints its own time', () => {
  const result = spawnSync('npx', ['tsx', 'scripts/check.ts'], {cwd: projectRoot, encoding: 'utf8'});
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  for (const name of ['contract bundle', 'contract lint', 'citations of the specification', 'links and anchors', 'spelling', 'caveats']) {
    expect(result.stdout).toMatch(new RegExp(`^ok {3}${name}.* \\(\\d+\\.\\d s\\)$`, 'm'));
  }
  expect(result.stdout).toMatch(/^check: all passed in \d+\.\d s$/m);
});

/** A copy of what the check reads (docs, the contract, the static files, the settings); the code is linked, not copied. */
function copyOfProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quick-check-'));
  for (const entry of ['docs', 'openapi', 'static', 'cspell', 'cspell.config.yaml', 'redocly.yaml']) {
    cpSync(path.join(projectRoot, entry), path.join(root, entry), {recursive: true});
  }
  for (const entry of ['src', 'contract', 'sandbox', 'node_modules', 'package.json']) {
    symlinkSync(path.join(projectRoot, entry), path.join(root, entry));
  }
  return root;
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(full, after);
}

test('each check names the file and the line of what it refuses: a link, an anchor, a word, a citation, a lint rule, a caveat', async () => {
  const root = copyOfProject();
  try {
    edit(root, 'docs/guides/eta.mdx', (text) => text.replace('](/docs/guides/getting-started)', '](/docs/guides/getting-startd)').replace('rate-quotes#zip-codes', 'rate-quotes#zip-codez'));
    edit(root, 'docs/guides/eta.mdx', (text) => `${text}\nThe answr arrives at once.\n`);
    edit(root, 'docs/guides/inventory.mdx', (text) => `${text}\n${'Not stated by the carrier: this is assumed by the portal, a reading of the specification. '.repeat(30)}\n`);
    edit(root, 'openapi/components/schemas/AgentItemAdditional.yaml', (text) => text.replace(`    x-spec: '5: "dyelot 15"'\n`, ''));
    edit(root, 'openapi/paths/transit_eta.yaml', (text) => text.replace(/^ {2}summary: .*\n/m, ''));
    const outcomes = Object.fromEntries((await quickCheck(root)).map((outcome) => [outcome.name.split(' (')[0], outcome.problems.join('\n')]));
    const etaLine = (needle: string) => readFileSync(path.join(root, 'docs/guides/eta.mdx'), 'utf8').split('\n').findIndex((line) => line.includes(needle)) + 1;
    expect(outcomes['links and anchors of the docs']).toContain(`docs/guides/eta.mdx:${etaLine('getting-startd')}: /docs/guides/getting-startd: no page or file has this path`);
    expect(outcomes['links and anchors of the docs']).toContain(`docs/guides/eta.mdx:${etaLine('zip-codez')}: /docs/guides/rate-quotes#zip-codez: the page has no such anchor`);
    expect(outcomes['spelling']).toContain(`docs/guides/eta.mdx:${etaLine('answr')}: unknown word "answr"`);
    expect(outcomes['citations of the specification']).toMatch(/openapi\/components\/schemas\/AgentItemAdditional\.yaml:\d+: properties\.dyelot: maxLength 15 has no source/);
    expect(outcomes['contract lint']).toMatch(/openapi\/paths\/transit_eta\.yaml: operation-summary \(error\)/);
    expect(outcomes['caveats']).toMatch(/docs\/guides\/inventory\.mdx: caveat sentences are \d+\.\d% of its words \(limit 10%\)/);
    expect(outcomes['contract bundle']).toBe('');
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
});
