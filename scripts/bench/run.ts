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
 * - Lighthouse (mobile preset) medians of 3 runs: performance, accessibility, best practices, SEO,
 *   total blocking time and largest contentful paint.
 *
 * Prints a table and writes the figures as JSON under bench/results/. The machine is shared and noisy:
 * read the portal against the peer of the same run, not against yesterday's numbers.
 *
 * - the sandbox (`npm run sandbox`): throughput and latency under a 10 s autocannon load (sandbox.ts).
 *
 * Options: --runs N (Lighthouse runs per page, default 3), --skip-build (reuse build/), --no-peer,
 * --sandbox-only (just the sandbox's figures).
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';

import {chromiumArgs, debianChromiumPath} from '../chromium';
import {startStaticServer} from '../serve-static';
import {benchSandbox, type SandboxFigures} from './sandbox';

const projectRoot = path.resolve(__dirname, '../..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const chromiumPath = process.env.CHROMIUM_PATH ?? debianChromiumPath;
// Lighthouse starts its own Chromium, which must run headless like Playwright's.
const chromiumFlags = ['--headless=new', ...chromiumArgs];

type Site = {name: string; buildDir: string; pages: Record<string, string>; port: number};
type PageFigures = {
  totalTransferBytes: number;
  jsTransferBytes: number;
  jsDecodedBytes: number;
  lighthouse: {performance: number; accessibility: number; bestPractices: number; seo: number; tbtMs: number; lcpMs: number};
  firstOperationMs?: number;
};

function coldBuild(): number {
  for (const generated of ['build', '.docusaurus', 'node_modules/.cache']) {
    rmSync(path.join(projectRoot, generated), {recursive: true, force: true});
  }
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], {cwd: projectRoot, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new Error('npm run build failed');
  }
  return (performance.now() - started) / 1000;
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

async function lighthouseMedians(url: string): Promise<PageFigures['lighthouse']> {
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results: PageFigures['lighthouse'][] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: chromiumFlags});
    try {
      const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error'});
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
      });
    } finally {
      await chrome.kill();
    }
  }
  const keys = Object.keys(results[0]) as (keyof PageFigures['lighthouse'])[];
  return Object.fromEntries(keys.map((key) => [key, median(results.map((result) => result[key]))])) as PageFigures['lighthouse'];
}

async function measure(site: Site, browser: Browser): Promise<Record<string, PageFigures>> {
  const figures: Record<string, PageFigures> = {};
  for (const [label, pagePath] of Object.entries(site.pages)) {
    const url = `http://127.0.0.1:${site.port}${pagePath}`;
    console.log(`bench: ${site.name} ${pagePath}`);
    figures[label] = {
      ...(await pageWeight(browser, url)),
      lighthouse: await lighthouseMedians(url),
      ...(label === 'api' && {firstOperationMs: await firstOperationTime(browser, url)}),
    };
  }
  return figures;
}

function printTable(results: Record<string, Record<string, PageFigures>>): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const rows = Object.entries(results).flatMap(([site, pages]) =>
    Object.entries(pages).map(([page, f]) => ({
      site,
      page,
      'total (gzip)': kb(f.totalTransferBytes),
      'JS (gzip)': kb(f.jsTransferBytes),
      'JS (decoded)': kb(f.jsDecodedBytes),
      perf: f.lighthouse.performance,
      a11y: f.lighthouse.accessibility,
      'best pr.': f.lighthouse.bestPractices,
      seo: f.lighthouse.seo,
      'TBT ms': f.lighthouse.tbtMs,
      'LCP ms': f.lighthouse.lcpMs,
      'first op. ms': f.firstOperationMs ?? '',
    })),
  );
  console.table(rows);
}

async function measureSandbox(): Promise<SandboxFigures> {
  const figures = await benchSandbox();
  console.log('Sandbox on loopback (10 connections, 10 s, fixed mix of 4 reads and 2 writes):');
  console.table([{'requests/s': figures.requestsPerSecond, 'p50 ms': figures.p50Ms, 'p99 ms': figures.p99Ms, 'max ms': figures.maxMs, 'non-2xx': figures.non2xx, errors: figures.errors}]);
  return figures;
}

async function main(): Promise<void> {
  if (args.includes('--sandbox-only')) {
    await measureSandbox();
    return;
  }
  const buildSeconds = args.includes('--skip-build') ? undefined : coldBuild();
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
    printTable(results);
    if (buildSeconds !== undefined) {
      console.log(`Cold production build: ${buildSeconds.toFixed(1)} s`);
    }
    const sandbox = await measureSandbox();
    const directory = path.join(projectRoot, 'bench/results');
    mkdirSync(directory, {recursive: true});
    const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify({date: new Date().toISOString(), lighthouseRuns: runs, coldBuildSeconds: buildSeconds, results, sandbox}, null, 2)}\n`);
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
