/**
 * The test the compare mode judges a regression by. Lighthouse's total blocking time and largest
 * contentful paint are skewed and often bimodal here (LCP lands near 1.2 s or near 2.1 s from one run
 * to the next), so a difference of medians alone raises false alarms, and a t-test assumes a shape
 * they do not have. The Mann-Whitney rank-sum test assumes nothing of the shape: it asks whether the
 * candidate's runs rank above the baseline's more often than chance would put them.
 *
 * The p-value is exact, not the normal approximation: the null distribution of the rank sum is
 * counted over every way of choosing the candidate's runs among all runs (midranks for ties), which
 * for the few runs a benchmark makes is both cheap and the only honest figure.
 */

/** Ranks from 1, ties sharing their mean rank. */
export function midranks(values: number[]): number[] {
  const order = values.map((value, index) => ({value, index})).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].value === order[start].value) {
      end++;
    }
    const shared = (start + end) / 2 + 1;
    for (let position = start; position <= end; position++) {
      ranks[order[position].index] = shared;
    }
    start = end + 1;
  }
  return ranks;
}

/**
 * One-sided exact p-value that `candidate` is stochastically greater than `baseline`: the share of
 * all equally likely labellings whose candidate rank sum is at least the observed one.
 */
export function rankSumGreaterP(baseline: number[], candidate: number[]): number {
  if (baseline.length === 0 || candidate.length === 0) {
    throw new Error('rankSumGreaterP: each side needs at least one run');
  }
  // Doubled midranks are whole numbers, so the sums can index an array.
  const doubled = midranks([...baseline, ...candidate]).map((rank) => Math.round(rank * 2));
  const observed = doubled.slice(baseline.length).reduce((sum, rank) => sum + rank, 0);
  const chosen = candidate.length;
  const maxSum = doubled.reduce((sum, rank) => sum + rank, 0);
  // ways[k][s]: how many sets of k ranks, among those seen so far, sum to s.
  const ways = Array.from({length: chosen + 1}, () => new Float64Array(maxSum + 1));
  ways[0][0] = 1;
  for (const rank of doubled) {
    for (let k = chosen; k >= 1; k--) {
      for (let sum = maxSum; sum >= rank; sum--) {
        ways[k][sum] += ways[k - 1][sum - rank];
      }
    }
  }
  let atLeast = 0;
  let total = 0;
  ways[chosen].forEach((count, sum) => {
    total += count;
    if (sum >= observed) {
      atLeast += count;
    }
  });
  return atLeast / total;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * When the compare mode calls a metric worse. Both must hold, so that neither a wide but
 * unconvincing gap (two bimodal LCP runs) nor a consistent but trivial one (a few ms of TBT on every
 * run) fails a change. Calibrated on same-commit runs here; the figures are in the README
 * ("Comparing with a baseline").
 */
export const regressionRule = {
  /** The candidate's median over the baseline's must exceed 1 + this. */
  minimumRatioIncrease: 0.1,
  /** And the rank test's one-sided p-value must be below this. */
  significance: 0.01,
} as const;

export type MetricVerdict = {
  baselineMedian: number;
  candidateMedian: number;
  /** Candidate median over baseline median; Infinity when the baseline's is 0 and the candidate's is not. */
  ratio: number;
  p: number;
  worse: boolean;
};

export function judgeMetric(baseline: number[], candidate: number[], rule = regressionRule): MetricVerdict {
  const baselineMedian = median(baseline);
  const candidateMedian = median(candidate);
  const ratio = baselineMedian === 0 ? (candidateMedian === 0 ? 1 : Number.POSITIVE_INFINITY) : candidateMedian / baselineMedian;
  const p = rankSumGreaterP(baseline, candidate);
  return {baselineMedian, candidateMedian, ratio, p, worse: ratio > 1 + rule.minimumRatioIncrease && p < rule.significance};
}

/** The smallest p-value `runs` pairs can give: below the significance, or no run could ever fail. */
export const smallestP = (runs: number): number => rankSumGreaterP(new Array(runs).fill(0), new Array(runs).fill(1));
