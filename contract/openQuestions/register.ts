/** The register: the API-wide choices, every marked silence and the pages' own questions, as the register page and its CSV and JSON downloads give them. */
import path from 'node:path';

import {pageQuestions} from '../pageQuestions';
import {apiWideQuestions} from '../portalChoices';
import {openQuestions, sandboxBehaviour, type Document, type OpenQuestion} from './rows';

// The register's route lives with the rows, which browser code (the Try it console) imports without Node's modules.
export {registerRoute} from './rows';
export const registerCsvPath = 'static/downloads/open-questions.csv';
export const registerJsonPath = 'static/downloads/open-questions.json';

const docsFolder = path.resolve(__dirname, '../../docs');

/** Where the register's API-wide rows live: the introduction of /api/, which states them. */
export const acrossTheApi = 'across the API';

/**
 * The register: the choices made across the API first (they are asked once, not per call), then every
 * marked silence of the contract (`openQuestions`).
 */
export function registerRows(document: Document, marked: readonly OpenQuestion[] = openQuestions(document)): OpenQuestion[] {
  const apiWide = apiWideQuestions(document as never).map(({id, field, aspects, question, assumed, spec}): OpenQuestion => ({id, home: acrossTheApi, field, aspects, question, assumed, spec}));
  const onPages = pageQuestions(docsFolder).map(({id, page, title, question, assumed, sandbox, spec}): OpenQuestion => ({id, home: `page ${page}`, field: title, aspects: [], question, ...(assumed ? {assumed} : {}), ...(sandbox ? {sandbox} : {}), spec}));
  return [...apiWide, ...marked, ...onPages];
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The register as CSV (RFC 4180), one row per open question, for a spreadsheet or the carrier's team. */
export function registerCsv(rows: readonly OpenQuestion[]): string {
  const header = ['id', 'home', 'field', 'aspects', 'question', 'portal_assumption', 'sandbox', 'spec_section'];
  const lines = rows.map((found) =>
    [found.id, found.home, found.field, found.aspects.join(' '), found.question, found.assumed ?? '', sandboxBehaviour(found) ?? '', found.spec].map(csvCell).join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** The register as JSON, with the contract version it was read from. */
export function registerJson(rows: readonly OpenQuestion[], contractVersion: string): string {
  const withSandbox = rows.map((row) => {
    const sandbox = sandboxBehaviour(row);
    return sandbox ? {...row, sandbox} : row;
  });
  return `${JSON.stringify({contractVersion, count: rows.length, openQuestions: withSandbox}, null, 2)}\n`;
}
