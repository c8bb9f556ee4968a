/**
 * Reads every YAML file under openapi/ before the bundler does, so a syntax error is reported once,
 * as `file:line:column: what is wrong`, with the line itself. Redocly's bundler reports it too, but as
 * an unresolved `$ref` from each file that points at the broken one, four times over for one schema.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseDocument} from 'yaml';

/** Every YAML file under `folder`, relative to the project, in a stable order. */
export function yamlFilesUnder(projectRoot: string, folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)))
    .sort();
}

export function yamlSyntaxErrors(projectRoot: string, folder = 'openapi'): string[] {
  return yamlFilesUnder(projectRoot, folder).flatMap((file) => {
    const text = readFileSync(path.join(projectRoot, file), 'utf8');
    const [error] = parseDocument(text, {prettyErrors: true}).errors;
    if (!error) return [];
    const [line, column] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [1, 1];
    const what = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    // The line before too: an unclosed bracket or quote is found where the next line starts.
    const lines = text.split('\n');
    const shown = [line - 1, line].filter((number) => number >= 1 && number <= lines.length && (number === line || lines[number - 1].trim() !== ''));
    return [`${file}:${line}:${column}: YAML syntax error: ${what}\n${shown.map((number) => `    ${number} | ${lines[number - 1]}`).join('\n')}`];
  });
}
