import {test, expect} from '@playwright/test';

import {judgeBudgets, type PageBudgetFigures} from '../../bench/budgets';

/** The benchmark's verdicts (bench/budgets.ts), judged on made-up figures at each edge. */
function page(overrides: Partial<PageBudgetFigures['lighthouse']> = {}, jsDecodedBytes = 500 * 1024): PageBudgetFigures {
  return {jsDecodedBytes, lighthouse: {performance: 100, accessibility: 100, bestPractices: 100, seo: 100, tbtMs: 0, ...overrides}};
}

const failing = (verdicts: ReturnType<typeof judgeBudgets>) => verdicts.filter((verdict) => !verdict.holds).map((verdict) => verdict.budget);

test('at 1x, /api/ holds at performance 90 and 400 ms of blocking time, and misses just past them', () => {
  const peer = {home: page(), guide: page({}, 755 * 1024), api: page({tbtMs: 2000})};
  const atEdge = judgeBudgets({scale: 1, results: {portal: {home: page(), guide: page(), api: page({performance: 90, tbtMs: 400})}, peer}});
  expect(failing(atEdge)).toEqual([]);
  const past = judgeBudgets({scale: 1, results: {portal: {home: page(), guide: page(), api: page({performance: 89, tbtMs: 401})}, peer}});
  expect(failing(past)).toEqual(['/api/: Lighthouse performance ≥ 90', '/api/: total blocking time ≤ 400 ms']);
});

test("the guide may not carry more JavaScript than the peer's, nor /api/ block more than half the peer's time", () => {
  const verdicts = judgeBudgets({
    scale: 1,
    results: {
      portal: {guide: page({}, 756 * 1024), api: page({tbtMs: 300})},
      peer: {guide: page({}, 755 * 1024), api: page({tbtMs: 599})},
    },
  });
  expect(failing(verdicts)).toEqual(["guide: JavaScript (decoded) no more than the peer's guide", "/api/: total blocking time at most half the peer's"]);
});

test('at scale, the 3 s, 60 s and 2 GB budgets apply, and the categories Lighthouse skipped are not judged', () => {
  const skipped = {accessibility: Number.NaN, bestPractices: Number.NaN, seo: Number.NaN};
  const results = {portal: {guide: page(skipped), api: page({...skipped, performance: 60, tbtMs: 3000})}};
  const holding = judgeBudgets({
    scale: 10,
    results,
    build: {seconds: 59.9, peakMemoryMb: 2048},
    operations: {operations: 280, reachedByAnchor: 280, searched: 20, foundBySearch: 20},
  });
  expect(failing(holding)).toEqual([]);
  expect(holding.map((verdict) => verdict.budget)).not.toContain('/api/: Lighthouse performance ≥ 90');
  expect(holding.some((verdict) => verdict.budget.includes('accessibility'))).toBe(false);

  const missing = judgeBudgets({
    scale: 10,
    results: {portal: {guide: page(skipped), api: page({...skipped, tbtMs: 3001})}},
    build: {seconds: 60, peakMemoryMb: 2049},
    operations: {operations: 280, reachedByAnchor: 279, searched: 20, foundBySearch: 19},
  });
  expect(failing(missing)).toEqual([
    '/api/: total blocking time ≤ 3,000 ms',
    'cold build under 60 s',
    'cold build at most 2 GB of memory',
    'every operation reached by its anchor',
    "every searched operation found by Redoc's search",
  ]);
});

test('a budget whose figure this run did not measure is left out, not passed', () => {
  const verdicts = judgeBudgets({scale: 1, results: {portal: {api: page()}}});
  const budgets = verdicts.map((verdict) => verdict.budget);
  expect(budgets).not.toContain("guide: JavaScript (decoded) no more than the peer's guide");
  expect(budgets.some((budget) => budget.startsWith('cold build'))).toBe(false);
});
