/**
 * The scale benchmark's functional check: a page that is fast because it dropped operations would be
 * no win. On the built /api/ it follows the anchor of every operation of the served description,
 * in one page as a reader's in-page links do, and asks Redoc's search for a sample of the copies.
 */
import type {Browser} from '@playwright/test';

import {Contract, redocAnchor} from '../src/remark/contract/contract';

export type ScaleCheck = {operations: number; reachedByAnchor: number; missedAnchors: string[]; searched: number; foundBySearch: number; missedSearches: string[]};

/** `projectRoot`'s bundled description (static/openapi.json) is the one the built /api/ serves. */
export async function checkOperationsAtScale(browser: Browser, apiUrl: string, projectRoot: string): Promise<ScaleCheck> {
  const operations = Contract.load(projectRoot)
    .operations()
    .map(({operation}) => ({anchor: redocAnchor(operation), summary: operation.summary}));
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const page = await context.newPage();
  await page.goto(apiUrl);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});

  const missedAnchors: string[] = [];
  for (const {anchor} of operations) {
    const reached = await page.evaluate(async (id) => {
      window.location.hash = id;
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline) {
        const box = document.getElementById(id)?.getBoundingClientRect();
        if (box && box.height > 0 && box.top < window.innerHeight && box.bottom > 0) {
          return true;
        }
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return false;
    }, anchor);
    if (!reached) {
      missedAnchors.push(anchor);
    }
  }

  // The first and the last call of each copy (the bundle lists the originals, then copy 2, 3 …).
  const perCopy = operations.filter((operation) => !/\(copy \d+\)$/.test(operation.summary)).length;
  const sample = operations.filter((_, index) => index % perCopy === 0 || index % perCopy === perCopy - 1);
  // Redoc's own search box, not the site's in the navbar.
  const search = page.locator('.redocusaurus').getByRole('textbox', {name: /search/i});
  const missedSearches: string[] = [];
  for (const {summary} of sample) {
    await search.fill(summary);
    const result = page.locator('[data-role="search:results"] label, [data-role="search:results"] li').filter({hasText: new RegExp(`${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)}).first();
    try {
      await result.waitFor({state: 'attached', timeout: 10_000});
    } catch {
      missedSearches.push(summary);
    }
  }
  await context.close();
  return {
    operations: operations.length,
    reachedByAnchor: operations.length - missedAnchors.length,
    missedAnchors,
    searched: sample.length,
    foundBySearch: sample.length - missedSearches.length,
    missedSearches,
  };
}
