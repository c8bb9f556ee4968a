/**
 * The benchmark's budgets, judged on one run's figures, so that a reader of `npm run bench` sees at
 * once which hold rather than comparing a table with the README by eye. Issue 13 set the /api/ and
 * scale budgets; the others are the portal's standing ones (README, "Benchmark").
 *
 * A budget whose figure was not measured in this run (no peer, `--skip-build`, a category Lighthouse
 * skips at scale) is left out rather than passed.
 */

export type LighthouseFigures = {performance: number; accessibility: number; bestPractices: number; seo: number; tbtMs: number};
export type PageBudgetFigures = {jsDecodedBytes: number; lighthouse: LighthouseFigures};
export type BudgetInput = {
  scale: number;
  /** Keyed by site ('portal', 'peer'), then page ('home', 'guide', 'api'). */
  results: Record<string, Record<string, PageBudgetFigures>>;
  build?: {seconds: number; peakMemoryMb?: number};
  operations?: {operations: number; reachedByAnchor: number; searched: number; foundBySearch: number};
};
export type BudgetVerdict = {budget: string; measured: string; holds: boolean};

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

export function judgeBudgets({scale, results, build, operations}: BudgetInput): BudgetVerdict[] {
  const verdicts: BudgetVerdict[] = [];
  const check = (budget: string, measured: string, holds: boolean) => verdicts.push({budget, measured, holds});
  const portal = results.portal;
  const peer = results.peer;
  if (!portal) {
    return verdicts;
  }
  const {guide, api} = portal;

  if (guide) {
    check('guide: Lighthouse performance ≥ 95', String(guide.lighthouse.performance), guide.lighthouse.performance >= 95);
    if (peer?.guide) {
      check(
        "guide: JavaScript (decoded) no more than the peer's guide",
        `${kb(guide.jsDecodedBytes)} (peer ${kb(peer.guide.jsDecodedBytes)})`,
        guide.jsDecodedBytes <= peer.guide.jsDecodedBytes,
      );
    }
  }
  if (api && scale === 1) {
    check('/api/: Lighthouse performance ≥ 90', String(api.lighthouse.performance), api.lighthouse.performance >= 90);
    check('/api/: total blocking time ≤ 400 ms', `${api.lighthouse.tbtMs} ms`, api.lighthouse.tbtMs <= 400);
  }
  if (api && scale > 1) {
    check('/api/: total blocking time ≤ 3,000 ms', `${api.lighthouse.tbtMs} ms`, api.lighthouse.tbtMs <= 3000);
  }
  if (api && peer?.api) {
    check(
      "/api/: total blocking time at most half the peer's",
      `${api.lighthouse.tbtMs} ms (peer ${peer.api.lighthouse.tbtMs} ms)`,
      api.lighthouse.tbtMs * 2 <= peer.api.lighthouse.tbtMs,
    );
  }
  const categories = [
    ['accessibility', 'accessibility'],
    ['best practices', 'bestPractices'],
    ['SEO', 'seo'],
  ] as const;
  for (const [page, figures] of Object.entries(portal)) {
    for (const [label, key] of categories) {
      const score = figures.lighthouse[key];
      // Lighthouse measures only the performance category at scale: NaN marks a score not measured.
      if (!Number.isNaN(score)) {
        check(`${page}: Lighthouse ${label} 100`, String(score), score === 100);
      }
    }
  }
  if (build) {
    const seconds = scale > 1 ? 60 : 40;
    check(`cold build under ${seconds} s`, `${build.seconds.toFixed(1)} s`, build.seconds < seconds);
    if (scale > 1 && build.peakMemoryMb !== undefined) {
      check('cold build at most 2 GB of memory', `${build.peakMemoryMb} MB`, build.peakMemoryMb <= 2048);
    }
  }
  if (operations) {
    check(
      'every operation reached by its anchor',
      `${operations.reachedByAnchor} of ${operations.operations}`,
      operations.reachedByAnchor === operations.operations,
    );
    check("every searched operation found by Redoc's search", `${operations.foundBySearch} of ${operations.searched}`, operations.foundBySearch === operations.searched);
  }
  return verdicts;
}
