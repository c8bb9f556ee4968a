import {writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';

import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/**
 * Sums each test file's time (over every worker and retry) and writes it, with the run's wall time,
 * to test-results/durations.json, where `npm test` (scripts/test/run.ts) reads it to print the
 * slowest files: a file that grows slower shows in every run's last lines.
 */
export const durationsFile = path.resolve(__dirname, '../../test-results/durations.json');

export type Durations = {wallMs: number; files: {file: string; ms: number; tests: number}[]};

export default class FileDurations implements Reporter {
  private readonly files = new Map<string, {ms: number; tests: number}>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const entry = this.files.get(file) ?? {ms: 0, tests: 0};
    entry.ms += result.duration;
    entry.tests += 1;
    this.files.set(file, entry);
  }

  onEnd(result: FullResult): void {
    const durations: Durations = {
      wallMs: result.duration,
      files: [...this.files].map(([file, entry]) => ({file, ...entry})).sort((a, b) => b.ms - a.ms),
    };
    mkdirSync(path.dirname(durationsFile), {recursive: true});
    writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
