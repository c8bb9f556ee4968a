/** The open questions read from the contract: each marked silence as a row at its home, and the rows one call reaches. */
import {notStatedAspects, type NotStatedAspect} from '../silences';

// The words of a mark, which the guides' component also reads, are in a file of their own.
export {aspectLabel, markAspects, markerText, markLabel, markLinkSuffix, markName} from './markWords';

/** The register page's route: every row's anchor is on it. */
export const registerRoute = '/docs/guides/open-questions';

/**
 * A node's open question (`x-open`). `stated-in` names the request or answer schemas whose calls the
 * specification does give the node's limits or values for (the reschedule's times, the BOL's time zone
 * offset): their field lists show those as the carrier's, with no mark; every other call's, as assumed.
 * `after`, on a call: the words of its description that the question bends ("A plan it refuses
 * answers `result` false with its `error`."); the call's mark goes right after them, on /api/ and in
 * the guide's summary of the call, so that it does not seem to cover the facts the carrier states.
 * `label`, on a call, an answer or an error body: what its mark names in place of the aspects ("Open: probills it
 * cannot track", "Portal assumption: which calls"): a call's "behaviour" or "meaning" beside a rule
 * the carrier states read as if it covered that rule.
 * `assumes`: the aspects `assumed` answers, where it answers only some of them (`limit`'s "page size, an
 * optional integer" answers its meaning, type and required-ness, not its range or default): the mark
 * names those as the portal's and the rest as open ("Portal assumption: type; Open: format").
 * `aspect-labels`: what the mark calls an aspect where its general name says more than is open or
 * assumed (a numeric date's `type: integer`, section 3 giving "numbers"); each mark on one fact still
 * names only its own aspects, where a `label` would name the whole question on every fact.
 */
export type OpenMarker = {question: string; assumed?: string; sandbox?: string; 'stated-in'?: string[]; after?: string; label?: string; assumes?: NotStatedAspect[]; 'aspect-labels'?: Partial<Record<NotStatedAspect, string>>};

export type OpenQuestion = {
  /** Stable anchor of the row on the register page, derived from its home. */
  readonly id: string;
  /** What holds the silence: `schema PickupWindow`, `parameter probillNumber`, `POST /order/pickup/cancel`… */
  readonly home: string;
  /** The field inside that home (`timeZoneOffset`, `items[].weight`), or empty for the home itself. */
  readonly field: string;
  readonly aspects: readonly NotStatedAspect[];
  readonly question: string;
  readonly assumed?: string;
  readonly sandbox?: string;
  /** The schemas whose calls the specification gives the limits or values for (`x-open.stated-in`). */
  readonly statedIn?: readonly string[];
  /** A call's words its mark follows (`x-open.after`). */
  readonly after?: string;
  /** What a call's or an answer's mark names in place of its aspects (`x-open.label`). */
  readonly label?: string;
  /** The aspects `assumed` answers, where it answers only some (`x-open.assumes`); else all of them. */
  readonly assumes?: readonly NotStatedAspect[];
  /** What the marks call some of the aspects (`x-open.aspect-labels`). */
  readonly aspectLabels?: Readonly<Partial<Record<NotStatedAspect, string>>>;
  /** The specification's section for the home (its `x-spec`). */
  readonly spec: string;
};

export type Node = Record<string, unknown> & {$ref?: string; 'x-not-stated'?: NotStatedAspect[]; 'x-open'?: OpenMarker; 'x-spec'?: string};
export type Document = {
  servers?: Node[];
  paths: Record<string, Record<string, Node>>;
  components: Record<string, Record<string, Node>>;
};

export const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** `pickupwindow-timezoneoffset`: lowercase, every run of other characters one hyphen. */
export function anchorOf(...parts: string[]): string {
  return parts
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The marker of a node: throws, naming the node, when `x-not-stated` and `x-open` do not come together. */
function markerOf(node: Node, where: string): OpenMarker | undefined {
  const aspects = node['x-not-stated'];
  const open = node['x-open'];
  if (aspects === undefined && open === undefined) {
    return undefined;
  }
  if (!Array.isArray(aspects) || aspects.length === 0 || aspects.some((aspect) => !(aspect in notStatedAspects))) {
    throw new Error(`${where}: x-not-stated must list aspects from ${Object.keys(notStatedAspects).join(', ')} (found ${JSON.stringify(aspects)})`);
  }
  if (!open || typeof open.question !== 'string' || open.question.trim() === '') {
    throw new Error(`${where}: x-not-stated needs an x-open with a question (what the carrier leaves open)`);
  }
  const labelled = Object.keys(open['aspect-labels'] ?? {});
  if (labelled.some((aspect) => !aspects.includes(aspect as NotStatedAspect))) {
    throw new Error(`${where}: x-open.aspect-labels names aspects of x-not-stated's ${JSON.stringify(aspects)} only (found ${JSON.stringify(labelled)})`);
  }
  if (open.assumes !== undefined) {
    const strays = Array.isArray(open.assumes) ? open.assumes.filter((aspect) => !aspects.includes(aspect)) : [open.assumes];
    if (!open.assumed || !Array.isArray(open.assumes) || open.assumes.length === 0 || strays.length > 0) {
      throw new Error(`${where}: x-open.assumes lists the aspects its x-open.assumed answers, some of x-not-stated's ${JSON.stringify(aspects)} (found ${JSON.stringify(open.assumes)}${open.assumed ? '' : ', with no assumed'})`);
    }
  }
  return open;
}

/** Which node of the document each row was read from: the bundle step marks it for /api/. */
export const nodeOfRow = new WeakMap<OpenQuestion, Node>();

function row(home: string, field: string, node: Node, spec: string): OpenQuestion | undefined {
  const open = markerOf(node, field ? `${home} ${field}` : home);
  if (!open) {
    return undefined;
  }
  const found: OpenQuestion = {
    id: anchorOf(home.replace(/^(schema|response|parameter) /, ''), field.replace(/\[\]/g, '')),
    home,
    field,
    aspects: node['x-not-stated']!,
    question: open.question.trim(),
    ...(open.assumed ? {assumed: open.assumed.trim()} : {}),
    ...(open.sandbox ? {sandbox: open.sandbox.trim()} : {}),
    ...(open['stated-in'] ? {statedIn: open['stated-in']} : {}),
    ...(open.after ? {after: open.after} : {}),
    ...(open.label ? {label: open.label.trim()} : {}),
    ...(open.assumes ? {assumes: open.assumes} : {}),
    ...(open['aspect-labels'] ? {aspectLabels: open['aspect-labels']} : {}),
    spec,
  };
  nodeOfRow.set(found, node);
  return found;
}

/** A row with another anchor, still read from the same node. */
function withId(found: OpenQuestion, id: string): OpenQuestion {
  const moved = {...found, id};
  nodeOfRow.set(moved, nodeOfRow.get(found)!);
  return moved;
}

/** The marked nodes inside a schema that is not a `$ref`: properties, items and the parts of a combination. */
function* schemaRows(schema: Node, home: string, prefix: string, spec: string): Generator<OpenQuestion> {
  if (!schema || typeof schema !== 'object' || schema.$ref) {
    return;
  }
  const own = row(home, prefix.replace(/\.$/, ''), schema, spec);
  if (own) {
    yield own;
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
    yield* schemaPropertyRows(property, home, `${prefix}${name}`, spec);
  }
  if (schema.items) {
    yield* schemaRows(schema.items as Node, home, prefix ? `${prefix.replace(/\.$/, '')}[].` : '[].', spec);
  }
  for (const part of [schema.allOf, schema.anyOf, schema.oneOf].flat().filter(Boolean) as Node[]) {
    yield* schemaRows(part, home, prefix, spec);
  }
}

/** A property: its own marker (a `$ref` beside its own note still has a home here), then what it nests. */
function* schemaPropertyRows(property: Node, home: string, field: string, spec: string): Generator<OpenQuestion> {
  if (property.$ref) {
    const own = row(home, field, property, spec);
    if (own) {
      yield own;
    }
    return;
  }
  yield* schemaRows(property, home, `${field}.`, spec);
}

/** `METHOD /path` and `x-spec` of every call whose parameters include `reference`, in path order. */
function callsTaking(document: Document, reference: string): {call: string; spec: string}[] {
  return Object.entries(document.paths).flatMap(([pathName, item]) =>
    methods
      .filter((method) => ((item[method]?.parameters ?? []) as Node[]).some((parameter) => parameter.$ref === reference))
      .map((method) => ({call: `${method.toUpperCase()} ${pathName}`, spec: (item[method]['x-spec'] as string) ?? ''})),
  );
}

/**
 * Every row of the contract, once, in a stable order: the schemas, the parameters and the shared
 * answers of `components`, then the calls (their own note, inline parameters, request bodies and
 * answers), in path order.
 */
export function openQuestions(document: Document): OpenQuestion[] {
  const rows: OpenQuestion[] = [];
  for (const server of document.servers ?? []) {
    const own = row('servers', String(server.description ?? server.url).split(/[.:]/)[0], server, '7, the production base or a /testing base');
    rows.push(...(own ? [own] : []));
  }
  for (const [name, schema] of Object.entries(document.components.schemas ?? {})) {
    rows.push(...schemaRows(schema, `schema ${name}`, '', (schema['x-spec'] as string) ?? ''));
  }
  for (const [name, parameter] of Object.entries(document.components.parameters ?? {})) {
    // Named with the calls that take it, and their sections: two calls' `pageNumber` are different
    // questions for the carrier (the agent list's range is stated, the tracking list's is not).
    const users = callsTaking(document, `#/components/parameters/${name}`);
    const home = `parameter ${parameter.name as string}${users.length ? ` of ${users.map((user) => user.call).join(', ')}` : ''}`;
    const own = row(home, '', parameter, [...new Set(users.map((user) => user.spec).filter(Boolean))].join('; '));
    rows.push(...(own ? [withId(own, anchorOf('parameter', name))] : []));
  }
  for (const [name, response] of Object.entries(document.components.responses ?? {})) {
    const own = row(`response ${name}`, '', response, (response['x-spec'] as string | undefined) ?? '');
    rows.push(...(own ? [own] : []));
  }
  for (const [pathName, item] of Object.entries(document.paths)) {
    for (const method of methods.filter((candidate) => item[candidate])) {
      const operation = item[method];
      const home = `${method.toUpperCase()} ${pathName}`;
      const spec = (operation['x-spec'] as string) ?? '';
      const operationId = operation.operationId as string;
      const add = (field: string, node: Node | undefined) => {
        // An answer the specification gives in another section than its call cites it on itself.
        const found = node && !node.$ref ? row(home, field, node, (node['x-spec'] as string | undefined) ?? spec) : undefined;
        if (found) {
          rows.push(withId(found, anchorOf(operationId, field)));
        }
      };
      add('', operation);
      for (const parameter of (operation.parameters ?? []) as Node[]) {
        add(`parameter ${parameter.name as string}`, parameter);
      }
      const body = operation.requestBody as Node | undefined;
      add('request body', body);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Node>)) {
        add(`${status} answer`, response);
        const schema = (response.content as Record<string, {schema?: Node}> | undefined)?.['application/json']?.schema;
        if (schema && !schema.$ref) {
          for (const inline of schemaRows(schema, home, `${status} answer.`, spec)) {
            rows.push(withId(inline, anchorOf(operationId, inline.field)));
          }
        }
      }
    }
  }
  const seen = new Map<string, OpenQuestion>();
  for (const found of rows) {
    if (seen.has(found.id)) {
      throw new Error(`open questions: two rows share the anchor "${found.id}" (${seen.get(found.id)!.home} ${seen.get(found.id)!.field} and ${found.home} ${found.field})`);
    }
    seen.set(found.id, found);
  }
  return rows;
}

/**
 * Where `words` end in `text`, any run of white space matching any other (a description wraps its
 * lines), or -1: the place of a call's mark (`x-open.after`).
 */
export function endOfWords(text: string, words: string): number {
  const pattern = new RegExp(words.trim().split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
  const match = pattern.exec(text);
  return match ? match.index + match[0].length : -1;
}

/**
 * What the sandbox does for a row: what the row says, else "as assumed" where the portal assumes a
 * value (the sandbox follows the assumption), else nothing. The register page, its CSV and its JSON
 * all read it here.
 */
export function sandboxBehaviour(row: Pick<OpenQuestion, 'assumed' | 'sandbox'>): string | undefined {
  return row.sandbox ?? (row.assumed ? 'as assumed' : undefined);
}

/** Each row by the node it was read from: how /api/'s markers, a call's rows and the sandbox's reliance find a node's question. */
export function rowsByNode(rows: readonly OpenQuestion[]): Map<Node, OpenQuestion> {
  return new Map(rows.map((found) => [nodeOfRow.get(found)!, found]));
}

/** The component a `$ref` node points to (`#/components/schemas/PickupWindow`), or undefined. */
export function referencedComponent(document: Pick<Document, 'components'>, node: Node | undefined): Node | undefined {
  if (typeof node?.$ref !== 'string') return undefined;
  const [, , kind, name] = node.$ref.split('/');
  return document.components[kind]?.[name];
}

/**
 * The schemas the shared error answers' bodies use (`ErrorResponse`, `ValidationError`), as `$ref`s:
 * their questions are the API's, asked once, so a call's own error answer made of them adds none.
 */
export function sharedErrorBodies(document: Pick<Document, 'components'>): Set<string> {
  return new Set([...JSON.stringify(document.components.responses ?? {}).matchAll(/#\/components\/schemas\/(\w+)/g)].map((match) => `#/components/schemas/${match[1]}`));
}

/**
 * Whether a schema's values are the carrier's on every call that uses it: its `x-spec` quotes section 9,
 * the business constants (`ClassCode`'s "Class codes: 50, 55, …"). A request that borrows another's limits
 * (the pickup request, the BOL plus pickup's) does not borrow these: the specification gives them itself.
 */
export function statesValuesEverywhere(schema: Node | undefined): boolean {
  return typeof schema?.['x-spec'] === 'string' && /^9: "/.test(schema['x-spec']);
}

/** The name of the schema a call's JSON body refers to (`ReschedulePickupRequest`), if it refers to one. */
export function schemaName(schema: Node | undefined): string | undefined {
  return typeof schema?.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/') ? schema.$ref.split('/').pop() : undefined;
}

/**
 * The request and answer schemas named at the top of each call's JSON body (`ReschedulePickupRequest`,
 * `PickupResponse`): the schemas `x-open.stated-in` names.
 */
export function callSchemaNames(document: Pick<Document, 'paths'>): Set<string> {
  const names = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const method of methods) {
      const operation = item[method] as {requestBody?: Node; responses?: Record<string, Node>} | undefined;
      for (const content of [operation?.requestBody?.content, ...Object.values(operation?.responses ?? {}).map((answer) => answer.content)]) {
        const name = schemaName((content as {'application/json'?: {schema?: Node}} | undefined)?.['application/json']?.schema);
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/**
 * Whether the specification gives `aspect` of `row` for the call whose request or answer schema is
 * `call` (`x-open.stated-in`: the reschedule's times run 00:00 to 23:59). Only limits and values are
 * ever given so.
 */
export function statedFor(row: OpenQuestion, call: string | undefined, aspect: NotStatedAspect): boolean {
  return (aspect === 'bounds' || aspect === 'values') && Boolean(call && row.statedIn?.includes(call));
}

/** The aspects of `row` still open for the call whose request or answer schema is `call`. */
export function aspectsOpenFor(row: OpenQuestion, call: string | undefined): NotStatedAspect[] {
  return row.aspects.filter((aspect) => !statedFor(row, call, aspect));
}

/** A row as one call reaches it: the field's path from the call (`pickupWindow.timeZoneOffset`, `answer.pickupNumber`). */
/** `aspects`: those still open on this call (the reschedule's own `pickupNumber` limits are stated there). */
export type CallOpenQuestion = {readonly row: OpenQuestion; readonly field: string; readonly aspects: readonly NotStatedAspect[]};

/**
 * The rows one call reaches, in reading order, each once: the call's own, its parameters' (and their
 * schemas'), its request body's fields, and its own answers' (bodies included). The shared error
 * answers (`$ref` to components, such as the 401 and the generic 400) are left out: their questions
 * are the API's, said once in its introduction and in the register.
 */
export function callOpenQuestions(document: Document, operationId: string): CallOpenQuestion[] {
  const rows = openQuestions(document);
  const byNode = rowsByNode(rows);
  const entry = Object.entries(document.paths)
    .flatMap(([, item]) => methods.filter((method) => item[method]).map((method) => item[method]))
    .find((operation) => operation.operationId === operationId);
  if (!entry) {
    throw new Error(`no operation with operationId "${operationId}" in the API description`);
  }
  const found: CallOpenQuestion[] = [];
  const seen = new Set<string>();
  /** The request or answer schema being walked (`ReschedulePickupRequest`), for `x-open.stated-in`. */
  let walked: string | undefined;
  // A row whose every aspect the specification states for this call (the reschedule's times run 00:00
  // to 23:59) asks nothing here.
  const statedHere = (row: OpenQuestion) => aspectsOpenFor(row, walked).length === 0;
  const add = (node: Node | undefined, field: string) => {
    const hit = node ? byNode.get(node) : undefined;
    if (hit && !seen.has(hit.id) && !statedHere(hit)) {
      seen.add(hit.id);
      found.push({row: hit, field, aspects: aspectsOpenFor(hit, walked)});
    }
  };
  const target = (ref: string): Node | undefined => referencedComponent(document, {$ref: ref});
  const walk = (schema: Node | undefined, path: string, trail: Set<Node>, skipShared = false) => {
    if (!schema || typeof schema !== 'object' || trail.has(schema)) {
      return;
    }
    if (skipShared && typeof schema.$ref === 'string' && sharedSchemas.has(schema.$ref)) {
      return;
    }
    const next = new Set(trail).add(schema);
    add(schema, path);
    if (typeof schema.$ref === 'string') {
      walk(target(schema.$ref), path, next, skipShared);
      return;
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
      walk(property, path ? `${path}.${name}` : name, next, skipShared);
    }
    if (schema.items) {
      walk(schema.items as Node, `${path}[]`, next, skipShared);
    }
    for (const part of [schema.allOf, schema.anyOf, schema.oneOf].flat().filter(Boolean) as Node[]) {
      walk(part, path, next, skipShared);
    }
  };
  // The bodies the shared error answers use (`ErrorResponse`, `ValidationError`) are the API's, said
  // once in its introduction: a call's own error answer that uses one, alone or in an anyOf, does not
  // list them again.
  const sharedSchemas = sharedErrorBodies(document);
  add(entry, 'this call');
  for (const reference of (entry.parameters ?? []) as Node[]) {
    const parameter = typeof reference.$ref === 'string' ? target(reference.$ref)! : reference;
    add(parameter, String(parameter.name));
    walk(parameter.schema as Node | undefined, String(parameter.name), new Set());
  }
  const body = entry.requestBody as Node | undefined;
  add(body, 'request body');
  const bodySchema = (body?.content as Record<string, {schema?: Node}> | undefined)?.['application/json']?.schema;
  walked = schemaName(bodySchema);
  walk(bodySchema, '', new Set());
  for (const [status, response] of Object.entries((entry.responses ?? {}) as Record<string, Node>)) {
    if (typeof response.$ref === 'string') {
      continue;
    }
    add(response, `${status} answer`);
    const schema = (response.content as Record<string, {schema?: Node}> | undefined)?.['application/json']?.schema;
    walked = schemaName(schema);
    // An error answer's body made of the shared schemas, even inside anyOf, is left to the register.
    walk(schema, status.startsWith('2') ? 'answer' : `${status} answer`, new Set(), !status.startsWith('2'));
  }
  return found;
}

/** A description with a marker after its own words, in italics, as /api/ shows it. */
export function withMarker(description: unknown, marker: string): string {
  const own = typeof description === 'string' ? description.trimEnd() : '';
  return own ? `${own}${/[.!?:)*]$/.test(own) ? '' : '.'} *${marker}*` : `*${marker}*`;
}

/** `withMarker`, unless the description already carries the marker (a shared component met under several calls). */
export function withMarkerOnce(description: unknown, marker: string): string {
  return typeof description === 'string' && description.includes(marker) ? description.trimEnd() : withMarker(description, marker);
}
