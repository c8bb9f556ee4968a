/**
 * Lighthouse and its Chromium launcher, which only the benchmark runs, live in their own install
 * (bench/tools/, with its own lockfile) rather than in the project's: they are 200 of its
 * packages and 186 MB, and took 8 s of every `npm ci` (59 s against 67 s, idle, 2026-11-28), which every
 * CI run and every writer pays. The benchmark installs them on its first run, and again when the
 * lockfile names another Lighthouse than the one installed.
 *
 * The modules are loaded by path, so the project's type-check never needs them installed; the few
 * fields the benchmark reads are typed here.
 */
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

import {cpuBlocking, type CpuBlocking, type TraceEvent} from './compare/cpuBlocking';

const toolsFolder = path.join(__dirname, 'tools');

/** What the benchmark reads of a Lighthouse report (Lighthouse's `LH.Result`). */
export type LighthouseReport = {
  categories: Record<string, {score: number | null}>;
  audits: Record<string, {numericValue?: number}>;
  configSettings: {throttling: {cpuSlowdownMultiplier: number}};
};
type RunLighthouse = (
  url: string,
  flags: {port: number; output: 'json'; logLevel: 'error'; onlyCategories?: string[]},
) => Promise<{lhr: LighthouseReport; artifacts: {Trace: {traceEvents: TraceEvent[]}}} | undefined>;
type LaunchChrome = (options: {chromePath: string; chromeFlags: string[]}) => Promise<{port: number; kill: () => Promise<void> | void}>;

function installedVersion(packageName: string): string | undefined {
  const manifest = path.join(toolsFolder, 'node_modules', packageName, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version : undefined;
}

/** Installs the tools from their lockfile when they are missing or not the locked version. */
function installTools(): void {
  const lock = JSON.parse(readFileSync(path.join(toolsFolder, 'package-lock.json'), 'utf8')) as {packages: Record<string, {version?: string}>};
  const wanted = lock.packages['node_modules/lighthouse']?.version;
  if (wanted !== undefined && installedVersion('lighthouse') === wanted) {
    return;
  }
  console.log(`bench: installing Lighthouse ${wanted} into bench/tools/ (once)`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {cwd: toolsFolder, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new Error(`bench: npm ci in bench/tools/ failed (exit ${result.status}); Lighthouse is needed for the page scores`);
  }
}

/** Imports an ES module of the tools' install by its resolved path. */
async function importTool<T>(packageName: string): Promise<T> {
  const entry = createRequire(path.join(toolsFolder, 'package.json')).resolve(packageName);
  return (await import(pathToFileURL(entry).href)) as T;
}

async function loadLighthouse(): Promise<{lighthouse: RunLighthouse; launchChrome: LaunchChrome}> {
  installTools();
  const [{default: lighthouse}, {launch}] = await Promise.all([importTool<{default: RunLighthouse}>('lighthouse'), importTool<{launch: LaunchChrome}>('chrome-launcher')]);
  return {lighthouse, launchChrome: launch};
}

export type LighthouseOptions = {
  chromePath: string;
  chromeFlags: string[];
  onlyCategories?: string[];
  /**
   * Leave the filmstrip's screenshots out of the trace. Chrome encodes up to 450 of them while the
   * page loads, in processes that share this 2-core machine with the page's main thread; the compare
   * mode reads no figure that needs them (Speed Index does, and is then not computed).
   */
  withoutScreenshots?: boolean;
};

export type LighthouseRun = {report: LighthouseReport; cpu: CpuBlocking};

/**
 * One Lighthouse run (mobile preset) in a Chromium of its own, in a Node process of its own
 * (lighthouseRun.ts), as the Lighthouse command line runs: in the benchmark's own process, 36 runs
 * grew its heap to 855 MB, and its garbage collection ran beside the next page's load.
 */
export async function lighthouseOnce(url: string, options: LighthouseOptions): Promise<LighthouseRun> {
  // Here, not in the child: the child's stdout carries its figures alone, and npm's output would break them.
  installTools();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'lighthouseRun.ts'), JSON.stringify({url, ...options})], {stdio: ['ignore', 'pipe', 'inherit']});
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [status] = (await once(child, 'exit')) as [number | null];
  if (status !== 0) {
    throw new Error(`Lighthouse on ${url} failed (exit ${status})`);
  }
  return JSON.parse(output) as LighthouseRun;
}

/** The run itself, for lighthouseRun.ts: the report's figures and the blocking time in CPU time. */
export async function lighthouseInThisProcess(url: string, options: LighthouseOptions): Promise<LighthouseRun> {
  const {lighthouse, launchChrome} = await loadLighthouse();
  if (options.withoutScreenshots) {
    const {default: Trace} = await importTool<{default: {getDefaultTraceCategories: () => string[]}}>('lighthouse/core/gather/gatherers/trace.js');
    const categories = Trace.getDefaultTraceCategories();
    Trace.getDefaultTraceCategories = () => categories.filter((category) => category !== 'disabled-by-default-devtools.screenshot');
  }
  const chrome = await launchChrome({chromePath: options.chromePath, chromeFlags: options.chromeFlags});
  try {
    const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: options.onlyCategories});
    if (!result) {
      throw new Error(`Lighthouse returned no report for ${url}`);
    }
    const {lhr} = result;
    // The figures alone cross the process boundary: the trace is tens of megabytes.
    const audits = Object.fromEntries(Object.entries(lhr.audits).map(([id, audit]) => [id, {numericValue: audit.numericValue}]));
    return {
      report: {categories: lhr.categories, audits, configSettings: lhr.configSettings},
      cpu: cpuBlocking(result.artifacts.Trace.traceEvents, url, lhr.configSettings.throttling.cpuSlowdownMultiplier),
    };
  } finally {
    await chrome.kill();
  }
}
