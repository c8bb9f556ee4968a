import type {Plugin} from '@docusaurus/types';

import {darkCodeTheme, lightCodeTheme} from '../../prism/themes';
import {tokenCss} from '../../prism/tokenCss';

/**
 * Puts the code blocks' token colours for both colour modes in the <head> of every page, as CSS
 * (src/theme/CodeBlock/Content explains why tokens are coloured by class). Inline, so the first
 * paint already has them, at about 1 KB gzipped.
 */
export default function prismTokenCssPlugin(): Plugin {
  const css = `${tokenCss(lightCodeTheme, 'light')}\n${tokenCss(darkCodeTheme, 'dark')}`;
  return {
    name: 'prism-token-css',
    injectHtmlTags: () => ({headTags: [{tagName: 'style', attributes: {'data-prism-tokens': 'true'}, innerHTML: css}]}),
  };
}
