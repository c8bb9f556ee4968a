import type {PluginOptions} from '@signalwire/docusaurus-plugin-llms-txt';

import {portalTitle, provider} from '../../settings/provider';
import rehypeReadableMarkdown from './rehypeReadableMarkdown';
import remarkMarkdownLinks from './remarkMarkdownLinks';

/**
 * @signalwire/docusaurus-plugin-llms-txt turns each built docs page into Markdown beside its HTML
 * (`/docs/guides/pickups/` → `/docs/guides/pickups.md`), from the page as the reader gets it: the
 * tables, field lists, samples and open questions the contract filled in are already there, so no MDX
 * tag survives. Why this plugin and not another: src/plugins/llmsTxt/README.md.
 *
 * Its own llms.txt and llms-full.txt are replaced after the build, in the sidebar's order
 * (scripts/llms/writeIndex.ts).
 */
export const llmsTxtOptions: PluginOptions = {
  siteTitle: portalTitle,
  siteDescription: `How to call the ${provider.name} APIs.`,
  // A page that cannot be converted fails the build, naming it, rather than going missing.
  onRouteError: 'throw',
  logLevel: 0,
  content: {
    enableMarkdownFiles: true,
    enableLlmsFullTxt: false,
    includeDocs: true,
    includeBlog: false,
    includePages: false,
    includeGeneratedIndex: false,
    // /api/ is Redoc: its HTML holds the answers in closed buttons, so a conversion lost every status.
    // /api.md is written from the contract instead (scripts/llms/writeIndex.ts).
    excludeRoutes: ['/api', '/api/', '/api/**'],
    // The article alone: not the sidebar, the table of contents or the page's pagination.
    contentSelectors: ['.theme-doc-markdown'],
    beforeDefaultRehypePlugins: [rehypeReadableMarkdown],
    remarkPlugins: [remarkMarkdownLinks],
    // Tables without padding: the same rows, a third of the bytes on the register.
    remarkGfm: {tablePipeAlign: false},
  },
};
