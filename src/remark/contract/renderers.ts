/**
 * What each contract component of the docs becomes: plain Markdown (tables, lists, code, links)
 * generated at build time, so it costs no JavaScript in the browser and the offline search indexes it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {Contract, referenceUrl, type Example, type Operation, type Response, type Schema} from './contract';
import {code, inlineCode, inlineMarkdown, jsx, link, list, paragraph, strong, table, text, type Node} from './mdast';
import {downloads, downloadSizes, formatSize} from '../../downloads';
import {ciShellRecipe, githubActionsWorkflow, sandboxFileName, startCommands} from '../../downloads/sandboxRecipes';
import {provider} from '../../settings/provider';
import {openApiJsonPath, sandboxProgramPath} from '../../../scripts/openapi/outputs';
import {notStatedClause, notStatedSentence, statedTypes} from '../../../scripts/openapi/silences';
import type {PortalChoice} from '../../../scripts/openapi/portalChoices';
import {contractIdentity} from '../../../scripts/sandbox/program/contractIdentity';
import {changelogRoute} from '../../../scripts/contract/changelog';
import {releaseStatus} from '../../../scripts/contract/status';
import {usage} from '../../../scripts/sandbox/program/options';
import {maxBodyBytes} from '../../sandbox/engine';
import {magicValues, sandboxPassword} from '../../sandbox/magicValues';

type Props = Record<string, string | undefined>;
export type Renderer = (contract: Contract, props: Props) => Node[];

function required(props: Props, name: string, component: string): string {
  const value = props[name];
  if (!value) {
    throw new Error(`<${component}> needs a "${name}" attribute`);
  }
  return value;
}

/** The schema's name when it is a `$ref` to a named component. */
function refName(schema: Schema): string | undefined {
  return schema.$ref?.split('/').pop();
}

/** Merges `allOf` parts and follows references, keeping the outer description. */
function flatten(contract: Contract, schema: Schema): Schema {
  const resolved = contract.resolve<Schema>(schema);
  if (!resolved.allOf) {
    return {...resolved, description: schema.description ?? resolved.description};
  }
  const parts = resolved.allOf.map((part) => flatten(contract, part));
  return {
    ...resolved,
    type: 'object',
    description: schema.description ?? resolved.description,
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), resolved.properties ?? {}),
    required: [...new Set(parts.flatMap((part) => part.required ?? []).concat(resolved.required ?? []))],
  };
}

function typeLabel(contract: Contract, schema: Schema): string {
  const resolved = flatten(contract, schema);
  if (resolved.type === 'array' && resolved.items) {
    return `array of ${typeLabel(contract, resolved.items)}`;
  }
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (!resolved.type && alternatives) {
    return [...new Set(alternatives.map((alternative) => typeLabel(contract, alternative)))].join(' or ');
  }
  // A field the specification names without a type has none in the contract: say so, not "any".
  const type = Array.isArray(resolved.type) ? resolved.type.filter((t) => t !== 'null').join(' or ') + ' or null' : resolved.type ?? 'not stated';
  return resolved.format && resolved.format !== 'password' ? `${type} (${resolved.format})` : type;
}

/**
 * A bound as the specification writes it: plain digits, no thousands separators, so a date bound
 * reads `20250417`, not `20,250,417`, and `99999999` matches the specification's text.
 */
const number = (value: number) => String(value);

/** The limits of a field, in words, with the exact numbers of the contract. */
function limits(contract: Contract, schema: Schema): Node[] {
  return limitParts(contract, schema).flatMap((part, index) => [...(index ? [text('; ')] : []), ...part]);
}

/** Each limit as its own run of nodes, so an array's item limits can be prefixed one by one. */
function limitParts(contract: Contract, schema: Schema): Node[][] {
  const resolved = flatten(contract, schema);
  const parts: Node[][] = [];
  const {minLength, maxLength, minimum, maximum} = resolved;
  if (maxLength !== undefined) {
    const exact = minLength === maxLength;
    parts.push([text(exact ? `${maxLength} characters` : minLength ? `${minLength} to ${maxLength} characters` : `up to ${maxLength} characters`)]);
  } else if (minLength) {
    parts.push([text(`at least ${minLength} character${minLength > 1 ? 's' : ''}`)]);
  }
  if (minimum !== undefined && maximum !== undefined) {
    parts.push([text(`${number(minimum)} to ${number(maximum)}`)]);
  } else if (maximum !== undefined) {
    parts.push([text(`up to ${number(maximum)}`)]);
  } else if (minimum !== undefined) {
    parts.push([text(`at least ${number(minimum)}`)]);
  }
  if (resolved.pattern) {
    parts.push([text('pattern '), inlineCode(resolved.pattern)]);
  }
  if (resolved.const !== undefined) {
    parts.push([text('always '), inlineCode(String(resolved.const))]);
  }
  if (resolved.enum) {
    const name = refName(contract.resolve<Schema>(schema).$ref ? contract.resolve<Schema>(schema) : schema);
    if (resolved.enum.length <= 6 || !name) {
      parts.push([text('one of '), ...resolved.enum.flatMap((value, index) => [...(index ? [text(', ')] : []), inlineCode(String(value))])]);
    } else {
      parts.push([text(`one of ${resolved.enum.length} values (`), inlineCode(name), text(')')]);
    }
  }
  if (resolved.type === 'array') {
    if (resolved.minItems) {
      parts.push([text(`at least ${resolved.minItems} item${resolved.minItems > 1 ? 's' : ''}`)]);
    }
    if (resolved.items) {
      parts.push(...limitParts(contract, resolved.items).map((part) => [text('each: '), ...part]));
    }
  }
  return parts;
}

/**
 * What the Required column says of a field. The specification marks `required` for a few schemas only
 * ("all required", "optional"); elsewhere it "is not shown" (spec line 98), so a field outside a
 * `required` list is "not stated", not "no". "no" is only for a field the specification calls optional
 * (its description opens with "Optional"), and "yes (reading)" for a `required` list the contract
 * marks as its own reading (`x-not-stated: [required]` on the object).
 */
type Requirement = 'yes' | 'yes (reading)' | 'no' | 'not stated';

const requirementLegend: Partial<Record<Requirement, string>> = {
  'yes (reading)': "“yes (reading)” is this description's reading, as the carrier does not mark the field required",
  'not stated': '“not stated” means the carrier does not say whether the field is required',
};

function requirementOf(object: Schema, name: string, property: Schema, contract: Contract): Requirement {
  if ((object.required ?? []).includes(name)) {
    return object['x-not-stated']?.includes('required') ? 'yes (reading)' : 'yes';
  }
  return /^Optional\b/.test(flatten(contract, property).description ?? '') ? 'no' : 'not stated';
}

/**
 * `typeStated`: the specification gives the field's type (or form), as `statedTypes` lists.
 * `narrowedToInteger`: it says "number" where this description types an integer (tracking dates).
 * `entriesTypedAs`: it says "an array" and this description types the entries (the validation
 * `message`, whose entries are strings in the carrier's examples only).
 */
type FieldRow = {name: string; schema: Schema; required: Requirement; typeStated: boolean; narrowedToInteger: boolean; entriesTypedAs?: string};

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean']);

/** The rows of `schema`'s fields; `owner` is the schema's component name, which `statedTypes` keys on. */
function fieldRows(contract: Contract, schema: Schema, prefix: string, depth: number, owner = refName(schema)): FieldRow[] {
  const object = flatten(contract, schema);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const ownType = refName(property);
    const statedWords = (ownType !== undefined ? statedTypes[ownType] : undefined) ?? statedTypes[`${owner}.${name}`];
    const typeStated = statedWords !== undefined;
    const resolved = flatten(contract, property);
    const narrowedToInteger = typeStated && resolved.type === 'integer' && /\bnumbers?\b/.test(statedWords) && !/\binteger/.test(statedWords);
    const itemType = resolved.type === 'array' && resolved.items ? flatten(contract, resolved.items).type : undefined;
    const entriesTypedAs =
      typeStated && typeof itemType === 'string' && primitiveTypes.has(itemType) && !new RegExp(`\\b${itemType}`).test(statedWords) ? itemType : undefined;
    const row: FieldRow = {name: `${prefix}${name}`, schema: property, required: requirementOf(object, name, property, contract), typeStated, narrowedToInteger, entriesTypedAs};
    if (depth <= 1) {
      return [row];
    }
    if (resolved.properties) {
      return [row, ...fieldRows(contract, property, `${row.name}.`, depth - 1)];
    }
    const items = resolved.type === 'array' && resolved.items ? flatten(contract, resolved.items) : undefined;
    if (items?.properties) {
      return [row, ...fieldRows(contract, resolved.items!, `${row.name}[].`, depth - 1)];
    }
    return [row];
  });
}

/** `a`, `b` and `c`: field names as inline code, joined as a sentence lists them. */
function inlineCodeList(names: readonly string[]): Node[] {
  return names.flatMap((name, index) => [...(index === 0 ? [] : [text(index === names.length - 1 ? ' and ' : ', ')]), inlineCode(name)]);
}

/**
 * The Type column's legend: the specification types few fields, so a table says which of its types are
 * the carrier's and that the others are this description's reading, where the reader meets them.
 */
function typeLegend(rows: FieldRow[]): Node[] {
  const stated = rows.filter((row) => row.typeStated).map((row) => row.name);
  const narrowed = rows.filter((row) => row.narrowedToInteger).map((row) => row.name);
  const words =
    stated.length === 0
      ? [text(': the carrier states none of these types or formats; they are this description\'s reading.')]
      : stated.length === rows.length
        ? [text(': the carrier states the type or format of every field in this table.')]
        : [text(': the carrier states the type or format of '), ...inlineCodeList(stated), text('; the other types are this description\'s reading.')];
  // "integer" where the carrier says "number" is this description's narrowing: say so beside the credit.
  const narrowing =
    narrowed.length === 0
      ? []
      : [text(' The carrier gives '), ...inlineCodeList(narrowed), text(narrowed.length === 1 ? ' as a number; this description types it as an integer.' : ' as numbers; this description types them as integers.')];
  // "an array" where this description also types its entries: the entries' type is the reading.
  const entries = rows
    .filter((row) => row.entriesTypedAs !== undefined)
    .flatMap((row) => [text(' The carrier gives '), inlineCode(row.name), text(` as an array; this description types its entries as ${row.entriesTypedAs}s.`)]);
  return [paragraph(strong(text('Type column')), ...words, ...narrowing, ...entries)];
}

/**
 * A wide table scrolls sideways on a narrow screen. Its scrolling box is a labelled region that
 * takes keyboard focus, so keyboard users can scroll it too (WCAG 2.1.1).
 */
function scrollableTable(label: string, tableNode: Node): Node {
  return jsx('div', {className: 'contract-table', role: 'region', tabIndex: '0', 'aria-label': label}, [tableNode]);
}

/** `<SchemaFields schema="PickupRequest" depth="2" />`: every field with type, required flag and limits. */
const SchemaFields: Renderer = (contract, props) => {
  const name = required(props, 'schema', 'SchemaFields');
  const depth = Number(props.depth ?? 3);
  const rows = fieldRows(contract, contract.schema(name), '', depth, name);
  if (rows.length === 0) {
    throw new Error(`<SchemaFields schema="${name}"> has no fields to show`);
  }
  // The legend travels with the table, so a reader who lands on it from search is not left guessing.
  const legend = [...new Set(rows.map((row) => row.required))].flatMap((requirement) => requirementLegend[requirement] ?? []);
  // A schema whose shape the carrier leaves open says so before its table, not only in a note after it.
  const shapeOpen = contract.schema(name)['x-not-stated']?.includes('shape');
  // Only the schema's own fields are the reading: fields nested under them come from schemas of
  // their own (an agent probill's, which the specification lists), with their own notes.
  const ownFields = Object.keys(flatten(contract, contract.schema(name)).properties ?? {});
  return [
    ...(shapeOpen
      ? [paragraph(strong(text(notStatedSentence.replace(/:$/, ''))), text(': the shape of '), inlineCode(name), text('; its own fields, '), ...inlineCodeList(ownFields), text(", are this description's reading."))]
      : []),
    scrollableTable(`Fields of ${name}`, table(
      ['Field', 'Type', 'Required', 'Limits', 'Description'],
      rows.map((row) => [
        [inlineCode(row.name)],
        [text(typeLabel(contract, row.schema))],
        [text(row.required)],
        limits(contract, row.schema),
        inlineMarkdown(flatten(contract, row.schema).description),
      ]),
    )),
    ...typeLegend(rows),
    ...(legend.length > 0 ? [paragraph(strong(text('Required column')), text(`: ${legend.join('; ')}.`))] : []),
  ];
};

/**
 * One list item per field of `schema` (and the schema itself) whose description has a note. `alreadySaid`
 * is the note of the answer that carries the schema: the bundle step lays the schema's note onto it, so
 * the schema's own item would say it twice.
 */
function schemaNotes(contract: Contract, schema: Schema, prefix: string, depth: number, label: Node[], alreadySaid?: string): Node[][] {
  const own = notStatedClause(flatten(contract, schema).description);
  const items: Node[][] = own && !alreadySaid?.includes(own) ? [[...label, text(': '), ...inlineMarkdown(own)]] : [];
  for (const row of fieldRows(contract, schema, prefix, depth)) {
    const clause = notStatedClause(flatten(contract, row.schema).description);
    if (clause) {
      items.push([inlineCode(row.name), text(': '), ...inlineMarkdown(clause)]);
    }
  }
  return items;
}

/**
 * `<NotStated schema="PickupRequest" />` or `<NotStated operation="reschedulePickup" />`: the
 * contract's own notes on what the carrier leaves open (`Not stated by the carrier: …`), as a note
 * admonition, so a guide never retypes them and cannot drift from the contract. For an operation:
 * its own note, its parameters', its request body's, its own answers' (not the shared 400 and 401)
 * and its success answer's fields. A component that
 * finds no note fails the build: a guide would then promise a note the contract does not hold.
 */
const NotStated: Renderer = (contract, props) => {
  const depth = Number(props.depth ?? 3);
  const items: Node[][] = [];
  if (props.schema) {
    items.push(...schemaNotes(contract, contract.schema(props.schema), '', depth, [inlineCode(props.schema)]));
  }
  if (props.operation) {
    const {operation} = contract.operation(props.operation);
    const detail = operation as Operation & {parameters?: ({$ref: string} | {name: string; description?: string})[]; requestBody?: {content?: Record<string, {schema?: Schema}>}};
    const own = notStatedClause(operation.description);
    if (own) {
      items.push([text('This call: '), ...inlineMarkdown(own)]);
    }
    for (const parameter of (detail.parameters ?? []).map((candidate) => contract.resolve<{name: string; description?: string}>(candidate))) {
      const clause = notStatedClause(parameter.description);
      if (clause) {
        items.push([inlineCode(parameter.name), text(': '), ...inlineMarkdown(clause)]);
      }
    }
    const body = detail.requestBody?.content?.['application/json']?.schema;
    if (body) {
      items.push(...schemaNotes(contract, body, '', depth, [text('The request body')]));
    }
    for (const [status, reference] of Object.entries(operation.responses)) {
      // Shared error answers (400, 401) carry the same note on every call: the errors guide has them.
      if ('$ref' in reference) {
        continue;
      }
      const response = contract.resolve<Response>(reference);
      // A success status the specification does not give is the portal's choice: say so wherever the
      // status is named, not only on /api/ (operations carry it as x-portal-choices).
      const chosen = status.startsWith('2') && (operation as {'x-portal-choices'?: PortalChoice[]})['x-portal-choices']?.includes('success-status');
      const chosenNote = chosen ? ` (the ${status} status is the portal's choice)` : '';
      const responseNote = notStatedClause(response.description);
      if (responseNote) {
        items.push([text(`The ${status} answer${chosenNote}: `), ...inlineMarkdown(responseNote)]);
      }
      const answer = status.startsWith('2') ? response.content?.['application/json']?.schema : undefined;
      if (answer) {
        const label = `The ${status} answer's body${chosenNote}`;
        items.push(...schemaNotes(contract, answer, 'answer.', depth, [text(label)], responseNote));
      }
    }
  }
  if (!props.schema && !props.operation) {
    throw new Error('<NotStated> needs a "schema" or an "operation" attribute');
  }
  if (items.length === 0) {
    throw new Error(`<NotStated ${props.schema ? `schema="${props.schema}"` : `operation="${props.operation}"`}> finds no "${notStatedSentence}" note in the API description`);
  }
  return [jsx('admonition', {type: 'note', title: 'Not stated by the carrier'}, [list(items), paragraph(text('Confirm these with the carrier during onboarding.'))])];
};

/** `<EnumValues schema="ProbillStatus" />`: every allowed value, exactly as the API spells it. */
const EnumValues: Renderer = (contract, props) => {
  const name = required(props, 'schema', 'EnumValues');
  const values = flatten(contract, contract.schema(name)).enum;
  if (!values?.length) {
    throw new Error(`<EnumValues schema="${name}"> is not an enumeration`);
  }
  return [list(values.map((value) => [inlineCode(String(value))]))];
};

function operationOf(contract: Contract, props: Props, component: string) {
  return contract.operation(required(props, 'operation', component));
}

/** `<OperationLink operation="reschedulePickup" />`: `POST /order/pickup/reschedule`, linked to /api/. */
const OperationLink: Renderer = (contract, props) => {
  const {method, path, operation} = operationOf(contract, props, 'OperationLink');
  return [link(referenceUrl(operation), inlineCode(`${method.toUpperCase()} ${path}`))];
};

/** `<CodeSamples operation="reschedulePickup" />`: the contract's curl, JavaScript and Python, in tabs. */
const CodeSamples: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'CodeSamples');
  const samples = operation['x-codeSamples'] ?? [];
  if (samples.length === 0) {
    throw new Error(`operation ${operation.operationId} has no x-codeSamples`);
  }
  const language: Record<string, string> = {shell: 'bash', javascript: 'javascript', python: 'python'};
  return [
    jsx(
      'Tabs',
      {groupId: 'code-language', queryString: 'lang'},
      samples.map((sample) =>
        jsx('TabItem', {value: sample.label.toLowerCase(), label: sample.label}, [code(language[sample.lang] ?? sample.lang, sample.source)]),
      ),
    ),
  ];
};

function examplesOf(contract: Contract, response: Response): Example[] {
  return Object.values(response.content?.['application/json']?.examples ?? {}).map((example) => contract.resolve<Example>(example));
}

/** `<ResponseExample operation="reschedulePickup" />`: the first example of its success answer. */
const ResponseExample: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'ResponseExample');
  const status = props.status ?? Object.keys(operation.responses).find((code) => code.startsWith('2'))!;
  const response = contract.resolve<Response>(operation.responses[status]);
  const [example] = examplesOf(contract, response ?? {description: ''});
  if (!example) {
    throw new Error(`operation ${operation.operationId} has no example for its ${status} answer`);
  }
  // An example's note ("Illustrative values", and what the carrier leaves open) goes above it, as on /api/.
  const caption = example.description ? [paragraph(...inlineMarkdown(example.description))] : [];
  return [...caption, code('json', JSON.stringify(example.value, null, 2))];
};

function messagesOf(example: Example): string[] {
  const message = (example.value as {message?: unknown; error?: unknown}).message ?? (example.value as {error?: unknown}).error;
  return Array.isArray(message) ? message.map(String) : message ? [String(message)] : [];
}

type ErrorRow = {status: string; description: string; messages: string[]; messageNotStated: boolean};

function errorRows(contract: Contract, operation: Operation): ErrorRow[] {
  return Object.entries(operation.responses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, reference]) => {
      const response = contract.resolve<Response>(reference);
      return {
        status,
        description: response.description,
        messages: examplesOf(contract, response).flatMap(messagesOf),
        messageNotStated: response['x-not-stated']?.includes('message') ?? false,
      };
    });
}

/**
 * The example messages of an answer. Where the carrier gives no message for the answer
 * (`x-not-stated: [message]`), the cell says so first: an example there shows a message taken from
 * elsewhere (the generic 400), and in a column headed "Messages" it would read as this call's own.
 */
const messageCell = ({messages, messageNotStated}: Pick<ErrorRow, 'messages' | 'messageNotStated'>): Node[] => {
  const codes = messages.flatMap((message, index) => [...(index ? [text(' · ')] : []), inlineCode(message)]);
  if (messageNotStated) {
    return messages.length ? [text('Not stated by the carrier; the example shows '), ...codes] : [text('Not stated by the carrier')];
  }
  return messages.length ? codes : [text('—')];
};

/** `<ErrorResponses operation="reschedulePickup" />`: the error answers of one call, with their messages. */
const ErrorResponses: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'ErrorResponses');
  const rows = errorRows(contract, operation);
  return [
    scrollableTable(
      `Error answers of ${operation.operationId}`,
      table(['Status', 'When', 'Messages'], rows.map((row) => [[strong(text(row.status))], inlineMarkdown(row.description), messageCell(row)])),
    ),
  ];
};

/** `<ErrorCatalogue />`: the error answers the contract lists for each call, grouped by status and message. */
const ErrorCatalogue: Renderer = (contract) => {
  const groups = new Map<string, ErrorRow & {calls: {method: string; path: string; operation: Operation}[]}>();
  for (const entry of contract.operations()) {
    for (const row of errorRows(contract, entry.operation)) {
      const key = `${row.status}|${row.description}|${row.messages.join('|')}`;
      const group = groups.get(key) ?? {...row, calls: []};
      group.calls.push(entry);
      groups.set(key, group);
    }
  }
  const sorted = [...groups.values()].sort((a, b) => a.status.localeCompare(b.status) || b.calls.length - a.calls.length);
  return [
    scrollableTable('Every error answer of every call', table(
      ['Status', 'Meaning', 'Messages', 'Calls'],
      sorted.map((group) => [
        [strong(text(group.status))],
        inlineMarkdown(group.description),
        messageCell(group),
        group.calls.length === contract.operations().length
          ? [text('every call')]
          : group.calls.flatMap((call, index) => [
              ...(index ? [text(', ')] : []),
              link(referenceUrl(call.operation), inlineCode(`${call.method.toUpperCase()} ${call.path}`)),
            ]),
      ]),
    )),
  ];
};

/** `<OperationSummary operation="…" />`: method, path, whether a token is needed, and where to read more. */
const OperationSummary: Renderer = (contract, props) => {
  const {method, path, operation} = operationOf(contract, props, 'OperationSummary');
  return [
    paragraph(
      strong(text(operation.summary)),
      text(': '),
      link(referenceUrl(operation), inlineCode(`${method.toUpperCase()} ${path}`)),
      text(contract.requiresToken(operation) ? ', with a bearer token.' : ', with no bearer token requirement.'),
    ),
    paragraph(...inlineMarkdown(operation.description.split(/\n\s*\n/)[0])),
  ];
};

/**
 * `<TryIt operation="requestPickup" />`: the button that opens a request console for the call
 * (src/components/TryIt), given the call's summary for its accessible name. An unknown operation
 * fails the build here, not in a reader's browser.
 */
const TryIt: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'TryIt');
  return [jsx('TryIt', {operation: operation.operationId, summary: operation.summary}, [])];
};

/**
 * `<SandboxMagicValues />`: the sandbox's triggers, from the module the sandbox itself reads, so the
 * Test environment page cannot drift from the sandbox.
 */
const SandboxMagicValues: Renderer = (contract) => {
  const operations = contract.operations();
  const callCell = (call: string): Node[] => {
    const [method, path] = call.split(' ');
    const entry = operations.find((candidate) => candidate.method.toUpperCase() === method && candidate.path === path);
    if (!entry) {
      throw new Error(`a sandbox magic value names "${call}", which the API description lacks`);
    }
    return [link(referenceUrl(entry.operation), inlineCode(call))];
  };
  return [
    scrollableTable('Sandbox magic values', table(
      ['Call', 'Field', 'Value', 'What the sandbox answers'],
      magicValues.map((value) => [callCell(value.call), [inlineCode(value.field)], [inlineCode(String(value.value))], inlineMarkdown(value.effect)]),
    )),
  ];
};

/** `<SandboxLimits />`: the sandbox's own constants that an integrator meets. */
const SandboxLimits: Renderer = () => [
  list([
    [text('Password for any account id: '), inlineCode(sandboxPassword)],
    [text(`Largest request body: ${maxBodyBytes.toLocaleString('en-US')} bytes (1 MiB); a larger one answers 400.`)],
  ]),
];

/**
 * `<Downloads />`: the files of src/downloads with their sizes, read at build time; a missing one
 * fails the build. `pathname://` keeps each link a plain link to the served file: Docusaurus would
 * otherwise copy a linked file into its assets under a hashed name, and the paths must stay stable.
 */
const Downloads: Renderer = (contract) => {
  const sizes = downloadSizes(contract.projectRoot);
  const status = releaseStatus(contract.projectRoot, JSON.parse(readFileSync(path.join(contract.projectRoot, openApiJsonPath), 'utf8')));
  const released = status.date ? `, released ${status.date}` : '';
  const which =
    status.unreleasedChanges === 0
      ? [text('These files are version '), strong(text(status.version)), text(` of the contract${released}. `)]
      : [
          text('These files are the contract after version '),
          strong(text(status.version)),
          text(`${released}, with ${status.unreleasedChanges} change${status.unreleasedChanges === 1 ? '' : 's'} that break nothing and that no release lists yet. `),
        ];
  return [
    paragraph(...which, text('Every release, what it changed and its own copy of the description: '), link(changelogRoute, text('Changelog')), text('.')),
    scrollableTable('Downloads', table(
      ['File', 'Size', 'What it is for'],
      downloads.map((download) => [
        [link(`pathname://${download.sitePath}`, text(download.title))],
        [text(formatSize(sizes.get(download.sitePath)!))],
        [text(`${download.use.charAt(0).toUpperCase()}${download.use.slice(1)}.`)],
      ]),
    )),
  ];
};

/**
 * `<SandboxCommands show="…" />`: how to get and start the downloadable sandbox, from the strings the
 * tests run (src/downloads/sandboxRecipes.ts) and the program's own `--help`.
 * - `download`: a link to the file with its size;
 * - `start`: download and start in a terminal;
 * - `help`, `version`: what `--help` and `--version` print for the contract this site serves;
 * - `ci-shell`, `github-actions`: the CI recipes.
 */
const SandboxCommands: Renderer = (contract, props) => {
  const show = required(props, 'show', 'SandboxCommands');
  const label = () => contractIdentity(readFileSync(path.join(contract.projectRoot, openApiJsonPath), 'utf8')).label;
  const codeBlock = (lang: string, value: string, title?: string): Node => ({type: 'code', lang, meta: title ? `title="${title}"` : null, value: value.trimEnd()});
  switch (show) {
    case 'download': {
      const sitePath = sandboxProgramPath.slice('static'.length);
      const size = downloadSizes(contract.projectRoot).get(sitePath)!;
      return [paragraph(text('Download '), link(`pathname://${sitePath}`, inlineCode(sandboxFileName)), text(` (${formatSize(size)}), or from a terminal:`))];
    }
    case 'start':
      return [codeBlock('bash', startCommands(provider.portalUrl))];
    case 'help':
      return [codeBlock('text', `$ node ${sandboxFileName} --help\n${usage(`node ${sandboxFileName}`, label())}`)];
    case 'version':
      return [codeBlock('text', `$ node ${sandboxFileName} --version\ncarrier-sandbox ${label()}`)];
    case 'ci-shell':
      return [codeBlock('bash', ciShellRecipe(provider.portalUrl), 'run-with-sandbox.sh')];
    case 'github-actions':
      return [codeBlock('yaml', githubActionsWorkflow(provider.portalUrl), '.github/workflows/carrier-sandbox.yml')];
    default:
      throw new Error(`<SandboxCommands show="${show}">: show is one of download, start, help, version, ci-shell, github-actions`);
  }
};

export const renderers: Record<string, Renderer> = {
  Downloads,
  NotStated,
  SandboxCommands,
  SandboxMagicValues,
  SandboxLimits,
  SchemaFields,
  EnumValues,
  OperationLink,
  OperationSummary,
  CodeSamples,
  ResponseExample,
  ErrorResponses,
  ErrorCatalogue,
  TryIt,
};
