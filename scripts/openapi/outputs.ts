/** Where `npm run openapi:bundle` writes the published description. Generated, never edited by hand. */
export const openApiJsonPath = 'static/openapi.json';
export const openApiYamlPath = 'static/openapi.yaml';
/** The editable source: the root file of the split description. */
export const openApiSourcePath = 'openapi/openapi.yaml';
/** The other generated downloads; src/downloads/index.ts lists every download for readers. */
export const postmanCollectionPath = 'static/downloads/carrier-api.postman_collection.json';
export const typeDeclarationsPath = 'static/downloads/carrier-api.d.ts';
/** The sandbox as one program an integrator runs with `node` (scripts/sandbox/buildDownload.ts). */
export const sandboxProgramPath = 'static/downloads/carrier-sandbox.mjs';
