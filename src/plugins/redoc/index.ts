import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

import {unusedByRedocInBrowser} from './browserBundle';

// Imported only so that the loader is in docusaurus.config.ts's import graph: Rspack's persistent cache
// follows that graph, and kept serving redoc's unpatched bundle after an edit to the loader (seen).
import './patchRedocBundle.js';

/**
 * Makes redocusaurus's /api/ page work offline, hydrate cleanly and quickly, and read well in both
 * colour modes.
 *
 * 1. Redoc's sidebar footer loads its logo from cdn.redoc.ly once mounted; the site must load nothing
 *    from third-party hosts. A loader swaps that URL for an inline image, and CSS hides it. The same
 *    loader turns the colours redoc hard-codes into CSS custom properties, so each colour mode can
 *    set readable ones (src/css/redoc.css).
 * 2. Redoc's styles: rendered at build time in a form styled-components recognises in the browser
 *    (./ServerStyles), and kept through hydration and client-side navigation (./KeepServerStyles),
 *    where redocusaurus's empty browser twin made React report a hydration mismatch (#418).
 * 3. Redoc's store is built once per colour mode, not again right after hydration (./useSpec).
 * 4. The browser bundle leaves out what Redoc imports but never runs here (./browserBundle).
 */
export default function redocPlugin(): Plugin {
  return {
    name: 'redoc',
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        module: {
          rules: [
            {
              test: /[\\/]redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/,
              use: [{loader: path.join(__dirname, 'patchRedocBundle.js')}],
            },
          ],
        },
        plugins: [
          // On the server, docusaurus-theme-redoc has already pointed `./Styles` at its ServerStyles.
          new NormalModuleReplacementPlugin(
            /docusaurus-theme-redoc[\\/]dist(-jsx)?[\\/]theme[\\/]Redoc[\\/](Server)?Styles(\.jsx?)?$/,
            path.join(__dirname, isServer ? 'ServerStyles.tsx' : 'KeepServerStyles.tsx'),
          ),
          new NormalModuleReplacementPlugin(
            /docusaurus-theme-redoc[\\/]dist-jsx[\\/]utils[\\/]useSpec(\.js)?$/,
            path.join(__dirname, 'useSpec.ts'),
          ),
          ...(isServer ? [] : [new NormalModuleReplacementPlugin(...unusedByRedocInBrowser)]),
        ],
      };
    },
  };
}
