/**
 * Publishes the contract into one command's output folder (contract/outputs.ts): the description as
 * JSON and YAML, the Postman collection, the TypeScript types, the register of open questions (CSV and
 * JSON), each call as Markdown, the sandbox program that carries all of it, and from
 * `openapi/releases/` the Changelog's posts and each release's download.
 *
 * Everything is made in memory first, from one bundle (contract/bundle.ts), so the files of one publish
 * never mix two versions of the contract. Then only the files whose bytes changed are written, what a
 * removed release left behind is deleted, and the stamp goes last: the preview's pages depend on the
 * stamp alone, so they are compiled again once, after the whole publish, and a file that did not
 * change keeps its time (the dev server's watchers and the bundler's cache see nothing).
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {stringify} from 'yaml';

import {bundleContract} from '../../../contract/bundle';
import {codeSamplesFolder, codeSamplesPath, openApiJsonPath, openApiYamlPath, outputFolder, outputRoot, postmanCollectionPath, publishedStampPath, sandboxProgramPath, typeDeclarationsPath, type OutputTarget} from '../../../contract/outputs';
import {acrossTheApi, registerCsv, registerCsvPath, registerJson, registerJsonPath, registerRoute, registerRows} from '../../../contract/openQuestions';
import {postmanCollection} from '../../../contract/postman';
import {changelogFiles, changelogFolder} from '../../../contract/releases/changelog';
import {typeDeclarations} from '../../../contract/types';
import {sandboxProgram} from '../../../sandbox/buildDownload';
import {provider} from '../../settings/provider';
import {Contract} from '../../remark/contract/contract';
import {writtenSamplesByLanguage} from '../../../contract/codeSamples';
import {guideMarkdownPages} from '../llmsTxt/guideMarkdown';
import {operationMarkdown, operationMarkdownFolder} from '../llmsTxt/operationMarkdown';

export type Published = {
  target: OutputTarget;
  /** The contract's `info.version`, and how many releases the Changelog has. */
  version: string;
  releases: number;
  /** Paths within the output folder that this publish wrote because their bytes changed. */
  changed: string[];
  ms: number;
};

/** The folders a publish owns whole: a file in them that this publish did not make is removed. */
const ownedFolders = [changelogFolder, 'static/downloads', 'static/api', codeSamplesFolder];

/** Every file of the output folder below `folder` (all of it with '.'), as paths relative to `root`. */
export function filesUnder(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Writes `files` under `root`, each only when its bytes differ; removes the owned files not among them. */
function syncFiles(root: string, files: ReadonlyMap<string, string | Buffer>): string[] {
  const changed: string[] = [];
  for (const [file, content] of files) {
    const full = path.join(root, file);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    if (existsSync(full) && readFileSync(full).equals(bytes)) continue;
    mkdirSync(path.dirname(full), {recursive: true});
    writeFileSync(full, bytes);
    changed.push(file);
  }
  for (const file of ownedFolders.flatMap((folder) => filesUnder(root, folder))) {
    if (!files.has(file)) {
      rmSync(path.join(root, file));
      changed.push(file);
    }
  }
  return changed;
}

/** Makes every output of the contract in memory, by path within an output folder. */
async function outputFiles(projectRoot: string, target: OutputTarget): Promise<{files: Map<string, string | Buffer>; version: string; releases: number}> {
  const {document, text, openRows, marked} = await bundleContract(projectRoot);
  const version = String((document.info as {version?: string}).version);
  const files = new Map<string, string | Buffer>();
  files.set(openApiJsonPath, text);
  // Written so that YAML 1.1 readers (PyYAML, many generators) read it as YAML 1.2 ones do: quoted, `12:00` stays
  // a string rather than the sexagesimal 720, and `2025-04-21` a string rather than a date.
  files.set(openApiYamlPath, stringify(document, {lineWidth: 0, version: '1.1'}));
  files.set(postmanCollectionPath, `${JSON.stringify(await postmanCollection(document as never), null, 2)}\n`);
  const register = registerRows(marked as never, openRows);
  files.set(registerCsvPath, registerCsv(register));
  files.set(registerJsonPath, registerJson(register, version));
  files.set(typeDeclarationsPath, await typeDeclarations(document, provider.portalUrl));
  for (const [lang, sources] of Object.entries(writtenSamplesByLanguage(document as never))) {
    files.set(codeSamplesPath(lang), `${JSON.stringify(sources)}\n`);
  }
  // Each call as Markdown (/api/operations/<operationId>.md), rendered as the guides render it.
  const contract = Contract.fromDocument(document, text, projectRoot, target);
  const operationsMarkdown: Record<string, string> = {};
  for (const {operation} of contract.operations()) {
    operationsMarkdown[operation.operationId] = operationMarkdown(contract, operation.operationId, provider.portalUrl);
    files.set(`${operationMarkdownFolder}/${operation.operationId}.md`, operationsMarkdown[operation.operationId]);
  }
  // The sandbox carries them too, for its MCP server's describe_operation, and the docs pages for its search_guides.
  files.set(sandboxProgramPath, await sandboxProgram(text, projectRoot, {
    operationsMarkdown,
    guides: guideMarkdownPages(contract, provider.portalUrl),
    // The go-live report links each question to the register, and names the API-wide ones once.
    registerUrl: `${provider.portalUrl}${registerRoute}`,
    apiWide: register.filter((row) => row.home === acrossTheApi).map(({id, question, assumed}) => ({id, question, ...(assumed ? {assumed} : {})})),
  }));
  const changelog = changelogFiles(projectRoot, document as never);
  for (const [file, content] of changelog.files) files.set(file, content);
  return {files, version, releases: changelog.releases.length};
}

/**
 * Publishes the contract of `projectRoot` into the output folder of `target`. Throws, naming the file,
 * when openapi/ cannot be bundled; the folder is then left as the last good publish wrote it.
 */
export async function publishContract(projectRoot: string, target: OutputTarget): Promise<Published> {
  const started = Date.now();
  const {files, version, releases} = await outputFiles(projectRoot, target);
  const root = outputRoot(projectRoot, target);
  const changed = syncFiles(root, files);
  const hash = createHash('sha256');
  for (const file of [...files.keys()].sort()) hash.update(file).update('\0').update(files.get(file)!);
  const stamp = `${hash.digest('hex')}\n`;
  const stampFile = path.join(root, publishedStampPath);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
    writeFileSync(stampFile, stamp);
  }
  return {target, version, releases, changed, ms: Date.now() - started};
}

/** One line for the terminal: what was published where, and how long it took. */
export function publishedLine(published: Published): string {
  const what = published.changed.length === 0 ? 'nothing changed' : `${published.changed.length} file(s) changed`;
  return `contract ${published.version}: published into ${outputFolder(published.target)}/ in ${(published.ms / 1000).toFixed(1)} s (${what}; ${published.releases} release(s) in the Changelog)`;
}
