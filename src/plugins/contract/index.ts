/**
 * The plugin that owns the contract: it publishes openapi/ into the running command's output folder
 * (contract/outputs.ts) when the site loads, and again after every edit under openapi/ while
 * `npm start` runs, with no restart and nothing to run by hand.
 *
 * How an edit reaches every page, given what Docusaurus 3.10 does:
 * - `getPathsToWatch` reloads only the plugin that watches the file: this one, which publishes again.
 * - The guides render the contract at compile time (src/remark/contract), and a compiled MDX page
 *   depends only on its own source; a pre-loader (dependsOnContract.js) makes each page that renders
 *   a contract component depend on the publish stamp too, so those pages compile again.
 * - /api/ is redocusaurus's spec plugin, which watches the published openapi.json by itself and reads
 *   it once this plugin's publish is done (src/plugins/redoc/specPlugin.ts). The Changelog's posts
 *   are the blog plugin's, which watches their folder (changelogPlugin.ts).
 * - The downloads are in the output folder, one of the site's static directories.
 * So all of them come from one publish and never disagree.
 *
 * A failed reload is logged in the terminal but not shown in the browser, so a publish that fails in
 * the preview is also each contract page's compile error (the overlay), until a good publish clears
 * it. The last good files stay in place meanwhile. At start, or in a build, a failure stops the command.
 */
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {outputRoot, publishedStampPath, type OutputTarget} from '../../../contract/outputs';
import {renderers} from '../../remark/contract/renderers';
import type {Published} from './publish';
import {published, startPublish} from './state';

export type ContractPluginOptions = {target: OutputTarget};

/** Written beside the stamp when the preview's last publish failed; the pre-loader reports it. */
export const publishErrorPath = 'contract.error';

export default function contractPlugin(context: LoadContext, {target}: ContractPluginOptions): Plugin<Published> {
  const root = outputRoot(context.siteDir, target);
  const stampFile = path.join(root, publishedStampPath);
  const errorFile = path.join(root, publishErrorPath);
  let lastGood: Published | undefined;
  return {
    name: 'contract',
    getPathsToWatch() {
      return target === 'preview' ? [path.join(context.siteDir, 'openapi/**/*')] : [];
    },
    async loadContent() {
      // The first load of this process shares the publish another plugin may have started already.
      const publishing = lastGood ? startPublish(context.siteDir, target) : published(context.siteDir, target);
      try {
        lastGood = await publishing;
        rmSync(errorFile, {force: true});
        return lastGood;
      } catch (error) {
        if (!lastGood) throw error;
        const message = `openapi/ could not be published, so the preview still shows the contract as it was before this edit.\n${error instanceof Error ? error.message : String(error)}`;
        console.error(`[contract] ${message}`);
        mkdirSync(root, {recursive: true});
        writeFileSync(errorFile, message);
        // A new stamp has every contract page compiled again, and report the error; the next good publish writes the true one.
        writeFileSync(stampFile, `failed ${Date.now()}\n`);
        return lastGood;
      }
    },
    configureWebpack(config) {
      // The bundler's persistent cache is kept across runs: a build after the contract changed must not
      // serve pages compiled from the old one (React reported hydration errors, #418, when it did).
      const cache = (config.experiments as {cache?: {buildDependencies?: string[]} | boolean} | undefined)?.cache;
      if (cache && typeof cache === 'object') {
        cache.buildDependencies = [...(cache.buildDependencies ?? []), stampFile];
      }
      const componentPattern = `<(${Object.keys(renderers).join('|')})\\b`;
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/,
              include: [path.join(context.siteDir, 'docs')],
              enforce: 'pre' as const,
              use: [{loader: path.join(__dirname, 'dependsOnContract.js'), options: {stampFile, errorFile, componentPattern}}],
            },
          ],
        },
      };
    },
  };
}
