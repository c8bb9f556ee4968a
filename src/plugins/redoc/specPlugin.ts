import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import redocSpecPlugin, {validateOptions} from 'docusaurus-plugin-redoc';

import {markEachCall} from '../../../contract/openQuestions/perCallMarks';
import {withWrittenSamplesLoadedOnDemand} from '../../../contract/codeSamples';
import {withSiteRelativeLinks} from '../../../contract/siteLinks';
import {downloadSizes} from '../../downloads';
import {provider} from '../../settings/provider';

type Options = Parameters<typeof redocSpecPlugin>[1];

/**
 * redocusaurus's spec plugin (docusaurus-plugin-redoc), minus one copy of the contract, and with the
 * page's links kept within the site.
 *
 * The stock plugin hands the whole bundled spec to `setGlobalData` as well as to the /api/ route.
 * Global data is compiled into main.js, so every page of the site (home, every guide) downloaded and
 * parsed the contract: 170 KB of JavaScript, a quarter of main.js, measured. Only redocusaurus's
 * MDX components (`<ApiSchema>`, `<ApiDocMdx>`, through `useSpecData`) read it there; this site
 * renders its guide tables at build time instead (src/remark/contract), and /api/ gets the spec from
 * its own route chunk. Everything else the plugin publishes stays.
 *
 * The served openapi.json links to the portal with absolute URLs (contract/siteLinks.ts); the
 * page turns them back into site links, so /api/ never sends a reader to another host, lists the
 * downloads with their sizes, and names its version as the portal's contract release. Where the
 * specification's facts differ by call, each call gets its own markers (contract/openQuestions/perCallMarks.ts). A download
 * that was not generated fails the build, naming the file.
 */
// `options` is typed unknown as Docusaurus types plugin modules; validateOptions below has checked it.
export default function redocSpecPluginWithoutGlobalSpec(context: LoadContext, options: unknown): Plugin<unknown> {
  const plugin = redocSpecPlugin(context, options as Options) as Plugin<unknown>;
  return {
    ...plugin,
    async contentLoaded(args) {
      const setGlobalData = (data: unknown) => args.actions.setGlobalData({...(data as object), spec: undefined});
      const loaded = args.content as {converted: object};
      // The spec is the published openapi.json (contract/outputs.ts): its output folder holds the downloads.
      const published = path.resolve(context.siteDir, (options as Options).spec!, '../..');
      // Each call's request and answer show that call's markers, where a shared part's differ by call.
      // The five written languages' code loads when the reader picks one (src/theme/ApiDoc/useLazySampleLanguages.ts).
      const converted = withWrittenSamplesLoadedOnDemand(markEachCall(withSiteRelativeLinks(loaded.converted, provider.portalUrl, downloadSizes(published)))) as {info?: {version?: string}};
      // Redoc titles the page "<title> (<info.version>)", which read as the carrier's API version; it is
      // this portal's release of the contract (openapi/releases/), and the page says so. The files
      // served keep the plain semver.
      const info = converted.info ? {...converted.info, version: `portal contract ${converted.info.version}`} : undefined;
      const content = {...loaded, converted: {...converted, ...(info ? {info} : {})}};
      await plugin.contentLoaded?.({...args, content, actions: {...args.actions, setGlobalData}});
    },
  };
}

// Docusaurus types this hook generically; the stock plugin's is typed for its own schema.
redocSpecPluginWithoutGlobalSpec.validateOptions = validateOptions as NonNullable<PluginModule['validateOptions']>;
