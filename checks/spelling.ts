/**
 * `npm run spellcheck`: checks the spelling of the docs (docs/**\/*.mdx) and of every description,
 * summary and title of the served contract (openapi.json as the build published it) with cspell and the project's
 * settings (cspell.config.yaml). Prints one line per unknown word and exits 1 if there is any.
 * scripts/docs/spellcheckCommand.ts is the command; tests/unit/spelling.spec.ts runs the same check in `npm test`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

import {docsPages} from '../contract/docsPages';
import {stringsOf} from '../contract/documentStrings';
import {openApiJsonPath, publishedFile} from '../contract/outputs';

export const projectRoot = path.resolve(__dirname, '..');

export type Misspelling = {where: string; word: string; context: string};

type Text = {where: string; uri: string; text: string};

/** Spell-checks texts as Markdown; `uri` only places them in the project, for cspell's settings. */
export async function misspellings(texts: Text[]): Promise<Misspelling[]> {
  // cspell-lib is an ES module; this file runs as CommonJS under tsx and Playwright.
  const {spellCheckDocument} = await import('cspell-lib');
  const found: Misspelling[] = [];
  for (const {where, uri, text} of texts) {
    const result = await spellCheckDocument({uri, text, languageId: 'markdown'}, {noConfigSearch: false}, {});
    if (result.errors?.length) {
      throw new Error(`cspell could not check ${where}: ${result.errors.map((error) => error.message).join('; ')}`);
    }
    for (const issue of result.issues) {
      const lineNumber = text.slice(0, issue.offset).split('\n').length;
      found.push({where: uri.endsWith('.mdx') ? `${where}:${lineNumber}` : where, word: issue.text, context: issue.line.text.trim()});
    }
  }
  return found;
}

export function docsTexts(root = projectRoot): Text[] {
  return docsPages(path.join(root, 'docs')).map((file) => ({where: path.relative(root, file), uri: pathToFileURL(file).href, text: readFileSync(file, 'utf8')}));
}

/** The contract's prose: as the build published it, or the `document` given (the quick check's bundle in memory). */
export function servedContractTexts(root = projectRoot, document: unknown = JSON.parse(readFileSync(publishedFile(root, openApiJsonPath), 'utf8'))): Text[] {
  const uri = pathToFileURL(path.join(root, 'openapi', 'descriptions.md')).href;
  // Schema properties named `description` or `title` hold objects, not prose, so they yield no string here.
  return stringsOf(document)
    .filter(({key}) => key === 'description' || key === 'summary' || key === 'title')
    .map(({where, text}) => ({where: `${openApiJsonPath} ${where}`, uri, text}));
}
