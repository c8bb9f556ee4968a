import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';

/**
 * `npm run check` (checks/index.ts): the writers' quick check, with no build. Run once, on a copy of
 * the project with one break of each kind it is there for: it names each break's file and line, finds
 * nothing else (so it passes on the project as it is), and prints each check's time and its own.
 */
const projectRoot = path.resolve(__dirname, '../..');

test.describe.configure({timeout: 120_000});

/** A copy of what the check reads (docs, the contract, the static files, the settings); the code is linked, not copied. */
function copyOfProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quick-check-'));
  for (const entry of ['docs', 'openapi', 'static', 'cspell', 'cspell.config.yaml', 'redocly.yaml']) {
    cpSync(path.join(projectRoot, entry), path.join(root, entry), {recursive: true});
  }
  for (const entry of ['src', 'contract', 'sandbox', 'checks', 'node_modules', 'package.json']) {
    symlinkSync(path.join(projectRoot, entry), path.join(root, entry));
  }
  // The command itself, copied: it checks the folder it sits in.
  mkdirSync(path.join(root, 'scripts'));
  cpSync(path.join(projectRoot, 'scripts/check.ts'), path.join(root, 'scripts/check.ts'));
  return root;
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(full, after);
}

test('npm run check names the file and the line of each break it is there for (a link, an anchor, a word, a citation, a lint rule, a caveat), finds nothing else, and prints each check\'s time', () => {
  const root = copyOfProject();
  try {
    edit(root, 'docs/guides/eta.mdx', (text) => text.replace('](/docs/guides/getting-started)', '](/docs/guides/getting-startd)').replace('rate-quotes#zip-codes', 'rate-quotes#zip-codez'));
    edit(root, 'docs/guides/eta.mdx', (text) => `${text}\nThe answr arrives at once.\n`);
    edit(root, 'docs/guides/inventory.mdx', (text) => `${text}\n${'Not stated by the carrier: this is assumed by the portal, a reading of the specification. '.repeat(30)}\n`);
    edit(root, 'openapi/components/schemas/AgentItemAdditional.yaml', (text) => text.replace(`    x-spec: '5: "dyelot 15"'\n`, ''));
    edit(root, 'openapi/paths/transit_eta.yaml', (text) => text.replace(/^ {2}summary: .*\n/m, ''));
    // `npm run check` as a writer runs it, on the project with these breaks in it.
    const run = spawnSync('npx', ['tsx', 'scripts/check.ts'], {cwd: root, encoding: 'utf8'});
    const printed = `${run.stdout}${run.stderr}`;
    expect(run.status, printed).toBe(1);
    // Each check on a line of its own with its time, then its problems, indented; then the total.
    const checkLines = printed.split('\n').filter((line) => /^(ok  |FAIL) /.test(line));
    for (const line of checkLines) expect(line).toMatch(/^(ok {3}.+ \(\d+\.\d s\)|FAIL .+ \(\d+\.\d s\): \d+ problem\(s\))$/);
    expect(printed).toMatch(/^check: 5 check\(s\) failed in \d+\.\d s$/m);
    const outcomes = Object.fromEntries(
      printed.split(/^(?=ok {3}|FAIL )/m).filter((block) => /^(ok {3}|FAIL )/.test(block)).map((block) => [block.slice(5).split(' (')[0], block.split('\n').slice(1).map((line) => line.trim()).filter(Boolean).join('\n')]),
    );
    const etaLine = (needle: string) => readFileSync(path.join(root, 'docs/guides/eta.mdx'), 'utf8').split('\n').findIndex((line) => line.includes(needle)) + 1;
    // The breaks alone: on the project as it is, every check passes (no other problem is found).
    const counts = Object.fromEntries(checkLines.map((line) => [line.slice(5).split(' (')[0], Number(line.match(/: (\d+) problem/)?.[1] ?? 0)]));
    expect(counts).toEqual({
      'contract bundle': 0,
      'docs pages rendered from their MDX': 0,
      'contract lint': 1,
      'citations of the specification': 1,
      'links and anchors of the docs': 2,
      spelling: 1,
      // The planted paragraph: its share of the page's words, and its sentence said again and again.
      caveats: 2,
    });
    expect(outcomes['caveats'].split('\n').filter((line) => /^docs\//.test(line)).every((line) => line.startsWith('docs/guides/inventory.mdx'))).toBe(true);
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
