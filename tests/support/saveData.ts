import type {BrowserContext} from '@playwright/test';

/**
 * Makes every page of `context` browse as a reader who asks to save data (navigator.connection.saveData,
 * as Chromium reports it), for whom Docusaurus fetches nothing ahead: its client skips prefetch and
 * preload on a constrained connection, and a click still loads its page. A guide otherwise fetched 27
 * other pages' code ahead, 1.1 MB, about 0.3 s of CPU a visit (1.6 s against 1.3 s, idle,
 * 2026-12-03), which the browser tests paid on every visit and checked nothing with.
 */
export async function saveDataIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const connection = {saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {}};
    Object.defineProperty(navigator, 'connection', {configurable: true, get: () => connection});
  });
}
