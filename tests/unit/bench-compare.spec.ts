import {test, expect} from '@playwright/test';

import {cpuBlocking} from '../../bench/compare/cpuBlocking';
import {judgeMetric, midranks, rankSumGreaterP, smallestP} from '../../bench/compare/rankTest';

/** The compare mode's verdict (bench/compare/rankTest.ts) on figures whose answer is known. */

test('ties share their mean rank', () => {
  expect(midranks([30, 10, 20, 20])).toEqual([4, 1, 2.5, 2.5]);
});

test('the exact rank-sum p-value matches the counted labellings', () => {
  // 3 against 3 with no overlap: 1 labelling of C(6,3) = 20 puts the candidate's runs on top.
  expect(rankSumGreaterP([1, 2, 3], [4, 5, 6])).toBeCloseTo(1 / 20, 12);
  // The reverse is the least surprising labelling: every labelling's sum is at least its own.
  expect(rankSumGreaterP([4, 5, 6], [1, 2, 3])).toBe(1);
  // Ranks 1..6, candidate {2,5,6}: rank sum 13. Count the three-sets of 1..6 that sum to 13 or more.
  const sets: number[][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) for (let c = b + 1; c <= 6; c++) sets.push([a, b, c]);
  const atLeast = sets.filter((set) => set[0] + set[1] + set[2] >= 13).length;
  expect(rankSumGreaterP([1, 3, 4], [2, 5, 6])).toBeCloseTo(atLeast / sets.length, 12);
  expect(smallestP(7)).toBeCloseTo(1 / 3432, 12);
});

// /api/'s TBT in one run of issue 53 (dfbaac2, 4 pairs), stretched to 7 by repeating the middle ones.
const apiTbt = [533, 472, 689, 621, 577, 540, 600];

test('the same figures shuffled are never worse', () => {
  const verdict = judgeMetric(apiTbt, [...apiTbt].reverse());
  expect(verdict.ratio).toBe(1);
  expect(verdict.worse).toBe(false);
});

test('a wide but overlapping spread is not worse: bimodal LCP runs near 1.2 s and 2.1 s', () => {
  const verdict = judgeMetric([1170, 1160, 2280, 1230, 2140, 1180, 2100], [2130, 1180, 2170, 1190, 1200, 2160, 2220]);
  expect(verdict.ratio).toBeGreaterThan(1.1);
  expect(verdict.worse).toBe(false);
});

test('every run a quarter slower is worse; every run 5% slower is not, however consistent', () => {
  expect(judgeMetric(apiTbt, apiTbt.map((value) => value * 1.25)).worse).toBe(true);
  // A tight spread, so that every candidate run ranks above every baseline run.
  const steady = [500, 502, 504, 506, 508, 510, 512];
  const slightly = judgeMetric(steady, steady.map((value) => value * 1.05));
  expect(slightly.p).toBeLessThan(0.01);
  expect(slightly.worse).toBe(false);
});

test('a baseline of zero blocking time compares without dividing by zero', () => {
  expect(judgeMetric([0, 0, 0, 0, 0], [0, 0, 0, 0, 0])).toMatchObject({ratio: 1, worse: false});
  expect(judgeMetric([0, 0, 0, 0, 0], [90, 80, 70, 95, 85]).worse).toBe(true);
});

test("blocking time in CPU time counts the page's main-thread tasks by their CPU time, once each", () => {
  const url = 'http://127.0.0.1:4711/api/';
  const page = {pid: 7, tid: 1};
  const task = (ts: number, durMs: number, cpuMs: number, thread = page) => ({name: 'RunTask', ph: 'X', ...thread, ts: ts * 1000, dur: durMs * 1000, tdur: cpuMs * 1000});
  const events = [
    {name: 'navigationStart', ph: 'R', ...page, ts: 1000_000, args: {data: {isLoadingMainFrame: true, documentLoaderURL: url}}},
    task(900, 500, 500), // before the navigation: not the page's
    task(1100, 400, 100), // waited 300 ms for the CPU: 100 × 4 − 50 = 350
    task(1200, 100, 10), // inside the task above: already counted
    task(1600, 30, 10), // 10 × 4 = 40, under 50: not blocking
    task(1700, 300, 300, {pid: 9, tid: 1}), // another process's thread
  ];
  expect(cpuBlocking(events, url, 4)).toEqual({blockingMs: 350, mainThreadCpuMs: 110});
  expect(() => cpuBlocking(events, 'http://127.0.0.1:4712/api/', 4)).toThrow(/no main-frame navigation/);
});
