/**
 * How long an edit under openapi/ takes to show in the running preview (`npm start`), as a writer
 * waits for it: from the save to the text on the page, in a browser, median of 5 (`npm run bench`, or
 * `npm run bench -- --preview-only`). Two edits, each on a throwaway copy of the site:
 *
 * - a field's description in PickupRequest.yaml, until the Pickups guide and /api/ both show it;
 * - a new optional property, until the guide's field list, /api/ and the preview's openapi.json have it.
 *
 * Each edit is undone, and the undo waited for, before the next, so no two publishes overlap.
 */
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Browser, Page} from '@playwright/test';

import {startPreview} from '../tests/preview/previewServer';

const schemaFile = 'openapi/components/schemas/PickupRequest.yaml';
const copied = ['docs', 'src', 'static', 'openapi', 'contract', 'sandbox', 'docusaurus.config.ts', 'sidebars.ts', 'package.json', 'tsconfig.json', 'redocly.yaml'];
/** The writers' issue asks for an edit to show within this. */
export const previewBudgetMs = 10_000;

export type PreviewFigures = Record<string, {runsMs: number[]; medianMs: number}>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Resolves with the time from `since` until `page` shows `text` (or, with `gone`, no longer shows it). */
async function shownAfter(page: Page, text: string, since: number, gone = false): Promise<number> {
  await page.waitForFunction(([wanted, absent]) => document.body.innerText.includes(wanted as string) !== absent, [text, gone] as const, {timeout: 120_000, polling: 100});
  return Date.now() - since;
}

async function servedAfter(page: Page, url: string, text: string, since: number): Promise<number> {
  for (;;) {
    const body = await page.evaluate(async (address) => (await fetch(address, {cache: 'no-store'})).text(), url);
    if (body.includes(text)) return Date.now() - since;
    if (Date.now() - since > 120_000) throw new Error(`${url} never had ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchPreviewEdits(projectRoot: string, browser: Browser, runs = 5): Promise<PreviewFigures> {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-preview-'));
  for (const entry of copied) cpSync(path.join(projectRoot, entry), path.join(root, entry), {recursive: true});
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const original = readFileSync(path.join(root, schemaFile), 'utf8');
  const preview = await startPreview(root);
  const figures: Record<string, number[]> = {};
  const note = (name: string, ms: number) => (figures[name] ??= []).push(ms);
  try {
    const guide = await browser.newPage();
    const api = await browser.newPage();
    await guide.goto(`${preview.url}/docs/guides/pickups`);
    await api.goto(`${preview.url}/api/#tag/Pickups/operation/requestPickup`);
    await shownAfter(guide, 'Bill of lading number.', Date.now());
    await shownAfter(api, 'Bill of lading number.', Date.now());
    const edit = async (text: string) => {
      const since = Date.now();
      writeFileSync(path.join(root, schemaFile), text);
      return since;
    };
    const undo = async (marker: string) => {
      const since = await edit(original);
      await Promise.all([shownAfter(guide, marker, since, true), shownAfter(api, marker, since, true)]);
    };
    for (let run = 1; run <= runs; run++) {
      const description = `Bill of lading number (bench ${run}).`;
      const since = await edit(original.replace('description: Bill of lading number.', `description: "${description}"`));
      const [onGuide, onApi] = await Promise.all([shownAfter(guide, description, since), shownAfter(api, description, since)]);
      note('description → guide', onGuide);
      note('description → /api/', onApi);
      await undo(description);

      const property = `benchDock${run}`;
      const added = await edit(original.replace('properties:\n', `properties:\n  ${property}:\n    type: string\n    maxLength: 10\n    description: "Optional. Dock number at the pickup address."\n`));
      const [inList, onApiPage, inJson] = await Promise.all([
        shownAfter(guide, property, added),
        shownAfter(api, property, added),
        servedAfter(guide, '/openapi.json', property, added),
      ]);
      note('new property → guide field list', inList);
      note('new property → /api/', onApiPage);
      note('new property → preview openapi.json', inJson);
      await undo(property);
      console.log(`bench: preview edit ${run} of ${runs}: ${Object.entries(figures).map(([name, values]) => `${name} ${values.at(-1)} ms`).join(', ')}`);
    }
  } finally {
    await preview.stop();
    rmSync(root, {recursive: true, force: true});
  }
  return Object.fromEntries(Object.entries(figures).map(([name, runsMs]) => [name, {runsMs, medianMs: median(runsMs)}]));
}

export function printPreviewFigures(figures: PreviewFigures): void {
  console.log(`Preview: from saving an edit under openapi/ to the page showing it (median of ${Object.values(figures)[0]?.runsMs.length ?? 0}; budget ${previewBudgetMs / 1000} s):`);
  console.table(Object.fromEntries(Object.entries(figures).map(([name, {runsMs, medianMs}]) => [name, {median: `${(medianMs / 1000).toFixed(1)} s`, runs: runsMs.map((ms) => (ms / 1000).toFixed(1)).join(' '), '': medianMs <= previewBudgetMs ? 'holds' : 'MISSED'}])));
}
