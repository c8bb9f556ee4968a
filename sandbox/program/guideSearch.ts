/**
 * Search over the portal's guides, offline, for the MCP server's `search_guides`: the file carries each
 * docs page as Markdown, cut at its `##` and `###` headings (src/plugins/llmsTxt/guideMarkdown.ts).
 *
 * Ranking is BM25 over those sections' text, plus the word's weight again when the section's heading
 * holds it and half of it when the page's title does: "reschedule" finds the Pickups guide's
 * "Reschedule a pickup" before a section that only mentions a reschedule. Words are cut to a rough stem (rescheduled, reschedules → reschedul) and
 * identifiers are split at their capitals (reschedulePickup → reschedule pickup), so a search in words
 * finds the code that names the same thing.
 */
/** A page's part under one heading (`##` or `###`); the first part, before any, has the page's title. */
export type GuideSection = {heading: string; anchor: string; markdown: string};

export type GuidePage = {
  /** The doc id, `guides/pickups`. */
  id: string;
  title: string;
  /** The page on the site, absolute: `https://…/docs/guides/pickups`. */
  url: string;
  /** The site's own Markdown of the page (converted from its HTML), absolute. */
  markdownUrl: string;
  sections: GuideSection[];
};

/** The whole page as one Markdown text. */
export const guidePageMarkdown = (page: GuidePage) => page.sections.map((section) => section.markdown).join('\n');

export type GuideHit = {page: GuidePage; section: GuideSection; score: number};

function stem(word: string): string {
  const cut = word.length > 5 ? word.replace(/(?:ing|ed|es|s)$/, '') : word.replace(/s$/, '');
  return cut.length > 3 ? cut.replace(/e$/, '') : cut;
}

export function terms(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1)
    .map(stem);
}

/** BM25's usual constants: how fast a repeated word stops counting, and how much a long section is discounted. */
const saturation = 1.2;
const lengthWeight = 0.75;
/** A word in the section's heading, or in its page's title, adds its weight times these. */
const headingBoost = 1;
const titleBoost = 0.5;

export function guideSearch(pages: readonly GuidePage[]) {
  const documents = pages.flatMap((page) =>
    page.sections.map((section) => {
      const words = terms(section.markdown);
      const counts = new Map<string, number>();
      for (const word of words) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      return {page, section, counts, length: words.length, heading: new Set(terms(section.heading)), title: new Set(terms(page.title))};
    }),
  );
  const averageLength = documents.reduce((total, document) => total + document.length, 0) / Math.max(documents.length, 1);
  const holders = new Map<string, number>();
  for (const document of documents) {
    for (const word of document.counts.keys()) {
      holders.set(word, (holders.get(word) ?? 0) + 1);
    }
  }

  return (query: string, limit = 5): GuideHit[] => {
    const wanted = [...new Set(terms(query))];
    return documents
      .map((document) => {
        const score = wanted.reduce((total, word) => {
          const count = document.counts.get(word) ?? 0;
          if (count === 0) {
            return total;
          }
          const rarity = Math.log(1 + (documents.length - holders.get(word)! + 0.5) / (holders.get(word)! + 0.5));
          const inText = (rarity * count * (saturation + 1)) / (count + saturation * (1 - lengthWeight + (lengthWeight * document.length) / averageLength));
          const inHeadings = rarity * ((document.heading.has(word) ? headingBoost : 0) + (document.title.has(word) ? titleBoost : 0));
          return total + inText + inHeadings;
        }, 0);
        return {page: document.page, section: document.section, score};
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  };
}
