/**
 * Code samples generated from the contract itself, so they cannot drift from it: each operation's
 * first request example, its parameter examples and its security become one HTTP request, which
 * @readme/httpsnippet writes as curl, JavaScript (fetch) and Python (requests). When that example
 * marks a silence (`x-not-stated` and a description), the description opens the sample as a comment:
 * a pasted sample travels without the reference around it, and must not teach a guessed unit or sign.
 */
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';
import {namedParameterExample, parameterExample} from '../../src/sandbox/contract';
import {pointerTarget} from './jsonPointer';
import {notStatedClause, notStatedSentence} from './silences';

export type CodeSample = {lang: string; label: string; source: string};

type Reference = {$ref: string};
type Example = {value: unknown; description?: string; 'x-not-stated'?: string[]};
type Parameter = {name: string; in: string; required?: boolean; example?: unknown; examples?: Record<string, Example>};
type MediaType = {examples?: Record<string, Reference | Example>; example?: unknown};
export type Operation = {
  operationId: string;
  parameters?: (Parameter | Reference)[];
  requestBody?: Reference | {content: Record<string, MediaType>};
  security?: object[];
  'x-codeSamples'?: CodeSample[];
};
export type OpenApiDocument = {
  servers?: {url: string}[];
  security?: object[];
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** The languages shown in Redoc's right panel and in the guides' tabs, in that order. */
export const sampleLanguages = [
  {target: 'shell', client: 'curl', lang: 'shell', label: 'curl'},
  {target: 'javascript', client: 'fetch', lang: 'javascript', label: 'JavaScript'},
  {target: 'python', client: 'requests', lang: 'python', label: 'Python'},
] as const;

/** Stands in for a real token in every sample: obvious to replace, impossible to mistake for one. */
export const tokenPlaceholder = 'YOUR_ACCESS_TOKEN';

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Follows a local `#/components/...` reference of the bundled document. */
export function resolve<T>(document: OpenApiDocument, value: T | Reference): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const target = pointerTarget(document, value.$ref);
    if (target === undefined) {
      throw new Error(`Unresolved reference ${value.$ref}`);
    }
    return resolve(document, target as T | Reference);
  }
  return value as T;
}

/** The operation's first named request example, or undefined when it takes no body. */
function firstRequestExample(document: OpenApiDocument, operation: Operation): Example | undefined {
  if (!operation.requestBody) {
    return undefined;
  }
  const body = resolve(document, operation.requestBody);
  const media = body.content['application/json'];
  const [first] = Object.values(media?.examples ?? {});
  if (!first) {
    throw new Error(`${operation.operationId}: the request body has no named example to build samples from`);
  }
  return resolve(document, first);
}

/** The request body of the operation's first named example, or undefined when it takes no body. */
export function requestExample(document: OpenApiDocument, operation: Operation): unknown {
  return firstRequestExample(document, operation)?.value;
}

/** An example's note, when it marks a silence; an example that marks one without saying it is an error. */
function exampleNote(example: Example | undefined, where: string): string | undefined {
  if (!example?.['x-not-stated']?.length) {
    return undefined;
  }
  if (!example.description) {
    throw new Error(`${where}: its example has x-not-stated but no description to say what is not stated`);
  }
  return example.description;
}

/**
 * What the request's example values leave open, or undefined when they mark nothing: the body
 * example's note, then what the query parameters' first named examples mark (the tracking list's
 * `limit` and first page), in one sentence.
 */
export function requestExampleNote(document: OpenApiDocument, operation: Operation): string | undefined {
  const bodyNote = exampleNote(firstRequestExample(document, operation), operation.operationId);
  const parameterClauses = (operation.parameters ?? [])
    .map((parameter) => resolve(document, parameter))
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => notStatedClause(exampleNote(namedParameterExample(parameter), `${operation.operationId} ${parameter.name}`)))
    .filter((clause): clause is string => clause !== undefined)
    .map((clause) => clause.replace(/\.$/, ''));
  if (parameterClauses.length === 0) {
    return bodyNote;
  }
  const parameterNote = `${notStatedSentence} ${parameterClauses.join('; ')}.`;
  return bodyNote ? `${bodyNote} Also ${parameterNote.charAt(0).toLowerCase()}${parameterNote.slice(1)}` : `Illustrative values. ${parameterNote}`;
}

/** Wraps a note into comment lines of at most `width` characters, each opened by `marker`. */
export function commentLines(note: string, marker: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of note.replace(/`/g, '').split(/\s+/).filter(Boolean)) {
    if (line && marker.length + 1 + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) {
    lines.push(line);
  }
  return lines.map((text) => `${marker} ${text}\n`).join('');
}

/** The HTTP request a sample makes: production server, example query values, bearer token if needed. */
export function exampleRequest(document: OpenApiDocument, path: string, method: string, operation: Operation): HarRequest {
  const server = document.servers?.[0]?.url;
  if (!server) {
    throw new Error('The description has no server to build samples against');
  }
  const queryString = (operation.parameters ?? [])
    .map((parameter) => resolve(document, parameter))
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => {
      const value = parameterExample(parameter);
      if (value === undefined) {
        if (parameter.required) {
          throw new Error(`${operation.operationId}: required query parameter ${parameter.name} has no example`);
        }
        return [];
      }
      return [{name: parameter.name, value: String(value)}];
    });
  const security = operation.security ?? document.security ?? [];
  const headers = [
    ...(security.length > 0 ? [{name: 'Authorization', value: `Bearer ${tokenPlaceholder}`}] : []),
    {name: 'Accept', value: 'application/json'},
  ];
  const body = requestExample(document, operation);
  const query = queryString.length > 0 ? `?${new URLSearchParams(queryString.map(({name, value}) => [name, value]))}` : '';
  return {
    method: method.toUpperCase(),
    url: `${server}${path}${query}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: body === undefined ? headers : [...headers, {name: 'Content-Type', value: 'application/json'}],
    queryString,
    headersSize: -1,
    bodySize: -1,
    // httpsnippet's type wants postData on every request; without `text` it writes no body.
    postData: body === undefined ? {mimeType: 'application/json'} : {mimeType: 'application/json', text: JSON.stringify(body)},
  };
}

/** Whether the contract documents a JSON body for the operation's success answer. */
function successHasBody(document: OpenApiDocument, operation: Operation): boolean {
  const responses = (operation as {responses?: Record<string, unknown>}).responses ?? {};
  const status = Object.keys(responses).find((code) => code.startsWith('2'));
  const response = status ? resolve(document, responses[status] as {content?: Record<string, unknown>} | Reference) : undefined;
  return Boolean(response?.content?.['application/json']);
}

export async function codeSamplesFor(document: OpenApiDocument, path: string, method: string, operation: Operation): Promise<CodeSample[]> {
  const snippet = new HTTPSnippet(exampleRequest(document, path, method, operation));
  const hasBody = successHasBody(document, operation);
  const note = requestExampleNote(document, operation);
  return Promise.all(
    sampleLanguages.map(async ({target, client, lang, label}) => {
      let [source] = [await snippet.convert(target, client, {indent: '  '})].flat();
      if (typeof source !== 'string') {
        throw new Error(`${operation.operationId}: httpsnippet wrote no ${label} sample`);
      }
      if (!hasBody && client === 'fetch') {
        // httpsnippet always parses JSON, which throws on an answer the contract gives no body.
        source = source.replace('.then(res => res.json())', '.then(res => res.text())');
      }
      if (note) {
        source = commentLines(note, lang === 'javascript' ? '//' : '#') + source;
      }
      return {lang, label, source};
    }),
  );
}

/** Adds `x-codeSamples` to every operation of the bundled document. */
export async function addCodeSamples(document: OpenApiDocument): Promise<OpenApiDocument> {
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (operation) {
        operation['x-codeSamples'] = await codeSamplesFor(document, path, method, operation);
      }
    }
  }
  return document;
}
