/**
 * The classic theme's hook for adding Prism grammars to the browser. This site adds none there: the
 * stock version still compiled a require context over `prismjs/components` into main.js (about 43 KB
 * of every page's JavaScript, measured) to load the empty `prism.additionalLanguages` list. Code the
 * theme highlights in the browser uses prism-react-renderer's built-in grammars.
 */
export default function prismIncludeLanguages(): void {}
