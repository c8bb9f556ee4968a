/**
 * How much of what a reader reads is caveat (issue 35, "Facts first"): the share of the words of each
 * built docs page that sit in sentences saying what the carrier leaves open or what this portal
 * assumes, and the caveat sentences that repeat. A silence has one home, the call's Open questions
 * block and the register; prose that says it again is what this counts.
 *
 * - Words are those of the page's article, without code blocks (a sample is not prose) and without the
 *   Open questions blocks, which are counted on their own: they are where silences belong.
 * - A caveat sentence is one with a caveat's words (`caveatWords`).
 * - The register page (`/docs/guides/open-questions`) is all open questions by design: reported, not judged.
 *
 * `npm run caveats` prints the figures; `tests/unit/caveats.spec.ts` holds the limits.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {load, type AnyNode, type Cheerio} from 'cheerio';

import {openMarker} from './openQuestions/markers';

/** The words that make a sentence a caveat: the ones the reviewers counted, and this portal's own labels. */
export const caveatWords = /not stated|this description|\billustrative\b|chosen by the portal|\breading\b|portal assumption|\bassum(e|es|ed|ption)\b|confirm (these|this|it) with the carrier/i;

export type PageCaveats = {
  readonly route: string;
  readonly words: number;
  readonly caveatWords: number;
  /** Words inside the page's Open questions blocks. */
  readonly openQuestionWords: number;
  /** Of those, the words a reader sees before expanding anything: a collapsed block's one line. */
  readonly visibleOpenQuestionWords: number;
  /** Sentences of 4 words or more said twice or more within one section (under one h2 or h3), with the heading. */
  readonly repeatsInSection: readonly string[];
  /** The marks on facts ("Portal assumption", "Open"), counted apart from the words. */
  readonly marks: number;
  /** Caveat sentences of 8 words or more, with how often each appears on the page. */
  readonly caveatSentences: ReadonlyMap<string, number>;
};

const wordCount = (text: string) => text.split(/\s+/).filter((word) => /\w/.test(word)).length;

/** Sentences of a block of prose: split after . ! ? and at the ends of blocks (the caller joins blocks with newlines). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`"(*])/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Sentences of 4 words or more said twice or more under one h2 or h3, in the prose of `article` (its
 * blocks already on lines of their own). A table's cells are left out: a column repeating a value
 * (the same answer for two triggers, the same meaning for two error rows) is the table's data.
 */
function sentencesRepeatedInSection(article: Cheerio<AnyNode>): string[] {
  article.find('table').remove();
  // A section starts at each h2 and h3; the mark cannot occur in prose.
  const sectionMark = '§§section§§';
  article.find('h2, h3').each((_, heading) => {
    article.find(heading).prepend(sectionMark);
  });
  return article
    .text()
    .split(sectionMark)
    .flatMap((section) => {
      const sentences = sentencesOf(section);
      const counts = new Map<string, number>();
      for (const sentence of sentences.filter((candidate) => wordCount(candidate) >= 4)) {
        counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
      }
      // The heading's own line, without the zero-width space of its anchor link.
      const heading = (sentences[0] ?? '').replace(/\u200b/g, '');
      return [...counts].filter(([, count]) => count > 1).map(([sentence, count]) => `under "${heading}", ${count} times: ${sentence}`);
    });
}

/** The caveat figures of one built page. */
export function pageCaveats(html: string, route: string): PageCaveats {
  const $ = load(html);
  const article = $('article').first();
  article.find('pre, script, style, nav, .theme-doc-toc-mobile, .theme-doc-footer, button').remove();
  // A mark ("Portal assumption", "Open": at most two words) labels a fact; it is counted apart, not as
  // a caveat sentence, so that marking more facts never reads as more caveats; the fact it labels is
  // not a caveat either.
  const tags = article.find('.portal-assumption');
  const marks = tags.length;
  tags.remove();
  const openBlocks = article.find('.open-questions');
  const openQuestionWords = wordCount(openBlocks.text());
  const shown = openBlocks.clone();
  shown.find('details:not([open]) > :not(summary)').remove();
  const visibleOpenQuestionWords = wordCount(shown.text());
  openBlocks.remove();
  // Each block-level element becomes its own line, so a table cell or list item is never glued to the next.
  article.find('p, li, td, th, h1, h2, h3, h4, h5, h6, summary, div, br').each((_, element) => {
    $(element).prepend('\n').append('\n');
  });
  const repeatsInSection = sentencesRepeatedInSection(article.clone());
  const text = article.text();
  const sentences = sentencesOf(text);
  const caveats = sentences.filter((sentence) => caveatWords.test(sentence));
  const repeated = new Map<string, number>();
  for (const sentence of caveats.filter((candidate) => wordCount(candidate) >= 8)) {
    repeated.set(sentence, (repeated.get(sentence) ?? 0) + 1);
  }
  return {
    route,
    words: wordCount(text),
    caveatWords: caveats.reduce((sum, sentence) => sum + wordCount(sentence), 0),
    marks,
    openQuestionWords,
    visibleOpenQuestionWords,
    repeatsInSection,
    caveatSentences: repeated,
  };
}

/** Every docs page of a build: its route and its figures. */
export function buildCaveats(buildDir: string, routes: readonly string[]): PageCaveats[] {
  return routes.map((route) => pageCaveats(readFileSync(path.join(buildDir, route, 'index.html'), 'utf8'), route));
}

export type DescriptionCaveats = {words: number; caveatWords: number; repeats: Map<string, number>};

/**
 * Where the introduction of the contract says the API-wide assumptions and points to the register:
 * the home of those silences, as the register page is the docs' (from this heading to the end).
 */
export const contractHomeOfSilences = '## Portal assumptions';

/** The same count over every `description` of the served contract, its introduction's home of silences excepted. */
export function contractCaveats(document: unknown): DescriptionCaveats {
  const result: DescriptionCaveats = {words: 0, caveatWords: 0, repeats: new Map()};
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') {
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.description === 'string') {
      const at = record.description.indexOf(contractHomeOfSilences);
      // A marker ("*Portal assumption: type*") is the mark the guides put on a fact: counted apart, as there.
      for (const sentence of sentencesOf((at < 0 ? record.description : record.description.slice(0, at)).replace(openMarker, ''))) {
        const words = wordCount(sentence);
        result.words += words;
        if (caveatWords.test(sentence)) {
          result.caveatWords += words;
          if (words >= 8) {
            result.repeats.set(sentence, (result.repeats.get(sentence) ?? 0) + 1);
          }
        }
      }
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'x-codeSamples' && key !== 'examples') {
        visit(value);
      }
    }
  };
  visit(document);
  return result;
}

/** The limits (percent of words; repeats): tests/unit/caveats.spec.ts holds the build to them, `npm run check` the sources. */
export const caveatLimits = {page: 10, docs: 8, contract: 15, repeatsOnSite: 3} as const;

export const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);

/** The route of a docs page from its file: `docs/guides/pickups.mdx` → `/docs/guides/pickups`; an index → its folder. */
export function routeOfDocsFile(projectRoot: string, file: string): string {
  const relative = path.relative(projectRoot, file).replace(/\\/g, '/').replace(/\.mdx?$/, '');
  return `/${relative.replace(/\/index$/, '/')}`;
}
