import {useEffect} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';

import {codeSamplesFolder, servedFolder} from '../../../contract/outputs';
import {writtenLanguageTabs} from '../../../contract/sampleWriters/languages';
import {samplesFilledIn} from '../../plugins/redoc/samplesVersion';

type Sample = {lang: string; label: string; source: string};
type Spec = {paths?: Record<string, Record<string, {operationId?: string; 'x-codeSamples'?: Sample[]}>>} | undefined;

/** The tab keys with which react-tabs (Redoc's tabs) moves to another tab. */
const tabKeys = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/**
 * The Java, C#, Go, PHP and Ruby samples of /api/, loaded when the reader picks one of their tabs.
 *
 * curl, JavaScript and Python ride in the page's own chunk, as before; the five written languages
 * would have more than doubled the samples there (the bundle step writes them to one file per
 * language, contract/outputs.ts), and few readers open more than one. Their tabs are in the page from
 * the start, with no code (src/plugins/redoc/specPlugin.ts). When the reader picks one, by a click or
 * by the tab keys, the pick waits for the language's file; the file's code goes into the objects Redoc
 * draws its samples from; the samples already drawn are drawn again (they took their code when drawn,
 * samplesVersion.ts), and the pick is replayed on the same tab, so its panel and its copy button show
 * the code.
 */
export function useLazySampleLanguages(spec: Spec): void {
  const folderUrl = useBaseUrl(codeSamplesFolder.slice(servedFolder.length));
  useEffect(() => {
    const loading = new Map<string, Promise<void>>();
    const filled = new Set<string>();
    const samplesOf = (lang: string) =>
      Object.values(spec?.paths ?? {}).flatMap((item) => Object.values(item).flatMap((operation) => (operation?.['x-codeSamples'] ?? []).filter((sample) => sample.lang === lang).map((sample) => ({operation, sample}))));
    const load = (lang: string): Promise<void> => {
      const known = loading.get(lang);
      if (known) return known;
      const label = writtenLanguageTabs.find((tab) => tab.lang === lang)?.label ?? lang;
      const done = fetch(`${folderUrl}/${lang}.json`)
        .then((answer) => (answer.ok ? (answer.json() as Promise<Record<string, string>>) : Promise.reject(new Error(`${answer.status}`))))
        .then((sources) => {
          for (const {operation, sample} of samplesOf(lang)) sample.source = sources[operation.operationId ?? ''] ?? '';
        })
        .catch(() => {
          // The page stays usable: the panel says where the code is.
          for (const {sample} of samplesOf(lang)) sample.source = `The ${label} sample could not be loaded. Every sample is in /openapi.json, under x-codeSamples.`;
        })
        .finally(() => filled.add(lang));
      loading.set(lang, done);
      return done;
    };
    const writtenTab = (target: EventTarget | null): {tab: HTMLElement; lang?: string; again: () => HTMLElement | undefined} | undefined => {
      const tab = target instanceof Element ? target.closest<HTMLElement>('[data-samples] [role="tab"]') : null;
      if (!tab) return undefined;
      const label = tab.textContent?.trim();
      const section = tab.closest('[data-section-id]')?.getAttribute('data-section-id');
      // The same tab once the samples are drawn again: the same operation, the same label.
      const again = () =>
        [...document.querySelectorAll<HTMLElement>(`[data-section-id="${section}"] [data-samples] [role="tab"]`)].find((candidate) => candidate.textContent?.trim() === label);
      return {tab, lang: writtenLanguageTabs.find((written) => written.label === label)?.lang, again};
    };
    /** After the code is in: the samples drawn again, then `replay` on the tab the reader picked, in the next frame. */
    const redrawThen = (replay: () => void) => {
      samplesFilledIn();
      requestAnimationFrame(() => replay());
    };
    const onClick = (event: MouseEvent) => {
      const found = writtenTab(event.target);
      if (!found?.lang || filled.has(found.lang)) return;
      event.preventDefault();
      event.stopPropagation();
      void load(found.lang).then(() =>
        redrawThen(() => {
          const tab = found.again();
          tab?.click();
          tab?.focus();
        }),
      );
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const found = writtenTab(event.target);
      const waiting = writtenLanguageTabs.filter(({lang}) => !filled.has(lang));
      if (!found || !tabKeys.has(event.key) || waiting.length === 0) return;
      // The key may land on any tab of the list: every written language is loaded before it does.
      event.preventDefault();
      event.stopPropagation();
      const {key, code, shiftKey, altKey, ctrlKey, metaKey} = event;
      void Promise.all(waiting.map(({lang}) => load(lang))).then(() =>
        redrawThen(() => {
          const tab = found.again();
          // Drawn again, the list starts on its first tab: the reader's tab is picked, then the key moves on from it.
          tab?.click();
          tab?.focus();
          // A frame later, once the pick has been drawn: the key moves on from the picked tab.
          requestAnimationFrame(() => tab?.dispatchEvent(new KeyboardEvent('keydown', {key, code, shiftKey, altKey, ctrlKey, metaKey, bubbles: true, cancelable: true})));
        }),
      );
    };
    // Capture, on the document: before React's own listener on its root sees the pick.
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [spec, folderUrl]);
}
