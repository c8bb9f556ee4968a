// @ts-check
/**
 * A pre-loader for the docs' MDX pages (src/plugins/contract): a page that renders a contract
 * component (<SchemaFields>, <CodeSamples>…) depends on the contract's publish stamp, so the bundler
 * compiles it again after each publish. Docusaurus makes a compiled page depend on its own source only:
 * without this, an edit under openapi/ reached /api/ but never the guides' tables until a restart.
 *
 * When the last publish failed, its message (the YAML file and line) is this page's error, so the
 * browser's overlay shows it as well as the terminal; the next good publish clears it.
 *
 * Plain JavaScript: the bundler requires loaders itself, outside the TypeScript the config is loaded with.
 */
const {existsSync, readFileSync} = require('node:fs');

/**
 * For each failed publish (its stamp), the one page that reports it: the first compiled after the
 * failure, and again each time it is compiled, so the error stays until a good publish. Every page
 * reporting it printed the same message 40 times in the terminal.
 */
const reporterOf = new Map();

/** @this {{getOptions(): {stampFile: string; errorFile: string; componentPattern: string}; resourcePath: string; addDependency(file: string): void; emitError(error: Error): void}} */
module.exports = function dependsOnContract(/** @type {string} */ source) {
  const {stampFile, errorFile, componentPattern} = this.getOptions();
  // A string, not a RegExp: Rspack hands loader options over as JSON.
  if (!new RegExp(componentPattern).test(source)) {
    return source;
  }
  this.addDependency(stampFile);
  if (existsSync(errorFile)) {
    const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
    if (!reporterOf.has(stamp)) {
      reporterOf.set(stamp, this.resourcePath);
    }
    if (reporterOf.get(stamp) === this.resourcePath) {
      this.emitError(new Error(readFileSync(errorFile, 'utf8')));
    }
  }
  return source;
};
