import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {readdirSync} from 'node:fs';
import {releasesFolder} from '../../../scripts/contract/releases';
import {openApiJsonPath} from '../../../scripts/openapi/outputs';
import {downloads} from '../../downloads';

type PersistentCache = {buildDependencies?: string[]};

/**
 * Makes the bundler's persistent cache depend on the bundled contract (static/openapi.json).
 *
 * The docs render their contract tables, error tables and samples from that file at build time
 * (src/remark/contract), but only a page's own source is a dependency of its compiled MDX. After the
 * contract changed, a warm build served the old tables: the server HTML and the browser bundle could
 * even come from different versions, and React reported hydration errors (#418) on the errors and
 * getting-started guides (seen after a `--scale` benchmark). A changed contract now evicts the cache.
 *
 * The releases (openapi/releases/) count too: the Downloads list says which release the files are
 * and what changed since it, so a new or rewritten release with the same contract left the old
 * sentence in place until they were added.
 *
 * So do the downloads: Getting started gives each one's size. A change to the Postman collection's
 * scripts alone left the old size on that page while /api/, which reads it anew, gave the new one.
 */
export default function contractCachePlugin(context: LoadContext): Plugin {
  return {
    name: 'contract-cache',
    configureWebpack(config) {
      const cache = (config.experiments as {cache?: PersistentCache | boolean} | undefined)?.cache;
      if (cache && typeof cache === 'object') {
        const releases = path.join(context.siteDir, releasesFolder);
        const releaseFiles = readdirSync(releases).map((file) => path.join(releases, file));
        // The folder (trailing slash: webpack's form for a directory) catches a release added later.
        const downloadFiles = downloads.map((download) => path.join(context.siteDir, download.file));
        cache.buildDependencies = [...(cache.buildDependencies ?? []), path.join(context.siteDir, openApiJsonPath), `${releases}/`, ...releaseFiles, ...downloadFiles];
      }
      return {};
    },
  };
}
