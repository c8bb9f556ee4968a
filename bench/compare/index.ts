/**
 * `npm run bench -- --compare [COMMIT]`: is this change slower than the commit it sits on?
 *
 * The absolute budgets and the ratio to the stock peer cannot answer that: this machine's speed moves
 * up to twice from day to day, so on a slow day two commits fail the budgets alike, and the peer
 * ratio drifts with the day too. A 40% regression of /api/'s blocking time went through them
 * unseen (issue 53). So this mode builds the baseline beside the working tree (commitBuild.ts),
 * serves both builds with gzip, and measures them in the same run, in interleaved pairs whose order
 * alternates (A B, then B A), so that the machine's drift and any order effect fall on both alike.
 *
 * Each pair is one Lighthouse run (mobile preset, performance only) of each page on each build. Each
 * run gives three figures: Lighthouse's total blocking time and largest contentful paint, and the
 * blocking time counted in the main thread's CPU time from the same trace (cpuBlocking.ts), which
 * this shared machine's load does not inflate. A figure is worse when the candidate's median exceeds
 * the baseline's by more than the rule allows and the rank test says the gap is not the noise
 * (rankTest.ts). The exit status is 1 when any figure of any page is worse, 0 otherwise.
 *
 * Options: --compare [COMMIT] (baseline; default: the commit the change sits on), --candidate COMMIT
 * (instead of the working tree), --pairs N (default 9), --skip-build (use the working tree's build/
 * as it is).
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import path from 'node:path';

import {startStaticServer} from '../../tests/support/staticServer';
import {lighthouseOnce} from '../lighthouse';
import {buildCommit, defaultBaseline, resolveCommit} from './commitBuild';
import {judgeMetric, regressionRule, smallestP, type MetricVerdict} from './rankTest';

export type CompareOptions = {
  projectRoot: string;
  args: string[];
  chromiumPath: string;
  chromiumFlags: string[];
};

/** The pages compared: the heaviest page and a guide, as issue 53 asks. */
const pages = {api: '/api/', guide: '/docs/guides/pickups'} as const;
type PageName = keyof typeof pages;
/** What each run yields; every one is judged. */
const metrics = {
  tbtMs: 'TBT ms (Lighthouse)',
  cpuTbtMs: 'TBT ms in CPU time',
  lcpMs: 'LCP ms (Lighthouse)',
} as const;
type MetricName = keyof typeof metrics;
type Runs = Record<PageName, Record<MetricName, number[]>>;

const emptyRuns = (): Runs => ({api: {tbtMs: [], cpuTbtMs: [], lcpMs: []}, guide: {tbtMs: [], cpuTbtMs: [], lcpMs: []}});

/** The value after `name`, when it is not another option. */
function optionArgument(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  const value = index >= 0 ? args[index + 1] : undefined;
  return value !== undefined && !value.startsWith('--') ? value : undefined;
}

function buildWorkingTree(projectRoot: string): string {
  console.log('bench --compare: building the working tree (npm run build)');
  const result = spawnSync('npm', ['run', 'build'], {cwd: projectRoot, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new Error('bench --compare: npm run build failed in the working tree');
  }
  return path.join(projectRoot, 'build');
}

export async function compareWithBaseline({projectRoot, args, chromiumPath, chromiumFlags}: CompareOptions): Promise<number> {
  const pairs = Number(optionArgument(args, '--pairs') ?? 9);
  if (!Number.isInteger(pairs) || pairs < 2) {
    throw new Error(`bench --compare: --pairs ${optionArgument(args, '--pairs')}: expected a whole number of 2 or more`);
  }
  if (smallestP(pairs) >= regressionRule.significance) {
    throw new Error(`bench --compare: ${pairs} pairs can never reach the significance ${regressionRule.significance} (their smallest p is ${smallestP(pairs).toFixed(3)}): use at least 5`);
  }
  const given = optionArgument(args, '--compare');
  const baseline = given ? {commit: resolveCommit(projectRoot, given), why: `given (${given})`} : defaultBaseline(projectRoot);
  const candidateRevision = optionArgument(args, '--candidate');
  const candidateCommit = candidateRevision ? resolveCommit(projectRoot, candidateRevision) : undefined;
  const candidateLabel = candidateCommit?.slice(0, 12) ?? 'working tree';
  console.log(`bench --compare: baseline ${baseline.commit.slice(0, 12)} (${baseline.why}); candidate: ${candidateLabel}; ${pairs} pairs`);

  const baselineBuild = buildCommit(projectRoot, baseline.commit);
  const candidateBuild = candidateCommit
    ? buildCommit(projectRoot, candidateCommit)
    : args.includes('--skip-build')
      ? path.join(projectRoot, 'build')
      : buildWorkingTree(projectRoot);

  const sides = [
    {name: 'baseline', port: 4711, build: baselineBuild, runs: emptyRuns()},
    {name: 'candidate', port: 4712, build: candidateBuild, runs: emptyRuns()},
  ] as const;
  const servers: Server[] = await Promise.all(sides.map((side) => startStaticServer(side.build, side.port, true)));
  try {
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? [sides[0], sides[1]] : [sides[1], sides[0]];
      for (const page of Object.keys(pages) as PageName[]) {
        for (const side of order) {
          const url = `http://127.0.0.1:${side.port}${pages[page]}`;
          const {report, cpu} = await lighthouseOnce(url, {chromePath: chromiumPath, chromeFlags: chromiumFlags, onlyCategories: ['performance'], withoutScreenshots: true});
          side.runs[page].tbtMs.push(Math.round(report.audits['total-blocking-time'].numericValue ?? 0));
          side.runs[page].lcpMs.push(Math.round(report.audits['largest-contentful-paint'].numericValue ?? 0));
          side.runs[page].cpuTbtMs.push(cpu.blockingMs);
        }
        const last = (metric: MetricName) => `${sides[0].runs[page][metric].at(-1)} vs ${sides[1].runs[page][metric].at(-1)} ms`;
        console.log(`bench --compare: pair ${pair + 1}/${pairs} ${pages[page]}: TBT ${last('tbtMs')}, in CPU time ${last('cpuTbtMs')}, LCP ${last('lcpMs')}`);
      }
    }
  } finally {
    servers.forEach((server) => server.close());
  }

  const verdicts: {page: PageName; metric: MetricName; verdict: MetricVerdict}[] = [];
  for (const page of Object.keys(pages) as PageName[]) {
    for (const metric of Object.keys(metrics) as MetricName[]) {
      verdicts.push({page, metric, verdict: judgeMetric(sides[0].runs[page][metric], sides[1].runs[page][metric])});
    }
  }
  console.log(`Baseline ${baseline.commit.slice(0, 12)} against ${candidateLabel}, ${pairs} interleaved pairs (Lighthouse mobile, performance only). Worse means: candidate median above baseline median × ${1 + regressionRule.minimumRatioIncrease}, and rank-sum p < ${regressionRule.significance}.`);
  console.table(
    verdicts.map(({page, metric, verdict}) => ({
      page: pages[page],
      metric: metrics[metric],
      baseline: verdict.baselineMedian,
      candidate: verdict.candidateMedian,
      ratio: Number(verdict.ratio.toFixed(3)),
      p: Number(verdict.p.toFixed(4)),
      '': verdict.worse ? 'WORSE' : 'ok',
      'baseline runs': sides[0].runs[page][metric].join(' '),
      'candidate runs': sides[1].runs[page][metric].join(' '),
    })),
  );
  const directory = path.join(projectRoot, 'bench/results');
  mkdirSync(directory, {recursive: true});
  const file = path.join(directory, `compare-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({date: new Date().toISOString(), baseline: baseline.commit, candidate: candidateCommit ?? 'working tree', pairs, rule: regressionRule, runs: {baseline: sides[0].runs, candidate: sides[1].runs}, verdicts}, null, 2)}\n`,
  );
  console.log(`Figures written to ${path.relative(projectRoot, file)}`);
  const worse = verdicts.filter(({verdict}) => verdict.worse);
  if (worse.length > 0) {
    console.error(`bench --compare: the candidate is worse on ${worse.map(({page, metric}) => `${pages[page]} ${metrics[metric]}`).join(', ')}`);
    return 1;
  }
  console.log('bench --compare: no metric is worse than the baseline beyond the noise');
  return 0;
}
