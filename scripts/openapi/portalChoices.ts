/**
 * The choices the contract must make where the specification is silent, labelled on each operation
 * they touch: the bundle step sets `x-portal-choices` and appends one sentence to the operation's
 * description, so an integrator who lands on an operation from search meets the label there, not
 * only in the API's introduction (issue 25). The choices are read off the contract itself, so a new
 * 200, 401 or required query parameter is labelled without anyone remembering to.
 */
type Reference = {$ref: string};
type Parameter = {name: string; in: string; required?: boolean};
type Response = {description?: string; content?: Record<string, {schema?: unknown}>};
type Operation = {operationId: string; description?: string; parameters?: (Parameter | Reference)[]; responses: Record<string, Response | Reference>; 'x-portal-choices'?: PortalChoice[]};
type Document = {paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>>};

export type PortalChoice = 'success-status' | 'unauthorized-status' | 'required-query' | 'error-body';

/** The success statuses the specification gives (section 7): 201 for these two calls, none for the rest. */
export const statedSuccessStatuses: Record<string, string> = {submitDistributionPlan: '201', requestPickup: '201'};

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

/** What the operation's contract chose, and the words that say so. */
export function choicesOf(document: Document, operation: Operation): {choices: PortalChoice[]; words: string[]} {
  const choices: PortalChoice[] = [];
  const words: string[] = [];
  const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
  if (success && statedSuccessStatuses[operation.operationId] !== success) {
    choices.push('success-status');
    words.push(`the ${success} success status (the specification gives a success status for two calls only: 201 for the distribution plan and the pickup request)`);
  }
  if (operation.responses['401']) {
    choices.push('unauthorized-status');
    words.push('401 for a missing, malformed or expired token, as RFC 6750 defines for the bearer scheme (the carrier\u2019s error catalogue does not list it)');
  }
  const required = (operation.parameters ?? []).map((parameter) => resolve(document, parameter)).filter((parameter) => parameter.in === 'query' && parameter.required);
  if (required.length > 0) {
    choices.push('required-query');
    const names = required.map((parameter) => `\`${parameter.name}\``).join(' and ');
    words.push(`${names} marked required (the specification lists ${required.length > 1 ? 'them' : 'it'} as the call\u2019s query, without saying ${required.length > 1 ? 'they are' : 'it is'} required)`);
  }
  const errorSchemas = Object.entries(operation.responses)
    .filter(([status]) => /^[45]/.test(status))
    .flatMap(([, response]) => references(resolve(document, response).content));
  if (errorSchemas.some((reference) => reference.endsWith('/ErrorResponse'))) {
    choices.push('error-body');
    words.push('the body of an error answer whose message the carrier gives but whose shape it does not (`ErrorResponse`)');
  }
  return {choices, words};
}

/** Labels every operation's choices, in place; returns the document. */
export function labelPortalChoices<T extends Document>(document: T): T {
  for (const item of Object.values(document.paths)) {
    for (const method of methods.filter((candidate) => item[candidate])) {
      const operation = item[method];
      const {choices, words} = choicesOf(document, operation);
      if (choices.length === 0) {
        continue;
      }
      operation['x-portal-choices'] = choices;
      const sentence = `**Chosen by the portal** where the specification is silent: ${words.join('; ')}.`;
      operation.description = operation.description ? `${operation.description.trimEnd()}\n\n${sentence}` : sentence;
    }
  }
  return document;
}
