// The server build's HighlightedLines: imported directly, so code blocks render highlighted at build
// time, with no Suspense boundary (see ./loadHighlightedLines.tsx).
export {default as HighlightedLines} from './HighlightedLines';
