import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps Prism out of the JavaScript every page runs on load.
 *
 * The classic theme registers a client module whose only job is to hand prism-react-renderer's Prism
 * to `@theme/prism-include-languages`, which this site leaves empty (src/theme). Importing it put
 * Prism and its grammars into main.js, evaluated on every page: 87 ms of a 4x-throttled CPU on each
 * load, measured. Code blocks load prism-react-renderer themselves, and only when they have to
 * highlight in the browser (src/theme/CodeBlock/Content).
 */
const codeBlockContentDirectory = path.resolve(__dirname, '../../theme/CodeBlock/Content');

export default function prismOnDemandPlugin(): Plugin {
  return {
    name: 'prism-on-demand',
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            path.join(__dirname, 'noPrismClientModule.ts'),
          ),
          // The build renders code blocks with Prism loaded up front (see the module's comment).
          ...(isServer
            ? [
                new NormalModuleReplacementPlugin(/^\.\/loadHighlightedLines$/, (resource: {context?: string; request: string}) => {
                  if (resource.context === codeBlockContentDirectory) {
                    resource.request = './loadHighlightedLines.server';
                  }
                }),
              ]
            : []),
        ],
      };
    },
  };
}
