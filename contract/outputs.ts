/**
 * Where the published contract and its downloads are written. Generated, never edited by hand.
 *
 * Each command that publishes writes into a folder of its own under `generated/`, so none rewrites
 * what another is reading: the preview (`npm start`, through src/plugins/contract) into
 * `generated/preview/`, the production build and the tests into `generated/build/`, `npm run sandbox`
 * into `generated/sandbox/`. Before that, every command wrote into `static/` and `generated/changelog/`
 * through its pre-step, and a build run beside the preview broke every preview page until a restart
 * ("Blog post not found …", a full-screen overlay). The contract commands (check, diff) bundle in memory.
 *
 * Inside an output folder the layout is the site's: `static/` is served at the site's root.
 *
 * Browser code reads the site paths here (SamplesWhenNear), so this module imports nothing from Node.
 */

export type OutputTarget = 'preview' | 'build' | 'sandbox';

/** The output folder of a command, relative to the project. */
export function outputFolder(target: OutputTarget): string {
  return `generated/${target}`;
}

/** The absolute output folder of a command: what the paths below are relative to. */
export function outputRoot(projectRoot: string, target: OutputTarget): string {
  return `${projectRoot.replace(/[\\/]+$/, '')}/${outputFolder(target)}`;
}

/** The folder of an output that the site serves at its root (a Docusaurus static directory). */
export const servedFolder = 'static';

/** The published description, relative to an output folder. */
export const openApiJsonPath = 'static/openapi.json';
export const openApiYamlPath = 'static/openapi.yaml';
/** The editable source, relative to the project: the root file of the split description. */
export const openApiSourcePath = 'openapi/openapi.yaml';
/** The other generated downloads; src/downloads/index.ts lists every download for readers. */
export const postmanCollectionPath = 'static/downloads/carrier-api.postman_collection.json';
export const typeDeclarationsPath = 'static/downloads/carrier-api.d.ts';
/** The sandbox as one program an integrator runs with `node` (sandbox/buildDownload.ts). */
export const sandboxProgramPath = 'static/downloads/carrier-sandbox.mjs';
/**
 * The samples of one language this portal writes (Java, C#, Go, PHP, Ruby; contract/sampleWriters), by
 * operationId: /api/ loads a language's file when the reader picks its tab, so the page's own chunk
 * carries only curl, JavaScript and Python (src/theme/ApiDoc/useLazySampleLanguages.ts).
 */
export const codeSamplesFolder = 'static/code-samples';
export const codeSamplesPath = (lang: string) => `${codeSamplesFolder}/${lang}.json`;
/**
 * Written last by every publish, with a hash of everything written before it. The pages that render
 * the contract depend on this one file (src/plugins/contract), so they are compiled again exactly
 * when something they read has changed, and never halfway through a publish.
 */
export const publishedStampPath = 'contract.stamp';

/** The path on the site of a served output (`/openapi.json`). Stable: integrators script against it. */
export function sitePathOf(outputPath: string): string {
  if (!outputPath.startsWith(`${servedFolder}/`)) {
    throw new Error(`${outputPath}: only files under ${servedFolder}/ of an output folder are served`);
  }
  return outputPath.slice(servedFolder.length);
}

/** The absolute path of a file a command published: the build's unless said otherwise. */
export function publishedFile(projectRoot: string, file: string, target: OutputTarget = 'build'): string {
  return `${outputRoot(projectRoot, target)}/${file}`;
}
