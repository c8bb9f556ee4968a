import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/**
 * Sums each test file's time (over every worker and retry) and writes it, with the run's wall time,
 * to test-results/durations.json, where `npm test` (scripts/test/run.ts) reads it to print the
 * slowest files: a file that grows slower shows in every run's last lines.
 *
 * The same file keeps the run's timeline, for `npm run --silent test:timeline`: when each test ran,
 * on which worker, and how busy the machine's cores were meanwhile (Linux's /proc/stat, read each
 * second). A stretch where the cores idle while tests run is a test waiting, not working: the place
 * to look when the suite grows slow.
 */
export const durationsFile = path.resolve(__dirname, '../../test-results/durations.json');

export type TimelineTest = {title: string; file: string; project: string; worker: number; startMs: number; ms: number; status: string};
/** The share of all cores busy over one second, from `atMs` after the run's start. */
export type CpuSample = {atMs: number; busy: number};
export type Durations = {wallMs: number; files: {file: string; ms: number; tests: number}[]; timeline?: TimelineTest[]; cpu?: CpuSample[]};

const procStat = '/proc/stat';

/** The machine's CPU time so far, busy and all, in clock ticks; undefined where /proc/stat is not. */
function cpuTicks(): {busy: number; all: number} | undefined {
  if (!existsSync(procStat)) return undefined;
  const [, ...fields] = readFileSync(procStat, 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const all = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the cores' waiting.
  return {busy: all - ticks[3] - (ticks[4] ?? 0), all};
}

export default class FileDurations implements Reporter {
  private readonly files = new Map<string, {ms: number; tests: number}>();
  private readonly timeline: TimelineTest[] = [];
  private readonly cpu: CpuSample[] = [];
  private started = Date.now();
  private sampler?: NodeJS.Timeout;

  onBegin(): void {
    this.started = Date.now();
    let last = cpuTicks();
    if (!last) return;
    this.sampler = setInterval(() => {
      const now = cpuTicks()!;
      if (now.all > last!.all) this.cpu.push({atMs: Date.now() - this.started, busy: Math.round(((now.busy - last!.busy) / (now.all - last!.all)) * 100) / 100});
      last = now;
    }, 1000);
    // The sampler must not keep the run alive.
    this.sampler.unref();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const entry = this.files.get(file) ?? {ms: 0, tests: 0};
    entry.ms += result.duration;
    entry.tests += 1;
    this.files.set(file, entry);
    this.timeline.push({
      title: test.titlePath().slice(3).join(' › '),
      file,
      project: test.parent.project()?.name ?? '',
      worker: result.parallelIndex,
      startMs: result.startTime.getTime() - this.started,
      ms: result.duration,
      status: result.status,
    });
  }

  onEnd(result: FullResult): void {
    clearInterval(this.sampler);
    const durations: Durations = {
      wallMs: result.duration,
      files: [...this.files].map(([file, entry]) => ({file, ...entry})).sort((a, b) => b.ms - a.ms),
      timeline: this.timeline.sort((a, b) => a.startMs - b.startMs),
      cpu: this.cpu,
    };
    mkdirSync(path.dirname(durationsFile), {recursive: true});
    writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
