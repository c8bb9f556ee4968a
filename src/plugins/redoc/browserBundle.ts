import path from 'node:path';

/**
 * What Redoc's bundle imports that /api/ never runs, left out of the browser bundle. Each cost load
 * time on every visit of /api/ (measured on a 4x-throttled CPU; Redoc's chunk 1,125 KB -> 624 KB):
 *
 * - @redocly/openapi-core's `bundle` and `Config`: Redoc's loader of a description by URL; redocusaurus
 *   hands Redoc the contract bundled at build time. Building their config types and JSON-schema
 *   validators took 100+ ms on each load.
 * - `yaml`: read by Redoc's converter of Swagger 2.0 descriptions; ours is OpenAPI 3.1.
 * - Prism grammars of languages the contract has no code samples in (see `redocPrismLanguages`).
 *
 * Only imports made by Redoc's own bundle are replaced; the server bundle keeps everything.
 */

/**
 * Prism grammars Redoc keeps: those of the contract's `x-codeSamples` languages (shell, spelled `bash`
 * in Prism, javascript, python), and what they build on. JavaScript is part of Prism's core.
 * tests/unit/openapi/codeSamples.spec.ts checks every sample language against this list.
 */
export const redocPrismLanguages = ['bash', 'python', 'clike', 'markup'];

/**
 * The grammar Redoc draws a language with when the bundle has none of its own: Java, C#, Go, PHP and
 * Ruby (contract/sampleWriters) take it, as the guides do (src/remark/contract/contract.ts), rather than
 * five more grammars in /api/'s JavaScript.
 */
export const redocFallbackGrammar = 'clike';

/** Redoc's own names for languages Prism spells differently (its `mapLang`). */
export const redocLanguageAliases: Record<string, string> = {shell: 'bash'};

const stub = path.join(__dirname, 'unusedInBrowser.ts');
const fromRedocBundle = /[\\/]node_modules[\\/]redoc[\\/]bundles$/;
const unusedModule = new RegExp(
  [
    String.raw`^@redocly[\\/]openapi-core[\\/]lib[\\/](bundle|config[\\/]config)$`,
    String.raw`^yaml$`,
    String.raw`^prismjs[\\/]components[\\/]prism-(?!(${redocPrismLanguages.join('|')})\.js$)[\w-]+\.js$`,
  ].join('|'),
);

/** NormalModuleReplacementPlugin arguments that point Redoc's unused imports at a stub. */
export const unusedByRedocInBrowser = [
  unusedModule,
  (resource: {context?: string; request: string}) => {
    if (resource.context && fromRedocBundle.test(resource.context)) {
      resource.request = stub;
    }
  },
] as const;
