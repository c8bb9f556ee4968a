import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * The code themes of the site: prism-react-renderer's GitHub (light) and Dracula (dark), with the
 * token colours that fall under WCAG AA contrast (4.5:1) on their backgrounds darkened or lightened.
 * Each replacement keeps the hue of the colour it replaces.
 */
function withColours(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((style) => {
      const colour = style.style.color;
      return colour && replacements[colour] ? {...style, style: {...style.style, color: replacements[colour]}} : style;
    }),
  };
}

// On #f6f8fa: #999988 3.0:1, #e3116c 4.3:1, #36acaa 2.7:1, #00a4db 2.8:1, #d73a49 4.4:1.
export const lightCodeTheme = withColours(themes.github, {
  '#999988': '#6a6a5c',
  '#e3116c': '#b3104f',
  '#36acaa': '#127473',
  '#00a4db': '#006f96',
  '#d73a49': '#b3202e',
});

// On #282a36: the comment colour rgb(98, 114, 164) is 3.0:1.
export const darkCodeTheme = withColours(themes.dracula, {
  'rgb(98, 114, 164)': '#a3acd0',
});
