/**
 * What the specification says is data in the contract: every bound, enumeration and `required` list
 * in `openapi/` carries its own citation, in the YAML, on the node that holds it (a citation on the
 * schema does not cover the keywords of its fields):
 *
 * ```yaml
 * dyelot:
 *   type: string
 *   maxLength: 15
 *   x-spec: '5: "dyelot 15"'                      # the section, then the specification's words
 * ```
 *
 * The forms of `x-spec` (parseCitation):
 * - `'5: "dyelot 15"'`, `'3 and 9: "state (max 2)"'`: the specification's section(s) and its exact
 *   words, optionally followed by how they are read (`'3: "times in HHMMSS" as numbers: 000000 to 235959'`);
 * - `'carrier <answer>: "…"'`: the carrier's written answer to an open question, recorded in
 *   `openapi/carrier-answers.yaml` under that id, and shown as the carrier's answer;
 * - `'assumed'` or `'assumed: <why>'`: the portal's assumption. The node, or the schema file it
 *   sits in, must then say what is open with `x-not-stated` (`bounds`, `values` or `required`), so the
 *   register explains it once;
 * - `"3, Pickup request"`: the section and entity a schema or an operation comes from. It cites no
 *   keyword.
 *
 * citationProblems() checks every YAML file of the contract: a keyword without its citation, a
 * citation whose words the specification (or the recorded answer) does not contain, and a value the
 * citation does not give. Each problem names the file, the line, the key and the line to add.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document as YamlDocument, type YAMLMap} from 'yaml';

import {withMarker} from './openQuestions/rows';
import {yamlFilesUnder} from './yamlSyntax';

/** The keywords that bound a value: each is a fact the specification must give, or an assumption. */
export const boundKeywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** Which aspect of `x-not-stated` marks each kind of keyword as the portal's assumption. */
const aspectOfKind = {bounds: 'bounds', enum: 'values', required: 'required'} as const;
type Kind = keyof typeof aspectOfKind;

export type Citation =
  | {kind: 'specification'; sections: string[]; quote: string; reading: string}
  | {kind: 'carrier'; answer: string; quote: string; reading: string}
  | {kind: 'assumed'; reading: string}
  | {kind: 'section'; sections: string[]};

const specificationForm = /^([3-9](?:(?:, | and )[3-9])*): "([^"]+)"(.*)$/s;
const carrierForm = /^carrier ([\w-]+): "([^"]+)"(.*)$/s;
const assumedForm = /^assumed(?::\s*(.*))?$/s;
const sectionForm = /^([3-9]), \S.*$/;

/** The citation an `x-spec` value makes, or undefined when it is none of the forms above. */
export function parseCitation(value: unknown): Citation | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let match = specificationForm.exec(text);
  if (match) return {kind: 'specification', sections: match[1].split(/, | and /), quote: match[2], reading: match[3].trim()};
  match = carrierForm.exec(text);
  if (match) return {kind: 'carrier', answer: match[1], quote: match[2], reading: match[3].trim()};
  match = assumedForm.exec(text);
  if (match) return {kind: 'assumed', reading: (match[1] ?? '').trim()};
  match = sectionForm.exec(text);
  if (match) return {kind: 'section', sections: [match[1]]};
  return undefined;
}

/** True when the citation states the keywords of its node: the specification's words or the carrier's. */
export const citesKeywords = (citation: Citation | undefined): citation is Extract<Citation, {quote: string}> => citation?.kind === 'specification' || citation?.kind === 'carrier';

/**
 * The JSON types (or, for dates and times, the forms) the specification states, by schema
 * (`ProbillNumber`) or by `Schema.property`, each with its words: read from the contract, where each
 * such node cites them (`x-spec-type: '3: "transitDays (integer)"'`, checked against the
 * specification like every citation, above). Every other type in the contract is its reading of
 * the field's name, limits and examples, and the API introduction says so once.
 */
export function statedTypes(schemas: Record<string, {'x-spec-type'?: unknown; properties?: Record<string, {'x-spec-type'?: unknown}>}>): Record<string, string> {
  const quoted = (value: unknown) => {
    const citation = parseCitation(value);
    return citesKeywords(citation) ? citation.quote : undefined;
  };
  const stated: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const own = quoted(schema['x-spec-type']);
    if (own) stated[name] = own;
    for (const [property, field] of Object.entries(schema.properties ?? {})) {
      const words = quoted(field['x-spec-type']);
      if (words) stated[`${name}.${property}`] = words;
    }
  }
  return stated;
}

/** Text as the checks compare it: no Markdown emphasis or code marks, one space between words, `…` for any run. */
const plain = (text: string) => text.replace(/\*\*|`/g, '').replace(/\s+/g, ' ').trim();

/** True when `quote` is in `text`, an ellipsis in the quote standing for any words left out. */
export function quotedIn(quote: string, text: string): boolean {
  const pattern = plain(quote)
    .split('…')
    .map((part) => part.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*?');
  return new RegExp(pattern, 's').test(plain(text));
}

/** The specification's sections by number (`## 5. Validation rules` → `5`), or undefined where the specification is absent. */
export type SpecificationText = ReadonlyMap<string, string>;

export function readSpecification(file: string): SpecificationText | undefined {
  if (!existsSync(file)) return undefined;
  const sections = new Map<string, string>();
  let current = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^## (\d+)\./.exec(line);
    if (heading) current = heading[1];
    if (current) sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
  }
  return sections;
}

/** Where the specification is looked for: beside the project, as the repository's own checks find it. */
export const specificationFile = (projectRoot: string) => path.resolve(projectRoot, '../shared/spec/portal-spec.md');

/** The carrier's written answers a citation may name: `openapi/carrier-answers.yaml`. */
export type CarrierAnswer = {id: string; date: string; from: string; text: string};
export const carrierAnswersFile = 'openapi/carrier-answers.yaml';

export function readCarrierAnswers(projectRoot: string): CarrierAnswer[] {
  const file = path.join(projectRoot, carrierAnswersFile);
  if (!existsSync(file)) return [];
  const data = (parseDocument(readFileSync(file, 'utf8')).toJS() ?? {}) as {answers?: Record<string, Omit<CarrierAnswer, 'id'>>};
  return Object.entries(data.answers ?? {}).map(([id, answer]) => ({id, date: String(answer.date), from: String(answer.from), text: String(answer.text)}));
}

export type CitationProblem = {file: string; line: number; key: string; message: string; fix: string};

/** `file:line: key: message` then the fix, indented: what a writer reads in the terminal. */
export const formatCitationProblem = ({file, line, key, message, fix}: CitationProblem) => `${file}:${line}: ${key}: ${message}.\n    ${fix}`;

/** A node that needs a citation: its bound values (`15`) and its listed ones (enum values, required names) apart. */
type Found = {node: YAMLMap; key: string; kinds: Kind[]; bounds: string[]; listed: string[]};

const valueOf = (node: YAMLMap, key: string): unknown => {
  const item = node.get(key, true);
  return isScalar(item) ? item.value : item;
};

/** The keywords of one node that need a citation, with the values the citation must give. */
function needs(node: YAMLMap): Pick<Found, 'kinds' | 'bounds' | 'listed'> {
  const items = (key: string) => {
    const list = node.get(key, true);
    return isSeq(list) ? list.items.map((item) => String(isScalar(item) ? item.value : item)) : undefined;
  };
  const bounds = boundKeywords.filter((keyword) => node.has(keyword)).map((keyword) => String(valueOf(node, keyword)));
  const enumeration = items('enum');
  const required = items('required');
  const kinds: Kind[] = [...(bounds.length ? (['bounds'] as const) : []), ...(enumeration ? (['enum'] as const) : []), ...(required?.length ? (['required'] as const) : [])];
  return {kinds, bounds, listed: [...(enumeration ?? []), ...(required ?? [])]};
}

/** Every schema-like map of a YAML file, with its key path: properties, items, parts, parameters' schemas. */
function* schemaNodes(node: unknown, key: string): Generator<Found> {
  if (!isMap(node)) return;
  const {kinds, bounds, listed} = needs(node);
  if (kinds.length) yield {node, key, kinds, bounds, listed};
  const properties = node.get('properties', true);
  if (isMap(properties)) {
    for (const pair of properties.items) {
      yield* schemaNodes(pair.value, `${key ? `${key}.` : ''}properties.${String(isScalar(pair.key) ? pair.key.value : pair.key)}`);
    }
  }
  for (const child of ['items', 'schema', 'additionalProperties']) {
    yield* schemaNodes(node.get(child, true), `${key ? `${key}.` : ''}${child}`);
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    const parts = node.get(combinator, true);
    if (isSeq(parts)) {
      for (const [index, part] of parts.items.entries()) yield* schemaNodes(part, `${key ? `${key}.` : ''}${combinator}[${index}]`);
    }
  }
}

/** A paths file holds operations: their parameters, request bodies and answers hold the schemas. */
function* pathNodes(root: unknown): Generator<Found> {
  if (!isMap(root)) return;
  const visit = function* (node: unknown, key: string): Generator<Found> {
    if (isMap(node)) {
      if (node.has('type') || node.has('properties') || node.has('enum') || node.has('allOf')) {
        yield* schemaNodes(node, key);
        return;
      }
      for (const pair of node.items) yield* visit(pair.value, `${key ? `${key}.` : ''}${String(isScalar(pair.key) ? pair.key.value : pair.key)}`);
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) yield* visit(item, `${key}[${index}]`);
    }
  };
  yield* visit(root, '');
}

const notStated = (node: unknown): string[] => {
  if (!isMap(node)) return [];
  const list = node.get('x-not-stated', true);
  return isSeq(list) ? list.items.map((item) => String(isScalar(item) ? item.value : item)) : [];
};

/** The contract's YAML files that hold schemas and calls: not the released snapshots, not the carrier's answers. */
function contractYamlFiles(projectRoot: string): string[] {
  return yamlFilesUnder(projectRoot, 'openapi').filter((file) => !file.startsWith(`openapi${path.sep}releases${path.sep}`) && file !== carrierAnswersFile);
}

/** For each file, the files whose `$ref` points at it. */
function referringFiles(texts: ReadonlyMap<string, string>): Map<string, string[]> {
  const referrers = new Map<string, string[]>();
  for (const [file, text] of texts) {
    for (const [, target] of text.matchAll(/\$ref:\s*['"]?([^'"\s#]+)/g)) {
      const resolved = path.join(path.dirname(file), target);
      referrers.set(resolved, [...(referrers.get(resolved) ?? []), file]);
    }
  }
  return referrers;
}

/** What a keyword of each kind is called in a message. */
const kindWords: Record<Kind, string> = {bounds: 'limit', enum: 'allowed values', required: 'required list'};

/** `maxLength 10`, `enum [a, b, c, …]`, `required [id, pw]`: the keywords as the writer wrote them. */
function keywordsOf(found: Found): string {
  const list = (key: string) => {
    const items = (found.node.get(key, true) as unknown as {items: unknown[]}).items.map((item) => String(isScalar(item) ? item.value : item));
    return `${key} [${items.slice(0, 4).join(', ')}${items.length > 4 ? ', …' : ''}]`;
  };
  return [
    ...boundKeywords.filter((keyword) => found.node.has(keyword)).map((keyword) => `${keyword} ${String(valueOf(found.node, keyword))}`),
    ...(found.kinds.includes('enum') ? [list('enum')] : []),
    ...(found.kinds.includes('required') ? [list('required')] : []),
  ].join(', ');
}

/** The values of a node its citation does not give: each bound in the cited words; each listed value there or in the cited source. */
function unsupportedValues(found: Found, citation: Extract<Citation, {quote: string}>, sourceText: string): string[] {
  const cited = plain(`${citation.quote} ${citation.reading}`);
  const source = plain(sourceText);
  // A long list (the probill statuses) is cited by its lead-in; its values are then found in the cited section.
  return [...found.bounds.filter((value) => !cited.includes(value)), ...found.listed.filter((value) => !cited.includes(value) && !source.includes(value))];
}

/**
 * Every keyword of the contract without a citation that holds: the refusal `contract:check` and the
 * release print, and the quick check. `specification` is undefined where the specification is absent:
 * the citations' form is checked, not their words.
 */
export function citationProblems(projectRoot: string, specification: SpecificationText | undefined = readSpecification(specificationFile(projectRoot))): CitationProblem[] {
  const answers = new Map(readCarrierAnswers(projectRoot).map((answer) => [answer.id, answer]));
  // Each file read and parsed once: a schema's marks are read again for every file that uses it.
  const texts = new Map(contractYamlFiles(projectRoot).map((file) => [file, readFileSync(path.join(projectRoot, file), 'utf8')]));
  const parsed = new Map([...texts].map(([file, text]) => {
    const lineCounter = new LineCounter();
    return [file, {document: parseDocument(text, {lineCounter}) as YamlDocument, lineCounter}];
  }));
  const referrers = referringFiles(texts);
  // What the schema in a file, or one that uses it, marks as open: the pickup request marks the limits
  // it borrows from the BOL plus pickup for its items too.
  const holderMarks = (file: string) => [file, ...(referrers.get(file) ?? [])].flatMap((holder) => notStated(parsed.get(holder)?.document.contents));
  const problems: CitationProblem[] = [];

  /** The source a quoting citation names, checked: undefined when it holds the words, or where there is no source to read. */
  const quoteProblem = (citation: Extract<Citation, {quote: string}>, file: string, line: number, key: string): {problem?: CitationProblem; source?: string} => {
    if (citation.kind === 'carrier') {
      const answer = answers.get(citation.answer);
      if (!answer) {
        return {problem: {file, line, key, message: `cites the carrier's answer "${citation.answer}", which ${carrierAnswersFile} does not hold`, fix: `record the answer in ${carrierAnswersFile} (date, from, text), or correct the id.`}};
      }
      return quotedIn(citation.quote, answer.text)
        ? {source: answer.text}
        : {problem: {file, line, key, message: `cites "${citation.quote}", which the carrier's answer ${citation.answer} does not say`, fix: `copy the words exactly from the carrier's answer ${citation.answer} (an ellipsis … may stand for words left out).`}};
    }
    if (!specification) return {}; // No specification here: the form is all that can be checked.
    const source = citation.sections.map((section) => specification.get(section) ?? '').join('\n');
    const sourceName = `section ${citation.sections.join(' and ')} of the specification`;
    return quotedIn(citation.quote, source)
      ? {source}
      : {problem: {file, line, key, message: `cites "${citation.quote}", which ${sourceName} does not say`, fix: `copy the words exactly from ${sourceName} (an ellipsis … may stand for words left out), or cite the section that says them.`}};
  };

  for (const [file, {document, lineCounter}] of parsed) {
    if (document.errors.length) continue; // The bundle's YAML check reports it, with its line.
    const root = document.contents;
    const isPathFile = file.startsWith(`openapi${path.sep}paths${path.sep}`) || file === path.join('openapi', 'openapi.yaml');
    const nodes = isPathFile ? [...pathNodes(root)] : [...schemaNodes(root, '')];
    const parameter = isMap(root) && root.has('in') ? root : undefined;
    // The nodes whose x-spec is judged below; every other x-spec of the file is checked after them.
    const judged = new Set<unknown>();
    for (const found of nodes) {
      const line = lineCounter.linePos(found.node.range?.[0] ?? 0).line;
      const where = found.key || path.basename(file).replace(/\.ya?ml$/, '');
      // A parameter's schema is cited by the parameter, whose words it carries.
      const citing = found.node.has('x-spec') ? found.node : found.key === 'schema' ? parameter : undefined;
      const citation = citing ? parseCitation(valueOf(citing, 'x-spec')) : undefined;
      judged.add(citing);
      const aspects = found.kinds.map((kind) => aspectOfKind[kind]);
      if (!citation || citation.kind === 'section') {
        if (aspects.every((aspect) => notStated(found.node).includes(aspect))) continue; // Its own x-not-stated says what is open: the register's row explains it.
        const name = found.key.split('.').pop() ?? '';
        const indent = ' '.repeat(lineCounter.linePos(found.node.range?.[0] ?? 0).col - 1);
        problems.push({
          file,
          line: citation ? line : found.key ? lineOfKey(texts.get(file)!, found.node, lineCounter) : 1,
          key: where,
          message: `${keywordsOf(found)} ${found.kinds.length > 1 || found.kinds[0] !== 'bounds' ? 'have' : 'has'} no source`,
          fix: [
            citation
              ? `Replace its x-spec (line ${citationLine(found.node, lineCounter) ?? line}) with the section and the specification's exact words:`
              : `Add ${afterKeywords(found, lineCounter, line, name)}, the section and the specification's exact words:`,
            `    ${indent}x-spec: '<section>: "<the specification's words>"'`,
            aspects.every((aspect) => holderMarks(file).includes(aspect))
              ? `or, where the specification is silent: \`x-spec: assumed\` (this schema's x-not-stated already lists ${aspects.join(', ')}).`
              : `or, where the specification is silent: \`x-spec: assumed\` with \`x-not-stated: [${aspects.join(', ')}]\` and an \`x-open\` question (openapi/README.md).`,
          ].join('\n    '),
        });
        continue;
      }
      if (citation.kind === 'assumed') {
        const unmarked = aspects.filter((aspect) => !notStated(found.node).includes(aspect) && !holderMarks(file).includes(aspect));
        if (unmarked.length) {
          problems.push({
            file,
            line,
            key: where,
            message: `\`x-spec: assumed\`, but neither it, its schema nor a schema that uses it says what is open`,
            fix: `add \`x-not-stated: [${unmarked.join(', ')}]\` and an \`x-open\` question to it, at line ${line}, so the register explains the assumption once.`,
          });
        }
        continue;
      }
      const {problem, source} = quoteProblem(citation, file, line, where);
      if (problem) {
        problems.push(problem);
        continue;
      }
      const missing = source === undefined ? [] : unsupportedValues(found, citation, source);
      if (missing.length) {
        const sourceName = citation.kind === 'carrier' ? `the carrier's answer ${citation.answer}` : `section ${citation.sections.join(' and ')} of the specification`;
        const words = found.kinds.map((kind) => kindWords[kind]).join(', ');
        problems.push({file, line, key: where, message: `its ${words} give${found.kinds.length === 1 && found.kinds[0] === 'bounds' ? 's' : ''} ${missing.join(', ')}, which the citation "${citation.quote}" does not`, fix: `make the value what ${sourceName} says, or cite the words that give it.`});
      }
    }
    // Every other citation in the file (an answer's stated status, a stated type) must quote its source too.
    visit(document, {
      Map(_, node) {
        const nodeLine = lineCounter.linePos(node.range?.[0] ?? 0).line;
        const citation = judged.has(node) ? undefined : parseCitation(valueOf(node, 'x-spec'));
        if (citesKeywords(citation)) {
          const {problem} = quoteProblem(citation, file, nodeLine, 'x-spec');
          if (problem) problems.push(problem);
        }
        // A type the specification gives: its words, never an assumption (an assumed type is x-not-stated: [type]).
        if (node.has('x-spec-type')) {
          const typeCitation = parseCitation(valueOf(node, 'x-spec-type'));
          if (!citesKeywords(typeCitation)) {
            problems.push({
              file,
              line: nodeLine,
              key: 'x-spec-type',
              message: `"${String(valueOf(node, 'x-spec-type'))}" is not the specification's section and words`,
              fix: `write it as x-spec-type: '<section>: "<the specification's words>"'; where the specification gives no type, remove it and add \`x-not-stated: [type]\` with an \`x-open\` question.`,
            });
          } else {
            const {problem} = quoteProblem(typeCitation, file, nodeLine, 'x-spec-type');
            if (problem) problems.push(problem);
          }
        }
      },
    });
  }
  return problems;
}

/** The line of a node's own `x-spec`, if it has one. */
function citationLine(node: YAMLMap, lineCounter: LineCounter): number | undefined {
  const pair = node.items.find((item) => isScalar(item.key) && item.key.value === 'x-spec');
  return pair && isScalar(pair.key) ? lineCounter.linePos(pair.key.range?.[0] ?? 0).line : undefined;
}

/** Where the citation goes: after the limit it cites (`after line 34, \`maxLength: 10\``), or at the node's first line. */
function afterKeywords(found: Found, lineCounter: LineCounter, firstLine: number, name: string): string {
  const pairs = found.node.items.filter((item) => isScalar(item.key) && (boundKeywords as readonly unknown[]).includes(item.key.value));
  const last = pairs.at(-1);
  if (!last || !isScalar(last.key) || found.kinds.some((kind) => kind !== 'bounds')) {
    return `at line ${firstLine}${name ? `, under \`${name}:\`` : ''}`;
  }
  const line = lineCounter.linePos(last.key.range?.[0] ?? 0).line;
  return `after line ${line} (\`${String(last.key.value)}: ${String(isScalar(last.value) ? last.value.value : last.value)}\`)${name ? ` of \`${name}:\`` : ''}`;
}

/** The line of the key that holds `node` (`dockNumber:`), where the writer adds the citation under it. */
function lineOfKey(text: string, node: YAMLMap, lineCounter: LineCounter): number {
  const start = node.range?.[0] ?? 0;
  const nodeLine = lineCounter.linePos(start).line;
  // A block map starts on the line after its key; the key's line is the one before.
  return text.slice(0, start).endsWith('\n') || /^\s*$/.test(text.split('\n')[nodeLine - 1].slice(0, lineCounter.linePos(start).col - 1)) ? Math.max(1, nodeLine - 1) : nodeLine;
}

/**
 * Gives each node that cites the carrier's written answer a short note after its description,
 * "*Carrier's answer of 2027-01-15.*": the fact is the carrier's, given outside the specification, and
 * the guides and /api/ show it with the same words (the guides render the description as it is).
 */
export function markCarrierAnswers(document: unknown, answers: readonly CarrierAnswer[]): void {
  const dates = new Map(answers.map((answer) => [answer.id, answer.date]));
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const citation = parseCitation(record['x-spec']);
    if (citation?.kind === 'carrier') {
      // Written as the open questions' markers are: after the description's own words, in italics.
      record.description = withMarker(record.description, `Carrier's answer of ${dates.get(citation.answer) ?? citation.answer}.`);
    }
    Object.values(record).forEach(visit);
  };
  visit(document);
}
