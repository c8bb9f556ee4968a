import {test, expect} from '@playwright/test';
import type {PrismTheme} from 'prism-react-renderer';

import {tokenCss} from '../../src/prism/tokenCss';

const theme: PrismTheme = {
  plain: {color: '#111111', backgroundColor: '#ffffff'},
  styles: [
    {types: ['string', 'attr-value'], style: {color: '#aa0000'}},
    {types: ['keyword'], style: {color: '#0000aa', fontStyle: 'italic'}},
    {types: ['property'], languages: ['json'], style: {color: '#00aa00'}},
  ],
};

test('text, background and token colours become CSS scoped to the colour mode and to the theme code blocks', () => {
  const rules = tokenCss(theme, 'dark').split('\n');
  expect(rules).toEqual([
    "[data-theme='dark'] .theme-code-block{--prism-color:#111111;--prism-background-color:#ffffff}",
    "[data-theme='dark'] .theme-code-block .token.string,[data-theme='dark'] .theme-code-block .token.attr-value{color:#aa0000}",
    "[data-theme='dark'] .theme-code-block .token.keyword{color:#0000aa;font-style:italic}",
    "[data-theme='dark'] .theme-code-block .language-json .token.property{color:#00aa00}",
  ]);
});

test('later theme entries come later in the CSS, so they win as they do in prism-react-renderer', () => {
  const css = tokenCss({...theme, styles: [...theme.styles, {types: ['string'], style: {color: '#123456'}}]}, 'light');
  expect(css.indexOf('#123456')).toBeGreaterThan(css.indexOf('#aa0000'));
});
