/**
 * The portal's benchmark (`npm run bench`; not part of `npm test`). It builds the site cold, then
 * measures it side by side with the stock peer (Docusaurus classic template + redocusaurus + the same
 * search plugin over our openapi.json, built by ../shared/bench/stock-peer.sh), both served with gzip
 * as a real host serves them, in the same Chromium:
 *
 * - cold production build time;
 * - bytes on first load of `/`, a guide page and `/api/`: all resources and JavaScript, as transferred
 *   (gzip) and as executed (decoded);
 * - time until `/api/` shows its first operation;
 * - Lighthouse (mobile preset) medians of 5 runs (3 at scale, as issue 13 sets its budgets):
 *   performance, accessibility, best practices, SEO, total blocking time and largest contentful paint.
 *
 * Prints a table and writes the figures as JSON under bench/results/. The machine is shared and noisy:
 * read the portal against the peer of the same run, not against yesterday's numbers.
 *
 * - the sandbox as integrators download it (/downloads/carrier-sandbox.mjs, run with plain `node` in an
 *   empty folder): cold start, and throughput and latency under a 10 s autocannon load (sandbox.ts);
 * - the preview: from saving an edit under openapi/ to the page showing it (preview.ts).
 *
 * `--compare [COMMIT]` measures the working tree against a baseline commit instead, built beside it
 * and measured in the same run, and fails on a regression beyond the noise (compare/index.ts).
 *
 * Options: --runs N (Lighthouse runs per page, default 5, or 3 with --scale), --skip-build (reuse build/), --no-peer,
 * --sandbox-only (just the sandbox's figures), --preview-only (just the preview's), --scale N (see below).
 *
 * `--scale N` asks what a carrier whose contract grew N-fold would get: the bundle copies every call
 * N-fold (OPENAPI_SCALE, contract/scale.ts), the portal and the peer are built over that
 * description, and Lighthouse measures the performance category alone (its accessibility audit
 * takes minutes on a page that large). It also checks, on the portal, that every operation is still
 * reached by its anchor and a sample is found by Redoc's search. It skips the sandbox, and bundles
 * the contract again at 1x when it ends; build/ keeps the scaled site until the next build.
 *
 * The build's memory is the peak of the summed resident memory of `npm run build` and every process
 * under it, sampled every 100 ms from /proc (Linux; elsewhere it is not reported).
 */
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';

import {chromiumArgs, debianChromiumPath} from '../../tests/support/chromium';
import {startStaticServer} from '../../tests/support/staticServer';
import {scaleVariable} from '../../contract/scale';
import {judgeBudgets} from '../../bench/budgets';
import {compareWithBaseline} from '../../bench/compare';
import {lighthouseOnce} from '../../bench/lighthouse';
import {benchPreviewEdits, printPreviewFigures} from '../../bench/preview';
import {benchSandbox, type SandboxFigures} from '../../bench/sandbox';
import {checkOperationsAtScale} from '../../bench/scaleCheck';

const projectRoot = path.resolve(__dirname, '../..');
const args = process.argv.slice(2);
const optionValue = (name: string) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : undefined);
const scale = optionValue('--scale') ?? 1;
if (!Number.isInteger(scale) || scale < 1) {
  throw new Error(`--scale ${args[args.indexOf('--scale') + 1]}: expected a whole number of 1 or more`);
}
// The budgets are medians of 5 runs at today's size and of 3 at scale, where each run takes minutes.
const runs = optionValue('--runs') || (scale > 1 ? 3 : 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? debianChromiumPath;
// Lighthouse starts its own Chromium, which must run headless like Playwright's.
const chromiumFlags = ['--headless=new', ...chromiumArgs];

type Site = {name: string; buildDir: string; pages: Record<string, string>; port: number};
type LighthouseRun = {performance: number; accessibility: number; bestPractices: number; seo: number; tbtMs: number; lcpMs: number};
type PageFigures = {
  totalTransferBytes: number;
  jsTransferBytes: number;
  jsDecodedBytes: number;
  /** Medians of the runs below. */
  lighthouse: LighthouseRun;
  /** Every run's figures, kept so a median can be read with its spread. */
  lighthouseRuns: LighthouseRun[];
  firstOperationMs?: number;
};

type BuildFigures = {seconds: number; peakMemoryMb?: number};

/** Resident memory in KB of `rootPid` and every process under it, read from /proc (Linux only). */
function treeMemoryKb(rootPid: number): number | undefined {
  if (!existsSync('/proc/self/status')) {
    return undefined;
  }
  const children = new Map<number, number[]>();
  const resident = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      resident.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += resident.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** `npm run build` from a cold cache (with OPENAPI_SCALE at --scale), timed, with its peak memory. */
async function coldBuild(): Promise<BuildFigures> {
  for (const generated of ['build', '.docusaurus', '.docusaurus-build', 'node_modules/.cache']) {
    rmSync(path.join(projectRoot, generated), {recursive: true, force: true});
  }
  const started = performance.now();
  const child = spawn('npm', ['run', 'build'], {cwd: projectRoot, stdio: 'inherit', env: {...process.env, [scaleVariable]: String(scale)}});
  let peakKb: number | undefined;
  const sampler = setInterval(() => {
    const kb = treeMemoryKb(child.pid!);
    peakKb = kb === undefined ? undefined : Math.max(peakKb ?? 0, kb);
  }, 100);
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (status !== 0) {
    throw new Error('npm run build failed');
  }
  return {seconds: (performance.now() - started) / 1000, peakMemoryMb: peakKb === undefined ? undefined : Math.round(peakKb / 1024)};
}

/** Publishes the 1x contract again (generated/build/) after a scaled run, so the tests see it. */
function bundleAtOneScale(): void {
  execFileSync('npm', ['run', 'openapi:bundle'], {cwd: projectRoot, stdio: 'inherit', env: {...process.env, [scaleVariable]: '1'}});
}

function buildPeer(): string | undefined {
  const script = path.resolve(projectRoot, process.env.STOCK_PEER_SCRIPT ?? '../shared/bench/stock-peer.sh');
  if (args.includes('--no-peer') || !existsSync(script)) {
    console.warn(`bench: no peer (${script} not found or --no-peer)`);
    return undefined;
  }
  const output = execFileSync('bash', [script, path.join(projectRoot, 'bench/.peer'), path.join(projectRoot, 'build/openapi.json')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').pop();
}

/** Bytes of a first load with an empty cache, from the browser's own network accounting. */
async function pageWeight(browser: Browser, url: string): Promise<Pick<PageFigures, 'totalTransferBytes' | 'jsTransferBytes' | 'jsDecodedBytes'>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, {type: string}>();
  let totalTransferBytes = 0;
  let jsTransferBytes = 0;
  let jsDecodedBytes = 0;
  cdp.on('Network.responseReceived', (event) => requests.set(event.requestId, {type: event.type}));
  cdp.on('Network.dataReceived', (event) => {
    if (requests.get(event.requestId)?.type === 'Script') {
      jsDecodedBytes += event.dataLength;
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    totalTransferBytes += event.encodedDataLength;
    if (requests.get(event.requestId)?.type === 'Script') {
      jsTransferBytes += event.encodedDataLength;
    }
  });
  await page.goto(url, {waitUntil: 'load'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.waitForTimeout(1500);
  await context.close();
  return {totalTransferBytes, jsTransferBytes, jsDecodedBytes};
}

/** Milliseconds from navigation start until Redoc's first operation is on screen. */
async function firstOperationTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, {waitUntil: 'commit'});
  await page.locator('[id*="/operation/"]').first().waitFor({state: 'visible'});
  // performance.now() counts from the start of the navigation.
  const time = await page.evaluate(() => performance.now());
  await context.close();
  return Math.round(time);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function lighthouseRuns(url: string): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (let run = 0; run < runs; run++) {
    // At scale, the performance category alone (see the header).
    const onlyCategories = scale > 1 ? ['performance'] : undefined;
    const {report: lhr} = await lighthouseOnce(url, {chromePath: chromiumPath, chromeFlags: chromiumFlags, onlyCategories});
    // NaN marks a category that was not measured; the table shows it as "-".
    const score = (id: string) => (lhr.categories[id] ? Math.round((lhr.categories[id].score ?? 0) * 100) : Number.NaN);
    results.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
    });
  }
  return results;
}

function medians(results: LighthouseRun[]): LighthouseRun {
  const keys = Object.keys(results[0]) as (keyof LighthouseRun)[];
  return Object.fromEntries(keys.map((key) => [key, median(results.map((result) => result[key]))])) as LighthouseRun;
}

async function measure(site: Site, browser: Browser): Promise<Record<string, PageFigures>> {
  const figures: Record<string, PageFigures> = {};
  for (const [label, pagePath] of Object.entries(site.pages)) {
    const url = `http://127.0.0.1:${site.port}${pagePath}`;
    console.log(`bench: ${site.name} ${pagePath}`);
    const weight = await pageWeight(browser, url);
    const runsOfPage = await lighthouseRuns(url);
    figures[label] = {
      ...weight,
      lighthouse: medians(runsOfPage),
      lighthouseRuns: runsOfPage,
      ...(label === 'api' && {firstOperationMs: await firstOperationTime(browser, url)}),
    };
  }
  return figures;
}

const orDash = (value: number) => (Number.isNaN(value) ? '-' : value);

function printTable(results: Record<string, Record<string, PageFigures>>): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const rows = Object.entries(results).flatMap(([site, pages]) =>
    Object.entries(pages).map(([page, f]) => ({
      site,
      page,
      'total (gzip)': kb(f.totalTransferBytes),
      'JS (gzip)': kb(f.jsTransferBytes),
      'JS (decoded)': kb(f.jsDecodedBytes),
      perf: orDash(f.lighthouse.performance),
      a11y: orDash(f.lighthouse.accessibility),
      'best pr.': orDash(f.lighthouse.bestPractices),
      seo: orDash(f.lighthouse.seo),
      'TBT ms': f.lighthouse.tbtMs,
      'LCP ms': f.lighthouse.lcpMs,
      'first op. ms': f.firstOperationMs ?? '',
    })),
  );
  console.table(rows);
}

type SandboxRuns = {memory: SandboxFigures; stateFile: SandboxFigures};

/**
 * The downloadable sandbox under load twice: as started by default (worlds in memory), and with
 * `--state`, where each change is written to disk before it is answered. `from`: the built site's
 * copy after a build; the bundle step's copy when only the sandbox is measured.
 */
async function measureSandbox(from: 'build' | 'published' = 'build'): Promise<SandboxRuns> {
  const memory = await benchSandbox(10, from);
  const stateFile = await benchSandbox(10, from, ['--state', 'bench-state.json']);
  console.log(`Downloaded sandbox (${memory.programBytes.toLocaleString('en-US')} bytes): cold start to "listening on", median of ${memory.coldStartRunsMs.length}: ${memory.coldStartMs} ms (runs ${memory.coldStartRunsMs.join(', ')})`);
  console.log('Load on loopback (10 connections, 10 s, fixed mix of 4 reads and 2 writes):');
  console.table(
    Object.entries({'in memory': memory, '--state': stateFile}).map(([run, figures]) => ({
      run,
      'requests/s': figures.requestsPerSecond,
      'p50 ms': figures.p50Ms,
      'p99 ms': figures.p99Ms,
      'max ms': figures.maxMs,
      'non-2xx': figures.non2xx,
      errors: figures.errors,
    })),
  );
  const goals = [
    ['requests/s ≥ 5,000 (in memory)', memory.requestsPerSecond >= 5000],
    ['p99 < 20 ms (in memory)', memory.p99Ms < 20],
    ['cold start < 1,000 ms', memory.coldStartMs < 1000],
    ['no errors, every answer 2xx (both runs)', [memory, stateFile].every((figures) => figures.errors === 0 && figures.non2xx === 0)],
  ] as const;
  for (const [goal, holds] of goals) {
    console.log(`  ${holds ? 'holds' : 'MISSED'}: ${goal}`);
  }
  return {memory, stateFile};
}

async function main(): Promise<void> {
  // Said before the cold build, which takes minutes: `.ci/run` installs only the headless shell.
  if (!existsSync(chromiumPath)) {
    throw new Error(`bench: no Chromium at ${chromiumPath}. The benchmark measures pages in Debian's full Chromium, as a reader's browser: install it (apt-get install chromium), or set CHROMIUM_PATH to another Chromium.`);
  }
  if (args.includes('--compare')) {
    process.exitCode = await compareWithBaseline({projectRoot, args, chromiumPath, chromiumFlags});
    return;
  }
  if (args.includes('--preview-only')) {
    const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
    try {
      printPreviewFigures(await benchPreviewEdits(projectRoot, browser));
    } finally {
      await browser.close();
    }
    return;
  }
  if (args.includes('--sandbox-only')) {
    // The file is written by the bundle step from the contract as it is now.
    bundleAtOneScale();
    await measureSandbox('published');
    return;
  }
  try {
    await benchPages();
  } finally {
    if (scale > 1) {
      bundleAtOneScale();
    }
  }
}

async function benchPages(): Promise<void> {
  const build = args.includes('--skip-build') ? undefined : await coldBuild();
  const peerBuild = buildPeer();
  const sites: Site[] = [
    {name: 'portal', buildDir: path.join(projectRoot, 'build'), port: 4701, pages: {home: '/', guide: '/docs/guides/pickups', api: '/api/'}},
    ...(peerBuild ? [{name: 'peer', buildDir: peerBuild, port: 4702, pages: {home: '/', guide: '/docs/intro', api: '/api/'}}] : []),
  ];
  const servers: Server[] = await Promise.all(sites.map((site) => startStaticServer(site.buildDir, site.port, true)));
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  try {
    const results: Record<string, Record<string, PageFigures>> = {};
    for (const site of sites) {
      results[site.name] = await measure(site, browser);
    }
    const operations = scale > 1 ? await checkOperationsAtScale(browser, `http://127.0.0.1:${sites[0].port}/api/`, projectRoot) : undefined;
    console.log(`Contract at ${scale}x`);
    printTable(results);
    if (build) {
      console.log(`Cold production build: ${build.seconds.toFixed(1)} s, peak memory ${build.peakMemoryMb ?? '(not measured)'} MB`);
    }
    if (operations) {
      console.log(`Operations: ${operations.reachedByAnchor} of ${operations.operations} reached by their anchor; ${operations.foundBySearch} of ${operations.searched} searched found by Redoc's search`);
    }
    const budgets = judgeBudgets({scale, results, build, operations});
    console.log(`Budgets at ${scale}x (${budgets.filter((verdict) => verdict.holds).length} of ${budgets.length} hold):`);
    console.table(budgets.map(({budget, measured, holds}) => ({budget, measured, '': holds ? 'holds' : 'MISSED'})));
    const sandbox = scale > 1 ? undefined : await measureSandbox();
    const preview = scale > 1 ? undefined : await benchPreviewEdits(projectRoot, browser);
    if (preview) printPreviewFigures(preview);
    const directory = path.join(projectRoot, 'bench/results');
    mkdirSync(directory, {recursive: true});
    const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify({date: new Date().toISOString(), scale, lighthouseRuns: runs, build, results, operations, budgets, sandbox, preview}, null, 2)}\n`);
    console.log(`Figures written to ${path.relative(projectRoot, file)}`);
  } finally {
    await browser.close();
    servers.forEach((server) => server.close());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
