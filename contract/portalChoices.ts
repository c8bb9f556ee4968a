/**
 * The choices the contract must make where the specification is silent, marked where a reader of
 * an operation meets them: the bundle step lists them in the operation's `x-portal-choices` and adds
 * the same mark every other assumption carries ("Portal assumption: status", `choiceMarker`) to the
 * success answer, the required query parameter and the 401 answer, so an integrator who lands on an
 * operation from search sees it there, not only in the API's introduction (issue 25). The choices are
 * read off the contract itself, so a new 200, 401 or required query parameter is marked without
 * anyone remembering to.
 */
import {citesKeywords, parseCitation} from './citations';
import {assumedTypesRowId, fieldsWithAssumedType} from './openQuestions/assumedTypes';
import {aspectLabel, markName, registerRoute, withMarkerOnce} from './openQuestions/rows';

type Reference = {$ref: string};
type Parameter = {name: string; in: string; required?: boolean; description?: string};
type Response = {description?: string; content?: Record<string, {schema?: unknown}>};
type Operation = {operationId: string; description?: string; parameters?: (Parameter | Reference)[]; responses: Record<string, Response | Reference>; 'x-portal-choices'?: PortalChoice[]};
type Document = {paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>>};

export type PortalChoice = 'success-status' | 'unauthorized-status' | 'required-query' | 'error-body';

/**
 * True when the answer's own `x-spec` quotes words that give its status (section 7 gives 201 for two
 * calls, none for the rest). The data is in the YAML, so a status the carrier confirms is recorded
 * there, not here.
 */
export function statusStated(document: Document, operation: Operation, status: string): boolean {
  const citation = parseCitation((resolve(document, operation.responses[status]) as {'x-spec'?: unknown})['x-spec']);
  return citesKeywords(citation) && new RegExp(`\\b${status}\\b`).test(citation.quote);
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

function resolve<T>(document: Document, value: T | Reference): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const [, , kind, name] = (value as Reference).$ref.split('/');
    return resolve(document, document.components[kind][name] as T | Reference);
  }
  return value as T;
}

/** Every `$ref` inside a value. */
function references(value: unknown): string[] {
  if (!value || typeof value !== 'object') {
    return [];
  }
  const own = '$ref' in value ? [(value as Reference).$ref] : [];
  return [...own, ...Object.values(value).flatMap(references)];
}

/** The register rows of the choices each call carries a mark of (their words are in `apiWideQuestions`). */
export const choiceRowIds = {success: 'api-success-status', unauthorized: 'api-unauthorized-status', requiredQuery: 'api-required-query'} as const;

/**
 * A choice's marker, as every marked silence's is written (openQuestions/markers.ts, which sets it in
 * italics): linked to its row of the register on a parameter,
 * `[Portal assumption: required fields](…#api-required-query)`; plain text on an answer,
 * `Portal assumption: status`, which Redoc draws inside the button that opens it, where a link would
 * be a control inside a control (axe: nested-interactive).
 */
export function choiceMarker(rowId: (typeof choiceRowIds)[keyof typeof choiceRowIds]): string {
  if (rowId === choiceRowIds.requiredQuery) {
    return `[${markName('Portal assumption', aspectLabel('required'))}](${registerRoute}#${rowId})`;
  }
  return markName('Portal assumption', aspectLabel('status'));
}

/**
 * A choice's mark in a description, wherever a link of it points: the served files make the
 * register's address absolute (siteLinks.ts), the page keeps it site-relative.
 */
export function choiceMarkPattern(rowId: (typeof choiceRowIds)[keyof typeof choiceRowIds]): RegExp {
  if (rowId === choiceRowIds.requiredQuery) {
    return new RegExp(`\\s*\\*\\[Portal assumption: [^\\]]+\\]\\([^)\\s]*#${rowId}\\)\\*`);
  }
  // Plain on an answer, where it may be joined with the answer's other assumptions ("status, shape").
  return /\s*\*Portal assumption: (?:[^*;]*, )?status(?:, [^*;]*)?\*/;
}

/** The choices the bundle step listed on an operation (`x-portal-choices`), as the guides read them. */
export function listedChoices(operation: object): PortalChoice[] {
  return (operation as {'x-portal-choices'?: PortalChoice[]})['x-portal-choices'] ?? [];
}

/** The choices an operation's contract makes where the specification is silent. */
export function choicesOf(document: Document, operation: Operation): PortalChoice[] {
  const choices: PortalChoice[] = [];
  const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
  // A success answer whose own question asks its status (the cancel's "status and body of this
  // answer") is that question's, marked with it, not the API-wide choice's as well.
  const asksOwnStatus = (status: string) => Boolean((resolve(document, operation.responses[status]) as {'x-not-stated'?: string[]})['x-not-stated']?.includes('status'));
  if (success && !statusStated(document, operation, success) && !asksOwnStatus(success)) {
    choices.push('success-status');
  }
  // The statuses below are choices by what the specification is: it names no status for a missing
  // token, and no body shape for the errors it lists, anywhere. A 401 or an ErrorResponse the carrier
  // confirms would be cited on its answer (citations.ts) and read here as the success status is.
  if (operation.responses['401'] && !statusStated(document, operation, '401')) {
    choices.push('unauthorized-status');
  }
  if (requiredQuery(document, operation).length > 0) {
    choices.push('required-query');
  }
  const errorSchemas = Object.entries(operation.responses)
    .filter(([status]) => /^[45]/.test(status))
    .flatMap(([, response]) => references(resolve(document, response).content));
  if (errorSchemas.some((reference) => reference.endsWith('/ErrorResponse'))) {
    choices.push('error-body');
  }
  return choices;
}

/** The required query parameters the specification does not make required: those without a citation of their own. */
function requiredQuery(document: Document, operation: Operation): Parameter[] {
  return (operation.parameters ?? [])
    .map((parameter) => resolve(document, parameter))
    .filter((parameter) => parameter.in === 'query' && parameter.required && !citesKeywords(parseCitation((parameter as {'x-spec'?: unknown})['x-spec'])));
}

/**
 * Marks each choice where the reader meets it, in place: the success answer's description, the
 * required query parameter's, the 401 answer's (the generic error body is marked in `ErrorResponse`
 * itself); and lists the operation's choices in `x-portal-choices`. Returns the document.
 */
export function labelPortalChoices<T extends Document>(document: T): T {
  for (const item of Object.values(document.paths)) {
    for (const method of methods.filter((candidate) => item[candidate])) {
      const operation = item[method];
      const choices = choicesOf(document, operation);
      if (choices.length === 0) {
        continue;
      }
      operation['x-portal-choices'] = choices;
      if (choices.includes('success-status')) {
        const status = Object.keys(operation.responses).find((candidate) => candidate.startsWith('2'))!;
        const response = resolve(document, operation.responses[status]);
        response.description = withMarkerOnce(response.description, choiceMarker(choiceRowIds.success));
      }
      for (const parameter of requiredQuery(document, operation)) {
        parameter.description = withMarkerOnce(parameter.description, choiceMarker(choiceRowIds.requiredQuery));
      }
      if (choices.includes('unauthorized-status')) {
        const response = resolve(document, operation.responses['401']);
        response.description = withMarkerOnce(response.description, choiceMarker(choiceRowIds.unauthorized));
      }
    }
  }
  return document;
}

/** A choice the contract makes across many calls, as a row of the register of open questions. */
export type ApiWideQuestion = {id: string; field: string; aspects: ('status' | 'required' | 'meaning' | 'type')[]; question: string; assumed: string; spec: string};

/**
 * The choices made across the API, one row each, for the register the writer sends the carrier: the
 * introduction of /api/ states them once and each call carries the label, so the calls' own Open
 * questions blocks leave them out, but the list of what to ask the carrier must not (outside read 12).
 * Read off the contract like the labels, so the counts and the parameters follow it. The generic error
 * body is not here: its schema, `ErrorResponse`, has its own row.
 */
export function apiWideQuestions(document: Document): ApiWideQuestion[] {
  const operations = Object.values(document.paths).flatMap((item) => methods.filter((method) => item[method]).map((method) => item[method]));
  const taking = (choice: PortalChoice) => operations.filter((operation) => choicesOf(document, operation).includes(choice));
  const rows: ApiWideQuestion[] = [];
  const unauthorized = taking('unauthorized-status');
  if (unauthorized.length > 0) {
    rows.push({id: choiceRowIds.unauthorized, field: '401 answer', aspects: ['status'], question: `status of a call with a missing, malformed or expired token (${unauthorized.length} calls)`, assumed: '401 Unauthorized, as RFC 6750 defines for bearer tokens', spec: '6 and 8'});
  }
  const success = taking('success-status');
  if (success.length > 0) {
    rows.push({id: choiceRowIds.success, field: 'success answer', aspects: ['status'], question: `success status of the ${success.length} calls with none stated and no question of their own`, assumed: '200 OK', spec: '7'});
  }
  const parameters = [...new Set(operations.flatMap((operation) => requiredQuery(document, operation).map((parameter) => `\`${parameter.name}\``)))];
  if (parameters.length > 0) {
    rows.push({id: choiceRowIds.requiredQuery, field: 'query parameters', aspects: ['required'], question: `whether these query parameters are required: ${parameters.join(', ')} (${taking('required-query').length} calls)`, assumed: 'required', spec: '7'});
  }
  // What `result: false` means is asked once on each flag's schema (`ResultFlag`, `AgentResultFlag`),
  // whose mark every `result` field carries: the agent calls' answers list no `error`, the others may.
  // Each field whose type is the portal's reading carries this row's mark on its type (assumedTypes.ts).
  const untyped = fieldsWithAssumedType(document as never).length;
  if (untyped > 0) {
    rows.push({
      id: assumedTypesRowId,
      field: 'field types',
      aspects: ['type'],
      question: `JSON type of the ${untyped} fields the specification names without one; the unit of a text field's limit given as a bare number`,
      assumed: "read from the field's name, limits and example; a limit given as a bare number on a text field (`purchaseOrder 12`) is read as a length in characters",
      spec: '3',
    });
  }
  return rows;
}
