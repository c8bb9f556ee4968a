/**
 * Bundles the split description in `openapi/` into the one copy the site renders at /api/ and serves
 * at /openapi.json and /openapi.yaml. Provider values (servers, contact, title) come from the
 * settings module, so re-branding the site re-brands the contract too.
 *
 * Each operation's portal choices are labelled (portalChoices.ts), and each silence of the contract gets
 * a short marker linked to its row of the register of open questions, whose CSV and JSON it writes
 * (openQuestions.ts). Each operation then gets `x-codeSamples` (curl, JavaScript, Python) built from its own examples,
 * and `externalDocs` pointing at the guide section that documents it (see guideLinks.ts). Links to the
 * portal become absolute (siteLinks.ts). From the result it writes the other downloads of
 * src/downloads: the Postman collection (postman.ts), the TypeScript types (types.ts) and the sandbox
 * program that carries this very openapi.json (scripts/sandbox/buildDownload.ts), and from
 * `openapi/releases/` the Changelog's posts and each release's download (scripts/contract/changelog.ts). With
 * OPENAPI_SCALE=N set, as `npm run bench -- --scale N` does, every call is copied N-fold first.
 *
 * Run by `npm start` and `npm run build` (and on its own: `npm run openapi:bundle`). Any problem,
 * such as a YAML syntax error or a `$ref` to a missing file, stops it with the file named.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {stringify} from 'yaml';

import {isPlaceholder, provider} from '../../src/settings/provider';
import {addCodeSamples, type OpenApiDocument as SampledDocument} from './codeSamples';
import {addGuideLinks} from './guideLinks';
import {openApiJsonPath, openApiSourcePath, openApiYamlPath, postmanCollectionPath, sandboxProgramPath, typeDeclarationsPath} from './outputs';
import {labelPortalChoices} from './portalChoices';
import {markOpenQuestions, registerCsv, registerRows, registerCsvPath, registerJson, registerJsonPath, type OpenQuestion} from './openQuestions';
import {scaleContract, scaleFromEnvironment} from './scale';
import {withAbsoluteSiteLinks} from './siteLinks';

type OpenApiDocument = {
  info: {title: string; description?: string; contact?: object; [key: string]: unknown};
  servers?: object[];
  [key: string]: unknown;
};

const projectRoot = path.resolve(__dirname, '../..');

/** Resolves every `$ref` of the split source with Redocly CLI; throws with its report on failure. */
function bundleSource(): OpenApiDocument {
  const workDir = mkdtempSync(path.join(tmpdir(), 'openapi-bundle-'));
  const output = path.join(workDir, 'openapi.json');
  try {
    execFileSync(
      process.execPath,
      [require.resolve('@redocly/cli/bin/cli.js'), 'bundle', openApiSourcePath, '--ext', 'json', '-o', output],
      {cwd: projectRoot, env: {...process.env, REDOCLY_TELEMETRY: 'off'}, stdio: ['ignore', 'pipe', 'pipe']},
    );
    return JSON.parse(readFileSync(output, 'utf8')) as OpenApiDocument;
  } catch (error) {
    const report = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
    throw new Error(`Could not bundle ${openApiSourcePath}:\n${report}`);
  } finally {
    rmSync(workDir, {recursive: true, force: true});
  }
}

/**
 * The specification gives paths relative to a production and a /testing base but no host; until the
 * settings module names the carrier's, the host is a placeholder and the server says so.
 */
function placeholderHostNote(url: string): string {
  return isPlaceholder(url) ? ' The host is a placeholder (.example) until the carrier\'s own is set.' : '';
}

/** Adds the provider's name, servers and support contact from src/settings/provider.ts. */
export function applyProvider(document: OpenApiDocument): OpenApiDocument {
  return {
    ...document,
    info: {
      ...document.info,
      title: `${provider.name} APIs`,
      // The specification names no support contact: until the settings module sets the carrier's, say so.
      contact: {
        name: isPlaceholder(provider.support.email) ? `${provider.support.name} (placeholder until the carrier's contact is set)` : provider.support.name,
        email: provider.support.email,
        url: provider.support.url,
      },
    },
    servers: [
      {url: provider.apiServers.production, description: `Production.${placeholderHostNote(provider.apiServers.production)}`},
      {
        url: provider.apiServers.testing,
        description: `Testing: the /testing base of the same calls.${placeholderHostNote(provider.apiServers.testing)}`,
        'x-not-stated': ['meaning', 'location'],
        'x-open': {question: 'where the /testing base is; what data it holds', assumed: 'the production base followed by /testing'},
      },
    ],
  };
}

function write(relativePath: string, text: string): void {
  const target = path.join(projectRoot, relativePath);
  mkdirSync(path.dirname(target), {recursive: true});
  writeFileSync(target, text);
}

/**
 * `--contract-only` writes static/openapi.json and .yaml and nothing else: what contract:check and
 * contract:diff read. The downloads and the Changelog's pages are the build's (prebuild bundles all).
 */
const contractOnly = process.argv.includes('--contract-only');

async function main(): Promise<void> {
  // OPENAPI_SCALE=N (the scale benchmark only) copies every call N-fold; see scale.ts.
  const scaled = scaleContract(labelPortalChoices(applyProvider(bundleSource()) as never), scaleFromEnvironment());
  // Each silence gets its short marker on /api/, linked to its row of the register (openQuestions.ts).
  const openRows: OpenQuestion[] = markOpenQuestions(scaled as never);
  const sampled = await addCodeSamples(scaled as unknown as SampledDocument);
  const linked = addGuideLinks(sampled, path.join(projectRoot, 'docs'));
  const document = withAbsoluteSiteLinks(linked, provider.portalUrl) as typeof linked & {info: {title: string}};
  const contractText = `${JSON.stringify(document, null, 2)}\n`;
  write(openApiJsonPath, contractText);
  // Written so that YAML 1.1 readers (PyYAML, many generators) read it as YAML 1.2 ones do: quoted, `12:00` stays
  // a string rather than the sexagesimal 720, and `2025-04-21` a string rather than a date.
  write(openApiYamlPath, stringify(document, {lineWidth: 0, version: '1.1'}));
  if (contractOnly) {
    console.log(`openapi: wrote ${openApiJsonPath}, ${openApiYamlPath} (--contract-only: no downloads, no Changelog pages)`);
    return;
  }
  // Loaded only here: the renderers and bundlers the downloads need (unified, Postman's SDK, esbuild…)
  // took about 1.5 s to load, half of a --contract-only run, which every contract check makes.
  const [{postmanCollection}, {Contract}, {operationMarkdown, operationMarkdownFolder}, {guideMarkdownPages}, {sandboxProgram}, {changelogFolder, writeChangelog}, {typeDeclarations}] = await Promise.all([
    import('./postman'),
    import('../../src/remark/contract/contract'),
    import('../llms/operationMarkdown'),
    import('../llms/guideMarkdown'),
    import('../sandbox/buildDownload'),
    import('../contract/changelog'),
    import('./types'),
  ]);
  write(postmanCollectionPath, `${JSON.stringify(await postmanCollection(document), null, 2)}\n`);
  const register = registerRows(scaled as never, openRows);
  write(registerCsvPath, registerCsv(register));
  write(registerJsonPath, registerJson(register, String((document.info as {version?: string}).version)));
  write(typeDeclarationsPath, await typeDeclarations(document, provider.portalUrl));
  // Each call as Markdown (/api/operations/<operationId>.md), rendered as the guides render it.
  const contract = Contract.load(projectRoot);
  rmSync(path.join(projectRoot, operationMarkdownFolder), {recursive: true, force: true});
  const operationsMarkdown: Record<string, string> = {};
  for (const {operation} of contract.operations()) {
    operationsMarkdown[operation.operationId] = operationMarkdown(contract, operation.operationId, provider.portalUrl);
    write(`${operationMarkdownFolder}/${operation.operationId}.md`, operationsMarkdown[operation.operationId]);
  }
  // The sandbox carries them too, for its MCP server's describe_operation, and the docs pages for its search_guides.
  write(sandboxProgramPath, await sandboxProgram(contractText, projectRoot, {operationsMarkdown, guides: guideMarkdownPages(contract, provider.portalUrl)}));
  const releases = writeChangelog(projectRoot, document as never);
  console.log(`openapi: wrote ${[openApiJsonPath, openApiYamlPath, postmanCollectionPath, registerCsvPath, registerJsonPath, typeDeclarationsPath, sandboxProgramPath, `${operationMarkdownFolder}/`].join(', ')}`);
  console.log(`openapi: wrote ${changelogFolder}/ and static/downloads/releases/ for ${releases.length} release(s)`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
