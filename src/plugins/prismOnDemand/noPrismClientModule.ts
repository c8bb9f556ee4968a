// Replaces the classic theme's Prism client module (see ./index.ts): nothing to run on load.
export {};
