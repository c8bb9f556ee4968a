/**
 * How the tests and the benchmark start Chromium. Debian's Chromium is the fallback where Playwright
 * cannot download its own browser (set CHROMIUM_PATH to use another one).
 */
export const debianChromiumPath = '/usr/bin/chromium';

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
