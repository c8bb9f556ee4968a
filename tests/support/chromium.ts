/**
 * How the tests and the benchmark start Chromium. Debian's builds are the fallback where Playwright
 * cannot download its own browser (set CHROMIUM_PATH to use another one).
 */

/** Debian's Chromium (apt package `chromium`): the benchmark measures pages in the reader's browser. */
export const debianChromiumPath = '/usr/bin/chromium';

/**
 * Debian's headless shell (apt package `chromium-headless-shell`): the same Blink and V8 without the
 * browser around them, which is what Playwright itself runs for headless tests. The browser tests
 * took 4.6 minutes in it against 6.5 in the full Chromium (172 tests, 2 workers, idle, 2026-11-29).
 */
export const debianHeadlessShellPath = '/usr/bin/chromium-headless-shell';

/** Without these, Chromium keeps calling Google services, which a closed network refuses. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
