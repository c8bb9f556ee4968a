import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Makes redocusaurus's /api/ page work offline, hydrate cleanly and read well in both colour modes.
 *
 * 1. Redoc's sidebar footer loads its logo from cdn.redoc.ly once mounted; the site must load nothing
 *    from third-party hosts. A loader swaps that URL for an inline image, and CSS hides it. The same
 *    loader turns the colours redoc hard-codes into CSS custom properties, so each colour mode can
 *    set readable ones (src/css/redoc.css).
 * 2. redocusaurus renders Redoc's styles into <style> tags on the server but an empty <div> in the
 *    browser, so React reports a hydration mismatch (#418) on every load. The client gets a copy of
 *    that <div> that keeps the server's styles instead.
 */
export default function redocPlugin(): Plugin {
  return {
    name: 'redoc',
    configureWebpack(_config, isServer, {currentBundler}) {
      const rules = [
        {
          test: /[\\/]redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/,
          use: [{loader: path.join(__dirname, 'patchRedocBundle.js')}],
        },
      ];
      if (isServer) {
        return {module: {rules}};
      }
      return {
        module: {rules},
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /docusaurus-theme-redoc[\\/]dist-jsx[\\/]theme[\\/]Redoc[\\/]Styles/,
            path.join(__dirname, 'KeepServerStyles.tsx'),
          ),
        ],
      };
    },
  };
}
