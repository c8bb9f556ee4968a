// A bundler loader (CommonJS, as loaders run in Node) for redoc's library bundle.
const remoteLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
// An empty SVG: the <img> stays valid, and CSS hides it (src/css/custom.css).
const inlineBlank = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

module.exports = function dropRemoteLogo(source) {
  if (!source.includes(remoteLogo)) {
    // Fail loudly: a redoc upgrade that moved the logo must be looked at, not shipped blind.
    throw new Error(`redoc-offline: ${remoteLogo} not found in ${this.resourcePath}; update the loader.`);
  }
  return source.split(remoteLogo).join(inlineBlank);
};
