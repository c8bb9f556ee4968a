/**
 * The one list of files an integrator can take away: the contract in two formats, a Postman collection,
 * TypeScript types, the register of open questions (CSV and JSON) and the sandbox program. Getting started (`<Downloads />`) and the description of
 * /api/ render it; the served openapi.json lists it with absolute links. The contract's publish writes every file
 * (src/plugins/contract/publish.ts); reading their sizes fails, naming the file, when one is missing, so a
 * build never links to nothing.
 *
 * Build-time only (it reads files): never import it from browser code.
 */
import {statSync} from 'node:fs';
import path from 'node:path';

import {openApiJsonPath, openApiYamlPath, postmanCollectionPath, sandboxProgramPath, sitePathOf, typeDeclarationsPath} from '../../contract/outputs';
import {registerCsvPath, registerJsonPath} from '../../contract/openQuestions';

export type Download = {
  /** Where the publish writes it, relative to an output folder (contract/outputs.ts). */
  readonly file: string;
  /** Path on the site: the file's path under `static/`. Stable: integrators script against it. */
  readonly sitePath: string;
  readonly title: string;
  readonly use: string;
};

function download(file: string, title: string, use: string): Download {
  return {file, sitePath: sitePathOf(file), title, use};
}

export const downloads: readonly Download[] = [
  download(openApiJsonPath, 'OpenAPI description (JSON)', 'import into an API tool or generate a client'),
  download(openApiYamlPath, 'OpenAPI description (YAML)', 'the same description, for tools and people that prefer YAML'),
  download(postmanCollectionPath, 'Postman collection (v2.1)', 'every call with its example, one folder per area, each testing its answer against the contract; runs top to bottom against the local sandbox, again and again (the pickup number travels from answer to request)'),
  download(typeDeclarationsPath, 'TypeScript types', 'the paths and schemas as types, for openapi-fetch (see the Typed client guide)'),
  download(registerCsvPath, 'Open questions (CSV)', 'everything the specification leaves open, and what the portal uses in its place: the list to send the carrier\'s API team'),
  download(registerJsonPath, 'Open questions (JSON)', 'the same list, for tools'),
  download(sandboxProgramPath, 'Sandbox (one file for Node 20+)', 'every call of the contract on your machine or in your CI, with no install: node carrier-sandbox.mjs, or with --mcp an MCP server for a coding assistant (see the Test environment page)'),
];

/**
 * Size in bytes of every download published into `outputRoot` (contract/outputs.ts); throws, naming
 * the file, when one has not been generated.
 */
export function downloadSizes(outputRoot: string): Map<string, number> {
  return new Map(
    downloads.map((download) => {
      const file = path.join(outputRoot, download.file);
      try {
        return [download.sitePath, statSync(file).size];
      } catch {
        throw new Error(
          `Download missing: ${path.relative(process.cwd(), file)} (${download.title}). ` +
            'The contract plugin publishes it at every start and build (src/plugins/contract); look for its error above.',
        );
      }
    }),
  );
}

/**
 * `212.4 kB`: decimal kilobytes, as browsers and package registries show file sizes. The space is
 * non-breaking, so a narrow table cell never splits the number from its unit.
 */
export function formatSize(bytes: number): string {
  return bytes < 1000 ? `${bytes}\u00a0bytes` : `${(bytes / 1000).toFixed(1)}\u00a0kB`;
}

/**
 * The list as Markdown, for a description. `siteUrl` prefixes each path: the portal's absolute URL in
 * the served files (tools resolve relative URLs against the API server), empty inside the site.
 */
export function downloadsMarkdown(siteUrl: string, sizes?: Map<string, number>): string {
  const items = downloads.map((download) => {
    const size = sizes?.get(download.sitePath);
    const sizeNote = size === undefined ? '' : ` (${formatSize(size)})`;
    return `- [${download.title}](${siteUrl}${download.sitePath})${sizeNote}: ${download.use}.`;
  });
  return ['## Downloads', '', ...items].join('\n');
}
