/**
 * The downloadable sandbox (/downloads/carrier-sandbox.mjs) as an integrator runs it: copied into an
 * empty folder and started with plain `node`.
 *
 * - Cold start: from spawning `node carrier-sandbox.mjs` to its "listening on" line, median of 9.
 * - Load: autocannon on loopback for 10 s, 10 connections, a fixed mix of reads and writes (the same
 *   six requests in turn on each connection), all with one account's token. The server logs every
 *   request as it always does; the benchmark reads its output and drops it.
 *
 * Goals on a 2-core machine: at least 5,000 requests/s with p99 under 20 ms; a cold start under 1 s.
 */
import {statSync} from 'node:fs';
import autocannon from 'autocannon';

import {sandboxFolder, startSandboxServer, tokenFrom} from '../sandbox/process';

export type SandboxFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  total: number;
  /** Median time from process start to the "listening on" line. */
  coldStartMs: number;
  coldStartRunsMs: number[];
  /** The file's size in bytes. */
  programBytes: number;
};

async function coldStarts(folder: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const server = await startSandboxServer({folder, keepLog: false});
    times.push(Math.round(performance.now() - started));
    await server.stop();
  }
  return times;
}

/**
 * `args` adds options to the program's command line: `['--state', 'state.json']` measures the load
 * with every change written to the state file before it is answered.
 */
export async function benchSandbox(durationSeconds = 10, from: 'build' | 'published' = 'build', args: string[] = []): Promise<SandboxFigures> {
  const {folder, program} = sandboxFolder(from);
  const coldStartRunsMs = await coldStarts(folder, 9);
  const server = await startSandboxServer({folder, keepLog: false, args});
  try {
    const token = await tokenFrom(server.baseUrl);
    const headers = {authorization: `Bearer ${token}`, 'content-type': 'application/json'};
    const pickup = {bol: 'BOL-BENCH', pickupWindow: {windowDate: '2025-04-18', windowStartTime: '08:00', windowEndTime: '16:30'}, items: [{type: 'roll', classCode: '55', numberOfUnits: 3, weight: 1236}]};
    const result = await autocannon({
      url: server.baseUrl,
      connections: 10,
      duration: durationSeconds,
      requests: [
        {method: 'GET', path: '/tracking/live/probill/details?probillNumber=40512387', headers},
        {method: 'POST', path: '/order/pickup/request', headers, body: JSON.stringify(pickup)},
        {method: 'GET', path: '/tracking/pickup?pickupNumber=PU7731042', headers},
        {method: 'POST', path: '/agent/probill/status', headers, body: JSON.stringify({probillNumber: 40512402, status: 'OUT_FOR_DELIVERY', eventTime: '2025-04-24T08:00:00Z'})},
        {method: 'GET', path: '/agent/probill/live/list?pageSize=25&pageNumber=1', headers},
        {method: 'GET', path: '/transit/eta?originZipcode=06001&destinationZipcode=30303&tenderDate=2025-04-21', headers},
      ],
    });
    const sorted = [...coldStartRunsMs].sort((a, b) => a - b);
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      total: result.requests.total,
      coldStartMs: sorted[Math.floor(sorted.length / 2)],
      coldStartRunsMs,
      programBytes: statSync(program).size,
    };
  } finally {
    await server.stop();
  }
}

if (require.main === module) {
  benchSandbox(10, 'published').then((figures) => console.table([figures]), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
