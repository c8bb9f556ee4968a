import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test as base, expect} from '@playwright/test';

import {withoutReaderIndexesVariable} from '../../src/plugins/llmsTxt/readerIndexes';

const projectRoot = path.resolve(__dirname, '../..');
// tests/, playwright.config.ts and redocly.yaml: the release command runs the contract's own checks.
// generated/: what the project's build published (contract/outputs.ts), for the commands that read it.
const siteEntries = ['docs', 'src', 'static', 'generated', 'openapi', 'contract', 'sandbox', 'scripts', 'tests', 'docusaurus.config.ts', 'sidebars.ts', 'package.json', 'tsconfig.json', 'playwright.config.ts', 'redocly.yaml'];

/** A throwaway copy of the site to break on purpose; the project's own files are never touched. */
export class SiteCopy {
  readonly root = mkdtempSync(path.join(tmpdir(), 'portal-site-'));

  constructor() {
    for (const entry of siteEntries) {
      if (!existsSync(path.join(projectRoot, entry))) {
        throw new Error(`SiteCopy: ${entry} is missing from the project; the build checks run after \`npm run build\` (npm test runs it first)`);
      }
      // Without the benchmark's own install (scripts/bench/tools/node_modules, 186 MB) if it was made.
      cpSync(path.join(projectRoot, entry), path.join(this.root, entry), {recursive: true, filter: (source) => path.basename(source) !== 'node_modules'});
    }
    symlinkSync(path.join(projectRoot, 'node_modules'), path.join(this.root, 'node_modules'), 'dir');
  }

  write(relativePath: string, text: string): void {
    const target = path.join(this.root, relativePath);
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, text);
  }

  /** Runs an npm script of the copy; returns its exit status and everything it printed. */
  run(script: string, ...args: string[]): {status: number | null; output: string} {
    return this.npmRun([script], args);
  }

  /**
   * `npm run build` of the copy, without minifying: the checks read what the build prints and the
   * text of its pages, never the minified bytes, and minifying was a third of a build (24 s against
   * 16 s, idle, 2026-11-29). The site's own build, which the browser tests serve, stays minified.
   */
  build(): {status: number | null; output: string} {
    return this.run('build', '--no-minify');
  }

  /**
   * Runs an npm script without its `pre` and `post` scripts: for a second command on a bundle the
   * first one just wrote (`contract:diff` after `contract:check`), whose rebundling would cost a few
   * seconds and change nothing.
   */
  runWithoutPreScript(script: string, ...args: string[]): {status: number | null; output: string} {
    return this.npmRun(['--ignore-scripts', script], args);
  }

  private npmRun(scriptAndFlags: string[], args: string[]): {status: number | null; output: string} {
    const result = spawnSync('npm', ['run', '--silent', ...scriptAndFlags, ...(args.length ? ['--', ...args] : [])], {
      cwd: this.root,
      encoding: 'utf8',
      // The copy shares node_modules with the project: keep the bundler's persistent cache out of it.
      // No check reads the search index or the Markdown pages: the copy's build leaves them out.
      env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', REDOCLY_TELEMETRY: 'off', [withoutReaderIndexesVariable]: 'true'},
      timeout: 240_000,
    });
    return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
  }

  hasBuilt(): boolean {
    return existsSync(path.join(this.root, 'build', 'index.html'));
  }

  remove(): void {
    rmSync(this.root, {recursive: true, force: true});
  }
}

export const schemaFile = (name: string) => `openapi/components/schemas/${name}.yaml`;

/** Changes a file of the copy; an edit that changes nothing fails, as the test's premise is wrong. */
export function editFile(site: SiteCopy, file: string, edit: (text: string) => string): void {
  const before = readFileSync(path.join(site.root, file), 'utf8');
  const after = edit(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  site.write(file, after);
}

/** The project's last release, by version. */
export const lastRelease = () =>
  readdirSync(path.join(projectRoot, 'openapi/releases'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))
    .at(-1)!;

/** A test that gets its own throwaway copy of the site as `site`, removed afterwards. */
export const test = base.extend<{site: SiteCopy}>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, use) => {
    const site = new SiteCopy();
    await use(site);
    site.remove();
  },
});

export {expect} from '@playwright/test';
