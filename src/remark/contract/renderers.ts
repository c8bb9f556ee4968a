/**
 * What each contract component of the docs becomes: plain Markdown (tables, lists, code, links)
 * generated at build time, so it costs no JavaScript in the browser and the offline search indexes it.
 */

import {Contract, guideCodeSamples, referenceUrl, type Example, type Operation, type Response, type Schema} from './contract';
import {code, inlineCode, inlineMarkdown, jsx, link, list, paragraph, strong, table, text, type Node} from './mdast';
import {downloads, downloadSizes, formatSize} from '../../downloads';
import {ciShellRecipe, githubActionsWorkflow, sandboxFileName, startCommands} from '../../downloads/sandboxRecipes';
import {provider} from '../../settings/provider';
import {sandboxProgramPath} from '../../../contract/outputs';
import {acrossTheApi, callOpenQuestions, registerCsvPath, registerRows, registerJsonPath, registerRoute, anchorOf, sandboxBehaviour, type OpenQuestion} from '../../../contract/openQuestions';
import type {PortalChoice} from '../../../contract/portalChoices';
import {contractIdentity} from '../../../sandbox/program/contractIdentity';
import {changelogRoute} from '../../../contract/releases/changelog';
import {releaseStatus} from '../../../contract/releases/status';
import {usage} from '../../../sandbox/program/options';
import {maxBodyBytes} from '../../../sandbox/engine/engine';
import {magicValues, sandboxPassword} from '../../../sandbox/engine/magicValues';

type Props = Record<string, string | undefined>;

/**
 * What the components of one page have rendered so far: a page says each open question once (the
 * first call that reaches it lists it; later calls point back), explains the Required marks once and
 * links the register once.
 */
export type PageState = {
  readonly openQuestionsShown: Map<string, {anchor: string; title: string}>;
  requiredExplained: boolean;
  registerLinked: boolean;
  /** The depth of the last heading before the component: a block's own heading goes one level under it. */
  headingDepth: number;
  /**
   * Leave the downloads' sizes out. The guides' Markdown that travels inside the sandbox file is
   * rendered before that file exists (src/plugins/llmsTxt/guideMarkdown.ts), and could not state its own size.
   */
  withoutFileSizes?: boolean;
};

export const newPageState = (options: Pick<PageState, 'withoutFileSizes'> = {}): PageState => ({openQuestionsShown: new Map(), requiredExplained: false, registerLinked: false, headingDepth: 1, ...options});

/**
 * A heading with its anchor set here: this plugin runs after Docusaurus gives headings their ids and
 * fills the table of contents, so these stay out of it (a call's Open questions would otherwise
 * crowd the page's contents), and the theme's heading still registers the anchor for link checks.
 */
function anchoredHeading(depth: number, id: string, ...children: Node[]): Node {
  return {type: 'heading', depth: Math.min(depth, 6), data: {hProperties: {id}}, children};
}

export type Renderer = (contract: Contract, props: Props, page: PageState) => Node[];

/** The short marker the bundle step adds to a marked description for /api/; a guide lists the question in its block instead. */
const openMarker = /\s*\*\[?(Open|Portal assumption): [^*]*\*/g;

/** A description as a guide shows it: the carrier's words, without the /api/ marker. */
function guideDescription(description: string | undefined): string | undefined {
  return description?.replace(openMarker, '').trim();
}

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
 * What a field list says of a field's presence. The specification marks `required` for a few schemas only
 * ("all required", "optional"); elsewhere it "is not shown" (spec line 98), so a field says nothing
 * unless the carrier does: `required` in a `required` list, `optional` where its description opens
 * with "Optional", as the specification calls it. A `required` list the contract fills itself
 * (`x-not-stated: [required]` on the object) is the portal's assumption, and labelled so.
 */
type Requirement = 'required' | 'required (portal assumption)' | 'optional' | undefined;

function requirementOf(object: Schema, name: string, property: Schema, contract: Contract): Requirement {
  if ((object.required ?? []).includes(name)) {
    return object['x-not-stated']?.includes('required') ? 'required (portal assumption)' : 'required';
  }
  return /^Optional\b/.test(flatten(contract, property).description ?? '') ? 'optional' : undefined;
}

type FieldRow = {name: string; schema: Schema; required: Requirement};


/**
 * What the portal assumes for the limits of an object's fields, when the object marks them as not
 * stated (the pickup request borrows the BOL plus pickup's). A field's own shared schema does not
 * count: the probill number's range is stated on some calls and assumed on others, and the API
 * introduction says that once.
 */
function assumedBounds(contract: Contract, schema: Schema): string | undefined {
  const resolved = contract.resolve<Schema>(schema);
  return resolved['x-not-stated']?.includes('bounds') && (resolved.properties || resolved.allOf) ? resolved['x-open']?.assumed : undefined;
}

/** The rows of `schema`'s fields, `depth` levels down. */
function fieldRows(contract: Contract, schema: Schema, prefix: string, depth: number): FieldRow[] {
  const object = flatten(contract, schema);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const resolved = flatten(contract, property);
    const row: FieldRow = {name: `${prefix}${name}`, schema: property, required: requirementOf(object, name, property, contract)};
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
 * A wide table scrolls sideways on a narrow screen. Its scrolling box is a labelled region that
 * takes keyboard focus, so keyboard users can scroll it too (WCAG 2.1.1).
 */
function scrollableTable(label: string, tableNode: Node): Node {
  return jsx('div', {className: 'contract-table', role: 'region', tabIndex: '0', 'aria-label': label}, [tableNode]);
}

/** The one visual marker of what this portal assumes, in the guides as on /api/ (its words are the label). */
function assumptionTag(): Node {
  return jsx('span', {className: 'portal-assumption'}, [text('Portal assumption')]);
}

/**
 * A description that ends on the limit the facts line already shows ("City, up to 25 characters.")
 * loses that ending in the field list: the limit is read once, beside its type, where a tag can say
 * that the portal assumes it.
 */
function withoutRepeatedBound(description: string | undefined, bounds: Node[]): string | undefined {
  const shown = bounds.length === 1 && bounds[0].type === 'text' ? String(bounds[0].value) : undefined;
  if (!description || !shown) {
    return description;
  }
  const ending = `, ${shown}.`;
  return description.endsWith(ending) ? `${description.slice(0, -ending.length)}.` : description;
}

/**
 * `<SchemaFields schema="PickupRequest" depth="2" />`: every field as one entry of a list, in the
 * manner of Stripe's and GitHub's references: name, type, limits and presence on one line, the
 * carrier's description under it. A list wraps at any width, where a five-column table made readers
 * scroll sideways at 1280 px. What a field leaves open is not repeated here: the call's Open
 * questions block says it once.
 */
const SchemaFields: Renderer = (contract, props, page) => {
  const name = required(props, 'schema', 'SchemaFields');
  const depth = Number(props.depth ?? 3);
  const rows = fieldRows(contract, contract.schema(name), '', depth);
  if (rows.length === 0) {
    throw new Error(`<SchemaFields schema="${name}"> has no fields to show`);
  }
  const items = rows.map((row) => {
    const facts: Node[] = [text(typeLabel(contract, row.schema))];
    const bounds = limits(contract, row.schema);
    if (bounds.length > 0) {
      facts.push(text(' · '), ...bounds);
    }
    // No mark where the carrier does not say: the page says once what that means.
    if (row.required === 'optional') {
      facts.push(text(' · optional'));
    } else if (row.required) {
      facts.push(text(' · '), strong(text('required')));
      if (row.required === 'required (portal assumption)') {
        facts.push(text(' '), assumptionTag());
      }
    }
    const description = withoutRepeatedBound(guideDescription(flatten(contract, row.schema).description), bounds);
    return [
      jsx('div', {className: 'field-list__head'}, [paragraph(inlineCode(row.name), text(' '), jsx('span', {className: 'field-list__facts'}, facts))]),
      ...(description ? [paragraph(...inlineMarkdown(description))] : []),
    ];
  });
  const explain = !page.requiredExplained;
  page.requiredExplained = true;
  // Borrowed limits are said once, above the list, not as a tag on every field.
  const borrowed = assumedBounds(contract, contract.schema(name));
  return [
    ...(borrowed ? [paragraph(assumptionTag(), text(' for the limits and values below: '), ...inlineMarkdown(borrowed), text('.'))] : []),
    jsx('div', {className: 'field-list', role: 'group', 'aria-label': `Fields of ${name}`}, [
      {type: 'list', ordered: false, spread: false, children: items.map((children) => ({type: 'listItem', spread: false, children}))},
    ]),
    ...(explain
      ? [paragraph(text('A field is marked '), strong(text('required')), text(' or '), text('optional'), text(' only where the carrier says so, unless a tag beside the mark names it as this portal\'s; a field with neither mark may be either.'))]
      : []),
  ];
};

/** Where a call's row of an open question shows its field: the body's root reads "request body". */
function fieldLabel(field: string): Node[] {
  return [inlineCode(field === '' ? 'request body' : field)];
}

function sandboxCell(row: OpenQuestion): Node[] {
  return inlineMarkdown(sandboxBehaviour(row) ?? '—');
}

/**
 * `<OpenQuestions operation="requestPickup" />`: what the carrier leaves open for this call, once, as a
 * compact table after the call's facts: the field, what is open, what this portal assumes and what the
 * sandbox does. A question an earlier call of the page already listed is not listed again: one line
 * points back to it. Every row also stands in the register (`<OpenQuestionsRegister />`).
 */
const OpenQuestions: Renderer = (contract, props, page) => {
  const {operation} = operationOf(contract, props, 'OpenQuestions');
  const reached = callOpenQuestions(contract.raw as never, operation.operationId);
  const anchor = `open-questions-${anchorOf(operation.operationId)}`;
  // Two homes can leave the same point open for one field (a property and the schema it refers to):
  // the block shows it once.
  const said = new Set<string>();
  const fresh = reached.filter(({row, field}) => {
    const key = `${field}|${row.question}|${row.assumed ?? ''}`;
    const first = !page.openQuestionsShown.has(row.id) && !said.has(key);
    said.add(key);
    return first;
  });
  const earlier = reached.filter(({row}) => page.openQuestionsShown.has(row.id));
  for (const {row} of reached) {
    if (!page.openQuestionsShown.has(row.id)) {
      page.openQuestionsShown.set(row.id, {anchor, title: operation.summary});
    }
  }
  const blocks: Node[] = [anchoredHeading(page.headingDepth + 1, anchor, text(`Open questions: ${operation.summary}`))];
  if (reached.length === 0) {
    blocks.push(paragraph(text('None: the carrier states everything this call takes and answers.')));
  }
  if (fresh.length > 0) {
    blocks.push(
      scrollableTable(
        `Open questions of ${operation.summary}`,
        table(
          ['Field', 'Open', 'Portal assumption', 'Sandbox'],
          fresh.map(({row, field}) => [fieldLabel(field), inlineMarkdown(row.question), row.assumed ? inlineMarkdown(row.assumed) : [text('—')], sandboxCell(row)]),
        ),
      ),
    );
  }
  // Grouped by the call that listed them first, so the line names each place once.
  const byPlace = new Map<string, {title: string; fields: string[]}>();
  for (const {row, field} of earlier) {
    const place = page.openQuestionsShown.get(row.id)!;
    const group = byPlace.get(place.anchor) ?? {title: place.title, fields: []};
    group.fields.push(field === '' ? 'request body' : field);
    byPlace.set(place.anchor, group);
  }
  for (const [placeAnchor, group] of byPlace) {
    blocks.push(paragraph(text('Also '), ...inlineCodeList([...new Set(group.fields)]), text(': as under '), link(`#${placeAnchor}`, text(group.title)), text('.')));
  }
  if (!page.registerLinked) {
    page.registerLinked = true;
    blocks.push(paragraph(text('Every question of the API: '), link(registerRoute, text('Open questions for the carrier')), text('.')));
  }
  return [jsx('div', {className: 'open-questions'}, blocks)];
};

/** The introduction's section that states the choices made across the API (`## Portal assumptions` in openapi.yaml). */
const apiWideAssumptionsUrl = '/api/#section/Portal-assumptions';

/** Which part of the contract a row's home is, for the register's groups. */
function registerGroup(row: OpenQuestion): string {
  if (row.home === acrossTheApi) {
    return 'Across the API';
  }
  if (row.home.startsWith('page ')) {
    return 'Outside the contract';
  }
  if (/^(GET|POST|PUT|PATCH|DELETE) /.test(row.home)) {
    return 'Calls';
  }
  if (row.home.startsWith('schema ')) {
    return 'Schemas';
  }
  if (row.home.startsWith('parameter ')) {
    return 'Query parameters';
  }
  return row.home.startsWith('response ') ? 'Shared answers' : 'Servers';
}

/**
 * `<OpenQuestionsRegister />`: every open question of the contract, once, grouped by where it lives,
 * each row with an anchor that /api/'s markers link to; and the CSV and JSON downloads of the same rows.
 */
const OpenQuestionsRegister: Renderer = (contract) => {
  const rows = registerRows(contract.raw as never);
  const groups = new Map<string, OpenQuestion[]>();
  for (const row of rows) {
    groups.set(registerGroup(row), [...(groups.get(registerGroup(row)) ?? []), row]);
  }
  const order = ['Across the API', 'Calls', 'Query parameters', 'Schemas', 'Shared answers', 'Servers', 'Outside the contract'];
  const homeCell = (row: OpenQuestion): Node[] => {
    if (row.home === acrossTheApi) {
      // Stated once, in the introduction of /api/, which every call's label stands for.
      return [jsx('RowAnchor', {id: row.id}, []), link(apiWideAssumptionsUrl, text(row.field))];
    }
    if (row.home.startsWith('page ')) {
      // A question of a page the contract cannot hold (SOAP, EDI, the test environment): its page says it.
      return [jsx('RowAnchor', {id: row.id}, []), link(row.home.slice('page '.length), text(row.field))];
    }
    const where = row.home.replace(/^(schema|parameter|response) /, '');
    const operation = contract.operations().find((entry) => `${entry.method.toUpperCase()} ${entry.path}` === row.home);
    const label = operation ? link(referenceUrl(operation.operation), inlineCode(row.home)) : inlineCode(where);
    return [jsx('RowAnchor', {id: row.id}, []), label, ...(row.field ? [text(' '), inlineCode(row.field)] : [])];
  };
  return [
    paragraph(
      text(`${rows.length} open questions. Download them as `),
      link(`pathname://${registerCsvPath.slice('static'.length)}`, text('CSV')),
      text(' or '),
      link(`pathname://${registerJsonPath.slice('static'.length)}`, text('JSON')),
      text('.'),
    ),
    ...order
      .filter((group) => groups.has(group))
      .flatMap((group) => [
        anchoredHeading(2, anchorOf(group), text(`${group} (${groups.get(group)!.length})`)),
        scrollableTable(
          `Open questions: ${group}`,
          table(
            ['Where', 'Open', 'Portal assumption', 'Sandbox', 'Spec'],
            groups.get(group)!.map((row) => [homeCell(row), inlineMarkdown(row.question), row.assumed ? inlineMarkdown(row.assumed) : [text('—')], sandboxCell(row), [text(row.spec.split(',')[0] ? `§${row.spec.split(',')[0]}` : '—')]]),
          ),
        ),
      ]),
  ];
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

/**
 * `<CodeSamples operation="reschedulePickup" />`: the contract's curl, JavaScript and Python, in tabs.
 * Only the tab shown is rendered (`lazy`): the others' highlighted code was two thirds of a guide's
 * elements (agents guide: 6,112 elements, 3,315 without them; its HTML 219 KB against 118 KB), built
 * and hydrated on every load for a tab most readers never open. A hidden tab could not be read
 * without script before either; the Markdown of the page takes every sample from the contract.
 */
const CodeSamples: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'CodeSamples');
  return [
    jsx(
      'Tabs',
      {groupId: 'code-language', queryString: 'lang', lazy: true},
      guideCodeSamples(operation).map((sample) => jsx('TabItem', {value: sample.label.toLowerCase(), label: sample.label}, [code(sample.language, sample.source)])),
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

type ErrorRow = {status: string; description: string; messages: string[]; messageNotStated: boolean; tiedByPortal: boolean};

/**
 * The catalogue (section 8) gives its 400 messages without a call. Where the contract ties an error
 * answer to a call on the portal's reading (`x-not-stated: [behaviour]` with an `assumed` reading:
 * the generic 400 on every call with a query or body, a catalogue message on the calls whose field it
 * names), the row's status carries the tag, once for the answer and its messages.
 */
function errorRows(contract: Contract, operation: Operation): ErrorRow[] {
  return Object.entries(operation.responses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, reference]) => {
      const response = contract.resolve<Response>(reference);
      const examples = Object.values(response.content?.['application/json']?.examples ?? {});
      return {
        status,
        description: response.description,
        messages: examples.flatMap((example) => messagesOf(contract.resolve<Example>(example))),
        messageNotStated: response['x-not-stated']?.includes('message') ?? false,
        tiedByPortal: Boolean(response['x-not-stated']?.includes('behaviour') && response['x-open']?.assumed),
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
    return messages.length ? [text('not stated; example: '), ...codes] : [text('not stated')];
  }
  return messages.length ? codes : [text('—')];
};

/** The Status cell: the status, tagged when the portal ties the answer to the call. */
const statusCell = ({status, tiedByPortal}: Pick<ErrorRow, 'status' | 'tiedByPortal'>): Node[] => [strong(text(status)), ...(tiedByPortal ? [text(' '), assumptionTag()] : [])];

/** `<ErrorResponses operation="reschedulePickup" />`: the error answers of one call, with their messages. */
const ErrorResponses: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'ErrorResponses');
  const rows = errorRows(contract, operation);
  return [
    scrollableTable(
      `Error answers of ${operation.operationId}`,
      table(['Status', 'When', 'Messages'], rows.map((row) => [statusCell(row), inlineMarkdown(guideDescription(row.description)), messageCell(row)])),
    ),
  ];
};

/** `<ErrorCatalogue />`: the error answers the contract lists for each call, grouped by status and message. */
const ErrorCatalogue: Renderer = (contract) => {
  const groups = new Map<string, ErrorRow & {calls: {method: string; path: string; operation: Operation}[]}>();
  for (const entry of contract.operations()) {
    for (const row of errorRows(contract, entry.operation)) {
      const key = `${row.status}|${row.tiedByPortal}|${row.description}|${row.messages.join('|')}`;
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
        statusCell(group),
        inlineMarkdown(guideDescription(group.description)),
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

const statusTexts: Record<string, string> = {'200': 'OK', '201': 'Created'};

/**
 * The success answer in one line: its status and the names of its body's top-level fields
 * ("201 Created → `{ result, pickupNumber }`"), labelled when the status is the portal's assumption.
 */
function successLine(contract: Contract, operation: Operation): Node[] {
  const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
  if (!status) {
    return [];
  }
  const response = contract.resolve<Response>(operation.responses[status]);
  const schema = response.content?.['application/json']?.schema;
  const fields = schema ? Object.keys(flatten(contract, schema).properties ?? {}) : [];
  const shape = !schema ? [text(' → no body stated')] : fields.length > 0 ? [text(' → '), inlineCode(`{ ${fields.join(', ')} }`)] : [text(' → '), inlineCode(typeLabel(contract, schema))];
  const chosen = (operation as {'x-portal-choices'?: PortalChoice[]})['x-portal-choices']?.includes('success-status');
  return [paragraph(text('Answers '), strong(text(`${status} ${statusTexts[status] ?? ''}`.trim())), ...(chosen ? [text(' '), assumptionTag()] : []), ...shape)];
}

/**
 * `<OperationSummary operation="…" />`: a call's facts first: what it does, `METHOD /path` linked to
 * /api/ with its token requirement, and its success answer.
 */
const OperationSummary: Renderer = (contract, props) => {
  const {method, path, operation} = operationOf(contract, props, 'OperationSummary');
  return [
    paragraph(...inlineMarkdown(guideDescription(operation.description.split(/\n\s*\n/)[0]))),
    paragraph(
      link(referenceUrl(operation), inlineCode(`${method.toUpperCase()} ${path}`)),
      text(contract.requiresToken(operation) ? ', with a bearer token.' : ', with no bearer requirement.'),
    ),
    ...queryLine(contract, operation),
    ...successLine(contract, operation),
  ];
};

/**
 * The query parameters a call takes, by name, so a reader need not open /api/ to learn what to send.
 * Their presence is the portal's reading (the carrier lists them without saying), hence one tag.
 */
function queryLine(contract: Contract, operation: Operation): Node[] {
  const parameters = ((operation as {parameters?: unknown[]}).parameters ?? []).map((parameter) => contract.resolve<{name: string; in: string; required?: boolean}>(parameter as never)).filter((parameter) => parameter.in === 'query');
  if (parameters.length === 0) {
    return [];
  }
  const names = parameters.flatMap((parameter, index) => [...(index > 0 ? [text(', ')] : []), inlineCode(parameter.name), ...(parameter.required && !parameters.every((other) => other.required) ? [text(' (required)')] : [])]);
  const presence = parameters.every((parameter) => parameter.required) ? [text(parameters.length === 1 ? ', required ' : ', each required '), assumptionTag()] : parameters.some((parameter) => parameter.required) ? [text(' '), assumptionTag()] : [];
  return [paragraph(text(parameters.length === 1 ? 'Query parameter: ' : 'Query parameters: '), ...names, ...presence)];
}

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
    [text(`Largest request body: ${maxBodyBytes.toLocaleString('en-US')} bytes (1 MiB); a larger one answers 400, the sandbox's choice: HTTP has 413 for it, a status the contract does not list.`)],
  ]),
];

/**
 * `<Downloads />`: the files of src/downloads with their sizes, read at build time; a missing one
 * fails the build. `pathname://` keeps each link a plain link to the served file: Docusaurus would
 * otherwise copy a linked file into its assets under a hashed name, and the paths must stay stable.
 */
const Downloads: Renderer = (contract, _props, page) => {
  const sizes = page.withoutFileSizes ? undefined : downloadSizes(contract.outputRoot);
  const status = releaseStatus(contract.projectRoot, contract.raw as never);
  const released = status.date ? `, released ${status.date}` : '';
  // Documentation edits (wording, examples, markers) change no request or answer: the files are still
  // that version for an integrator's code. Only changes to the contract's shape are counted here.
  const which =
    status.unreleasedChanges === 0
      ? [text('These files are version '), strong(text(status.version)), text(` of the contract${released}${status.documentationEdits > 0 ? ', with its documentation edited since' : ''}. `)]
      : [
          text('These files are the contract after version '),
          strong(text(status.version)),
          text(`${released}, with ${status.unreleasedChanges} API change${status.unreleasedChanges === 1 ? '' : 's'} that break nothing and that no release lists yet. `),
        ];
  return [
    paragraph(...which, text('Every release, what it changed and its own copy of the description: '), link(changelogRoute, text('Changelog')), text('.')),
    scrollableTable('Downloads', table(
      ['File', ...(sizes ? ['Size'] : []), 'What it is for'],
      downloads.map((download) => [
        [link(`pathname://${download.sitePath}`, text(download.title))],
        ...(sizes ? [[text(formatSize(sizes.get(download.sitePath)!))]] : []),
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
const SandboxCommands: Renderer = (contract, props, page) => {
  const show = required(props, 'show', 'SandboxCommands');
  const label = () => contractIdentity(contract.servedText).label;
  const codeBlock = (lang: string, value: string, title?: string): Node => ({type: 'code', lang, meta: title ? `title="${title}"` : null, value: value.trimEnd()});
  // A command that downloads from this site: the browser puts the page's own origin in (PortalOriginCode).
  const siteCommand = (lang: string, value: string, title?: string): Node =>
    jsx('PortalOriginCode', {language: lang, code: value.trimEnd(), ...(title ? {title} : {})}, []);
  switch (show) {
    case 'download': {
      const sitePath = sandboxProgramPath.slice('static'.length);
      const size = page.withoutFileSizes ? '' : ` (${formatSize(downloadSizes(contract.outputRoot).get(sitePath)!)})`;
      return [paragraph(text('Download '), link(`pathname://${sitePath}`, inlineCode(sandboxFileName)), text(`${size}, or from a terminal:`))];
    }
    case 'start':
      return [siteCommand('bash', startCommands(provider.portalUrl))];
    case 'help':
      return [codeBlock('text', `$ node ${sandboxFileName} --help\n${usage(`node ${sandboxFileName}`, label())}`)];
    case 'version':
      return [codeBlock('text', `$ node ${sandboxFileName} --version\ncarrier-sandbox ${label()}`)];
    case 'ci-shell':
      return [siteCommand('bash', ciShellRecipe(provider.portalUrl), 'run-with-sandbox.sh')];
    case 'github-actions':
      return [siteCommand('yaml', githubActionsWorkflow(provider.portalUrl), '.github/workflows/carrier-sandbox.yml')];
    default:
      throw new Error(`<SandboxCommands show="${show}">: show is one of download, start, help, version, ci-shell, github-actions`);
  }
};

export const renderers: Record<string, Renderer> = {
  Downloads,
  OpenQuestions,
  OpenQuestionsRegister,
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
