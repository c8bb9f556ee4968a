/**
 * `npm run --silent test:timeline [-- --window 10]`: the last Playwright run's timeline
 * (test-results/durations.json, tests/reporters/fileDurations.ts), window by window: how busy the
 * cores were, and which tests ran. A window where the cores idle while tests run shows a test that
 * waits rather than works.
 */
import {existsSync, readFileSync} from 'node:fs';

import {durationsFile, type Durations} from '../../tests/reporters/fileDurations';

const windowArgument = process.argv.indexOf('--window');
const windowMs = (windowArgument > -1 ? Number(process.argv[windowArgument + 1]) : 10) * 1000;
if (!existsSync(durationsFile)) {
  console.error(`${durationsFile} is missing: run the tests first (npm test, or npx playwright test)`);
  process.exit(1);
}
const {wallMs, timeline = [], cpu = []} = JSON.parse(readFileSync(durationsFile, 'utf8')) as Durations;
if (timeline.length === 0) {
  console.error(`${durationsFile} has no timeline: it was written by an older reporter`);
  process.exit(1);
}
const short = (test: (typeof timeline)[number]) => `${test.file.replace(/^tests\//, '')}: ${test.title.slice(0, 60)}`;
for (let from = 0; from < wallMs; from += windowMs) {
  const to = from + windowMs;
  const samples = cpu.filter((sample) => sample.atMs >= from && sample.atMs < to);
  const busy = samples.length ? samples.reduce((sum, sample) => sum + sample.busy, 0) / samples.length : NaN;
  const running = timeline.filter((test) => test.startMs < to && test.startMs + test.ms > from);
  const longest = [...running].sort((a, b) => b.ms - a.ms).slice(0, 2);
  console.log(`${String(Math.round(from / 1000)).padStart(4)} s  cores ${Number.isNaN(busy) ? '  ?' : `${String(Math.round(busy * 100)).padStart(3)}%`}  ${String(running.length).padStart(3)} tests  ${longest.map(short).join(' | ')}`);
}
