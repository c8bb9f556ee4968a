import type {PrismTheme} from 'prism-react-renderer';

/**
 * The colours of a Prism theme as CSS, for one colour mode: the code block's text and background (as
 * the `--prism-color` and `--prism-background-color` variables the theme's components read) and the
 * colour of each token.
 *
 * The theme's code blocks colour tokens with these classes rather than with inline styles
 * (src/theme/CodeBlock/Content), so that the browser can keep the highlighted lines the server
 * rendered instead of highlighting every block again while the page hydrates. Rules are scoped to the
 * theme's code blocks: Redoc's samples on /api/ use the same token classes with colours of their own.
 *
 * Same precedence as prism-react-renderer: a later entry of the theme overrides an earlier one, and
 * an entry limited to some `languages` applies to those languages only.
 */
export function tokenCss(theme: PrismTheme, colourMode: 'light' | 'dark'): string {
  const scope = `[data-theme='${colourMode}'] .theme-code-block`;
  const frame = `${scope}{--prism-color:${theme.plain.color};--prism-background-color:${theme.plain.backgroundColor}}`;
  const tokens = theme.styles.map(({types, languages, style}) => {
    const declarations = Object.entries(style)
      .map(([property, value]) => `${property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}:${value}`)
      .join(';');
    const selectors = types.flatMap((type) =>
      (languages ?? ['']).map((language) => `${scope} ${language ? `.language-${language} ` : ''}.token.${type}`),
    );
    return `${selectors.join(',')}{${declarations}}`;
  });
  return [frame, ...tokens].join('\n');
}
