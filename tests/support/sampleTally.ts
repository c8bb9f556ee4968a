import {appendFileSync, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

/**
 * How many code samples ran against the sandbox, and which languages did not run and why: each test
 * that runs samples adds its line here, and `npm test` (scripts/test/run.ts) prints the sum at the end
 * ("224 run, 0 not run"). A language whose toolchain is missing on a developer's machine is reported
 * as not run, never as passed; under CI it fails instead (writtenSamples.spec.ts).
 */
export const sampleTallyFile = path.resolve(__dirname, '../../test-results/sample-tally.jsonl');

export type SampleTallyLine = {language: string; run: number; notRun: number; why?: string};

export function recordSamples(line: SampleTallyLine): void {
  mkdirSync(path.dirname(sampleTallyFile), {recursive: true});
  appendFileSync(sampleTallyFile, `${JSON.stringify(line)}\n`);
}

export function clearSampleTally(): void {
  rmSync(sampleTallyFile, {force: true});
}

/** The run's sum: "224 run, 0 not run", and why each language that did not run did not. */
export function sampleTallySummary(): string | undefined {
  if (!existsSync(sampleTallyFile)) return undefined;
  const lines = readFileSync(sampleTallyFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as SampleTallyLine);
  const run = lines.reduce((total, line) => total + line.run, 0);
  const notRun = lines.reduce((total, line) => total + line.notRun, 0);
  const why = [...new Set(lines.filter((line) => line.notRun > 0).map((line) => `${line.language}: ${line.why ?? 'not run'}`))];
  return `Code samples against the sandbox: ${run} run, ${notRun} not run${why.length ? ` (${why.join('; ')})` : ''}.`;
}
