/**
 * The commands the Test environment page gives integrators to start the downloadable sandbox, on
 * their machine and in their CI. The page renders these strings (`<SandboxCommands />`) and
 * tests/unit/sandbox/recipes.spec.ts runs the very same strings against the built file, so a recipe
 * on the page is one that has run.
 *
 * The download URL comes from the provider settings. CARRIER_SANDBOX_URL, when set, replaces it: an
 * integrator who keeps a copy of the file (to pin a contract version) points there, and so does the test.
 */
import {sandboxProgramPath} from '../../contract/outputs';
import {localSandboxPort} from '../../sandbox/engine/localServer';

export const sandboxFileName = sandboxProgramPath.split('/').pop()!;

/** Where the recipes have the sandbox write its go-live report (its JSON goes beside it). */
export const goLiveReportFile = 'go-live-report.md';

export function sandboxDownloadUrl(portalUrl: string): string {
  return `${portalUrl}${sandboxProgramPath.slice('static'.length)}`;
}

/** Download and start, in a terminal. */
export function startCommands(portalUrl: string): string {
  return [
    `curl -fsSLO ${sandboxDownloadUrl(portalUrl)}`,
    `node ${sandboxFileName}    # prints "carrier-sandbox <version>: listening on http://127.0.0.1:${localSandboxPort} …"`,
  ].join('\n');
}

/** The plain shell recipe for any CI: download, start in the background, wait, test, stop. */
export function ciShellRecipe(portalUrl: string): string {
  return `set -eu

# Download the sandbox: one file; Node.js 20 or later is all it needs.
url="\${CARRIER_SANDBOX_URL:-${sandboxDownloadUrl(portalUrl)}}"
curl -fsSL -o ${sandboxFileName} "$url"
# The contract it carries, for your CI log.
node ${sandboxFileName} --version

# Start it in the background on PORT (${localSandboxPort} unless set). As it stops it writes the
# go-live report: the open questions your tests relied on, to ask the carrier before going live.
export PORT="\${PORT:-${localSandboxPort}}"
node ${sandboxFileName} --quiet --report ${goLiveReportFile} > sandbox.log 2>&1 &
sandbox_pid=$!
# Stop it when this script ends, whatever your tests answer, and show the report in the CI log.
stop_sandbox() {
  status=$?
  kill "$sandbox_pid" 2>/dev/null || true
  wait "$sandbox_pid" 2>/dev/null || true
  cat ${goLiveReportFile} 2>/dev/null || true
  exit "$status"
}
trap stop_sandbox EXIT

# Wait for its "listening on" line: 10 seconds at most.
for attempt in $(seq 100); do
  grep -q 'listening on' sandbox.log && break
  sleep 0.1
done
grep -q 'listening on' sandbox.log || { cat sandbox.log; exit 1; }

# Run your tests against it.
CARRIER_BASE_URL="http://127.0.0.1:$PORT" npm test
`;
}

/** The same steps as a GitHub Actions workflow. */
export function githubActionsWorkflow(portalUrl: string): string {
  return `name: Integration tests on the carrier sandbox
on: [push, pull_request]

jobs:
  integration:
    runs-on: ubuntu-latest
    env:
      PORT: ${localSandboxPort}
      CARRIER_BASE_URL: http://127.0.0.1:${localSandboxPort}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - name: Download the carrier sandbox
        run: |
          curl -fsSL -o "$RUNNER_TEMP/${sandboxFileName}" "\${CARRIER_SANDBOX_URL:-${sandboxDownloadUrl(portalUrl)}}"
          node "$RUNNER_TEMP/${sandboxFileName}" --version
      - name: Start it in the background and wait until it listens
        run: |
          node "$RUNNER_TEMP/${sandboxFileName}" --quiet --report "$RUNNER_TEMP/${goLiveReportFile}" > "$RUNNER_TEMP/sandbox.log" 2>&1 &
          echo $! > "$RUNNER_TEMP/sandbox.pid"
          for attempt in $(seq 100); do
            grep -q 'listening on' "$RUNNER_TEMP/sandbox.log" && break
            sleep 0.1
          done
          grep -q 'listening on' "$RUNNER_TEMP/sandbox.log" || { cat "$RUNNER_TEMP/sandbox.log"; exit 1; }
      - name: Run your tests against it
        run: npm test
      - name: Stop the sandbox and show the go-live report in the job summary
        if: always()
        run: |
          kill "$(cat "$RUNNER_TEMP/sandbox.pid")"
          for attempt in $(seq 100); do
            test -f "$RUNNER_TEMP/${goLiveReportFile}" && break
            sleep 0.1
          done
          cat "$RUNNER_TEMP/${goLiveReportFile}" >> "$GITHUB_STEP_SUMMARY"
`;
}
