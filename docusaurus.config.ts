import type {Config, PluginConfig, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import type {PluginOptions as RedocSpecOptions} from 'docusaurus-plugin-redoc';
import type {ThemeOptions as RedocThemeOptions} from 'docusaurus-theme-redoc';

import {provider, portalTitle} from './src/settings/provider';
import {announcement} from './src/settings/announcement';
import contractPlugin from './src/plugins/contract';
import {published as contractPublished} from './src/plugins/contract/state';
// Imported, not named by path, so that editing the plugin evicts the bundler's persistent cache.
import redocPlugin from './src/plugins/redoc';
import redocSpecPlugin from './src/plugins/redoc/specPlugin';
import prismTokenCssPlugin from './src/plugins/prismTokenCss';
import prismOnDemandPlugin from './src/plugins/prismOnDemand';
import {llmsTxtOptions} from './src/plugins/llmsTxt/options';
import {redocTheme} from './src/plugins/redoc/theme';
import remarkContract from './src/remark/contract';
import rehypeTableCellLabels from './src/rehype/tableCellLabels';
import {darkCodeTheme, lightCodeTheme} from './src/prism/themes';
import {openApiJsonPath, outputFolder, servedFolder, type OutputTarget} from './contract/outputs';
import {changelogFolder, changelogRoute, documentationClass, documentationOnlyKind} from './contract/releases/changelog';
import {withReaderIndexes} from './src/plugins/llmsTxt/readerIndexes';

// Runs in Node.js at build time: no browser APIs here.

// Where this command publishes the contract (contract/outputs.ts): the preview keeps a folder of its
// own, so a build, a test run or the sandbox run beside `npm start` never rewrites what it serves.
const outputTarget: OutputTarget = process.argv[2] === 'start' ? 'preview' : 'build';
const published = outputFolder(outputTarget);

// Left out of the build checks' throwaway copies only (scripts/readerIndexes.ts).
const withIndexes = withReaderIndexes();

const classicPreset = {
  docs: {
    sidebarPath: './sidebars.ts',
    // Renders <SchemaFields>, <EnumValues>, <CodeSamples>… from the bundled contract at build time.
    // Before the defaults, so that the table of contents (a default plugin) holds the headings it writes.
    beforeDefaultRemarkPlugins: [[remarkContract, {target: outputTarget}]],
    // Tables too wide for their column read as lists of rows (src/rehype/tableCellLabels.ts).
    rehypePlugins: [rehypeTableCellLabels],
  },
  // The portal has no blog; leaving it on would add empty routes and a feed. The Changelog is a blog
  // of its own (changelogOptions below).
  blog: false,
  // The debug plugin (on by default in the preview) rewrites an 860 kB JSON of every plugin's content
  // after each publish of the contract, in place: the bundler once read it half-written ("JSON parse
  // error: Unexpected end of JSON", preview test, CI of 2026-12-02) and stopped the page's reload. Its
  // /__docusaurus/debug pages are for Docusaurus's own developers.
  debug: false,
  theme: {
    customCss: ['./src/css/custom.css', './src/css/redoc.css'],
  },
} satisfies Preset.Options;

// redocusaurus, set up as its preset would (one theme, one spec plugin), with the spec plugin wrapped
// so the contract is not copied into every page's JavaScript (src/plugins/redoc/specPlugin.ts).
const redocThemeId = 'theme-redoc';

const redocThemeOptions = {id: redocThemeId, ...redocTheme} satisfies RedocThemeOptions;

const redocSpecOptions = {
  id: 'carrier-api',
  themeId: redocThemeId,
  // The bundled copy of `openapi/`, published by src/plugins/contract at every start and build.
  spec: `${published}/${openApiJsonPath}`,
  // Redoc's download button: the copy this site serves, so it works offline and matches the page.
  url: '/openapi.json',
  // Left as a site path: "normalized", it became https://<portalUrl>/openapi.json, a link to another
  // host wherever the site is served from anywhere but its final address (a preview, a mirror).
  normalizeUrl: false,
  route: '/api/',
} satisfies RedocSpecOptions;

// The contract's releases as posts, with RSS and Atom feeds integrators subscribe to. The contract
// plugin writes the posts from openapi/releases/ and the diff between releases (contract/releases/changelog.ts).
const changelogOptions = {
  id: 'changelog',
  path: `${published}/${changelogFolder}`,
  routeBasePath: changelogRoute.slice(1),
  blogTitle: 'Contract changelog',
  blogDescription: `Every release of this portal's description of the ${provider.name} APIs, newest first, with what each one changes.`,
  blogSidebarTitle: 'Releases',
  blogSidebarCount: 'ALL',
  postsPerPage: 'ALL',
  // The changelog page already lists every release whole; an archive of their titles adds nothing.
  archiveBasePath: null,
  showReadingTime: false,
  // Releases have no authors and are shown whole, so neither check has anything to say.
  onInlineAuthors: 'ignore',
  onUntruncatedBlogPosts: 'ignore',
  feedOptions: {
    type: ['rss', 'atom'],
    title: `${provider.name} API changes`,
    description: `Each release that changes the ${provider.name} APIs' requests or answers, breaking first. Documentation edits are on the Changelog page only.`,
    copyright: `Copyright © ${provider.copyright.year} ${provider.copyright.holder}.`,
    language: 'en',
    // A feed worth a notification: only releases that change the API, without their folded
    // documentation edits. Atom requires an author for every entry (RFC 4287, 4.1.1); releases have
    // none, so the provider who publishes the contract signs them.
    createFeedItems: async ({defaultCreateFeedItems, ...params}) =>
      (await defaultCreateFeedItems(params))
        .filter((item) => !item.title.endsWith(`: ${documentationOnlyKind}`))
        .map((item) => ({
          ...item,
          content: item.content?.replace(new RegExp(`<details[^>]*\\b${documentationClass}\\b[^>]*>[\\s\\S]*?</details>`, 'g'), ''),
          author: [{name: provider.name, link: provider.portalUrl}],
        })),
  },
} satisfies BlogOptions;

const searchTheme = {
  hashed: true,
  language: ['en'],
  indexDocs: true,
  indexPages: true,
  // The changelog is the blog: an integrator who searches a field's name finds the release that changed
  // it. Its folded documentation edits are not indexed: they answered questions before the guides did.
  indexBlog: true,
  ignoreCssSelectors: [`.${documentationClass}`],
  blogRouteBasePath: changelogRoute,
  blogDir: `${published}/${changelogFolder}`,
  docsRouteBasePath: '/docs',
  highlightSearchTermsOnTargetPage: true,
  explicitSearchResultPath: true,
} satisfies SearchOptions;

const themeConfig = {
  image: 'img/provider-logo.svg',
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    // Spec section 4: the system preference is not respected, so the toggle flips light/dark.
    respectPrefersColorScheme: false,
  },
  ...(announcement && {announcementBar: announcement}),
  tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  navbar: {
    title: portalTitle,
    logo: {alt: provider.logo.alt, src: provider.logo.src},
    items: [
      {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Tutorial'},
      {to: '/api/', label: 'APIs', position: 'left'},
      {type: 'search', position: 'right'},
    ],
  },
  footer: {
    style: 'dark',
    links: [],
    copyright: `Copyright © ${provider.copyright.year} ${provider.copyright.holder}.`,
  },
  prism: {
    theme: lightCodeTheme,
    darkTheme: darkCodeTheme,
    // No additionalLanguages: with extra grammars beside redocusaurus (which provides prismjs as the
    // global `Prism`), every code block failed to hydrate (React #418, measured on this site).
    // JSON, JavaScript and Python are built in; curl samples show as plain text.
  },
} satisfies Preset.ThemeConfig;

export const config: Config = {
  title: portalTitle,
  tagline: provider.tagline,
  favicon: provider.logo.src,
  url: provider.portalUrl,
  baseUrl: '/',
  // Spec section 2: left undefined, so `/a/b` and `/a/b/` both resolve on a plain static host.
  trailingSlash: undefined,

  future: {
    // Rspack and SWC through @docusaurus/faster: measured about 4x faster than webpack on this site.
    v4: true,
  },

  // Checked by src/linkCheck instead, the last step of `npm run build`, which names the file and line to
  // change: a dead link in the navbar, a page or the API reference stops the build; a broken anchor only
  // warns (spec section 5).
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  // Spec section 5: broken markdown links only warn, so writers can save work in progress.
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  // The site's own files, then the contract and the downloads this command published.
  staticDirectories: ['static', `${published}/${servedFolder}`],

  customFields: {
    remoteOpenApiUrl: provider.remoteOpenApiUrl,
  },

  clientModules: ['./src/clientModules/renderAfterFailedChunkLoad.ts', './src/clientModules/prefetchWhenIdle.ts'],

  presets: [['classic', classicPreset]],
  themes: [
    ['docusaurus-theme-redoc', redocThemeOptions],
    ...(withIndexes ? [['@easyops-cn/docusaurus-search-local', searchTheme] satisfies PluginConfig] : []),
  ],
  plugins: [
    [contractPlugin as PluginModule, {target: outputTarget}],
    ['@docusaurus/plugin-content-blog', changelogOptions],
    redocPlugin,
    [redocSpecPlugin, redocSpecOptions],
    prismTokenCssPlugin,
    prismOnDemandPlugin,
    ...(withIndexes ? [['@signalwire/docusaurus-plugin-llms-txt', llmsTxtOptions as Record<string, unknown>] satisfies PluginConfig] : []),
  ],
  themeConfig,
};

/**
 * The contract is published before Docusaurus constructs the plugins: several read what it writes as
 * they are constructed, not when they load their content (redocusaurus decides there whether its spec
 * is a file, the search theme hashes the Changelog's posts). In the preview, the contract plugin
 * publishes again after each edit under openapi/.
 */
export default async function createConfig(): Promise<Config> {
  await contractPublished(__dirname, outputTarget);
  return config;
}
