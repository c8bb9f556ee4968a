/**
 * Code samples generated from the contract itself, so they cannot drift from it: each operation's
 * first request example, its parameter examples and its security become one HTTP request, which
 * @readme/httpsnippet writes as curl, JavaScript (fetch) and Python (requests), and this portal writes
 * as Java, C#, Go, PHP and Ruby (./sampleWriters, which says why httpsnippet's are not used there).
 *
 * A sample runs as pasted: the base URL and the token come from the environment (`CARRIER_BASE_URL`,
 * `CARRIER_TOKEN`), and the base defaults to the downloaded sandbox's address, so a pasted sample
 * answers from the sandbox until the integrator points it at the carrier. Samples carry no notes:
 * what a call leaves open is in its Open questions, once.
 */
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';
import {parameterExample} from '../sandbox/engine/contract';
import {pointerTarget} from './jsonPointer';
import {localSandboxPort} from '../sandbox/engine/localServer';
import {pascalCase, writtenLanguages, type SampleRequest} from './sampleWriters';

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

/** The languages httpsnippet writes, shown first in Redoc's right panel and in the guides' tabs. */
export const sampleLanguages = [
  {target: 'shell', client: 'curl', lang: 'shell', label: 'curl'},
  {target: 'javascript', client: 'fetch', lang: 'javascript', label: 'JavaScript'},
  {target: 'python', client: 'requests', lang: 'python', label: 'Python'},
] as const;

/**
 * Every sample language in tab order, with the value a link names it by (`?lang=csharp`): the three
 * above, then the five this portal writes (./sampleWriters).
 */
export const allSampleLanguages: readonly {lang: string; label: string; tab: string}[] = [
  ...sampleLanguages.map(({lang, label}) => ({lang, label, tab: label.toLowerCase()})),
  ...writtenLanguages.map(({lang, label}) => ({lang, label, tab: lang})),
];

/** The environment variables a sample reads, and the base it falls back to: the downloaded sandbox. */
export const sampleEnvironment = {baseUrl: 'CARRIER_BASE_URL', token: 'CARRIER_TOKEN'} as const;
export const sampleDefaultBaseUrl = `http://localhost:${localSandboxPort}`;

/** Stands in for the server and the token while httpsnippet writes; then replaced by each language's read of the environment. */
const serverPlaceholder = 'https://carrier-api-url.invalid';
const tokenPlaceholder = 'CARRIER_TOKEN_PLACEHOLDER';

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

/** The HTTP request a sample makes: production server, example query values, bearer token if needed. */
export function exampleRequest(document: OpenApiDocument, path: string, method: string, operation: Operation): HarRequest {
  const server = serverPlaceholder;
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

/** The success status of the operation in the contract: its first 2xx answer. */
export function successStatusOf(operation: Operation): number {
  const responses = (operation as {responses?: Record<string, unknown>}).responses ?? {};
  const status = Object.keys(responses).find((code) => code.startsWith('2'));
  if (!status) throw new Error(`${operation.operationId}: no success answer to check a sample's status against`);
  return Number(status);
}

/** The request of `har` as the written languages take it: the path and query, the token, the body pretty-printed. */
function sampleRequestOf(har: HarRequest, operation: Operation): SampleRequest {
  const text = har.postData?.text;
  return {
    name: pascalCase(operation.operationId),
    method: har.method,
    pathAndQuery: har.url.slice(serverPlaceholder.length),
    withToken: (har.headers ?? []).some((header: {name: string}) => header.name === 'Authorization'),
    ...(text === undefined ? {} : {body: JSON.stringify(JSON.parse(text), null, 2)}),
    successStatus: successStatusOf(operation),
    environment: sampleEnvironment,
    defaultBaseUrl: sampleDefaultBaseUrl,
  };
}

/** Whether the contract documents a JSON body for the operation's success answer. */
function successHasBody(document: OpenApiDocument, operation: Operation): boolean {
  const responses = (operation as {responses?: Record<string, unknown>}).responses ?? {};
  const status = Object.keys(responses).find((code) => code.startsWith('2'));
  const response = status ? resolve(document, responses[status] as {content?: Record<string, unknown>} | Reference) : undefined;
  return Boolean(response?.content?.['application/json']);
}

/**
 * Puts each language's read of the environment in place of the placeholders httpsnippet wrote. The
 * sample must still name both where it had a server and a token: a placeholder left behind fails the
 * bundle, naming the call.
 */
function readEnvironment(source: string, lang: string, where: string): string {
  const {baseUrl, token} = sampleEnvironment;
  let result = source;
  if (lang === 'shell') {
    result = result
      .replace(new RegExp(`'${serverPlaceholder}([^']*)'|${serverPlaceholder}(\\S*)`), (_, quoted, bare) => `"\${${baseUrl}:-${sampleDefaultBaseUrl}}${quoted ?? bare}"`)
      .replace(`'Authorization: Bearer ${tokenPlaceholder}'`, `"Authorization: Bearer $${token}"`);
  } else if (lang === 'javascript') {
    result =
      `const baseUrl = process.env.${baseUrl} ?? '${sampleDefaultBaseUrl}';\n` +
      (result.includes(tokenPlaceholder) ? `const token = process.env.${token};\n` : '') +
      '\n' +
      result.replace(new RegExp(`'${serverPlaceholder}([^']*)'`), '`${baseUrl}$1`').replace(`'Bearer ${tokenPlaceholder}'`, '`Bearer ${token}`');
  } else if (lang === 'python') {
    result = result
      .replace('import requests\n', 'import os\nimport requests\n\nbase_url = os.environ.get("' + baseUrl + '", "' + sampleDefaultBaseUrl + '")\n')
      .replace(new RegExp(`"${serverPlaceholder}([^"]*)"`), 'base_url + "$1"')
      .replace(`"Bearer ${tokenPlaceholder}"`, `"Bearer " + os.environ["${token}"]`);
  }
  if (result.includes(serverPlaceholder) || result.includes(tokenPlaceholder)) {
    throw new Error(`${where}: the ${lang} sample still holds a placeholder after reading the environment:\n${result}`);
  }
  return result;
}

export async function codeSamplesFor(document: OpenApiDocument, path: string, method: string, operation: Operation): Promise<CodeSample[]> {
  const har = exampleRequest(document, path, method, operation);
  const snippet = new HTTPSnippet(har);
  const hasBody = successHasBody(document, operation);
  const written = writtenLanguages.map(({lang, label, write}) => ({lang, label, source: write(sampleRequestOf(har, operation))}));
  const generated = await Promise.all(
    sampleLanguages.map(async ({target, client, lang, label}) => {
      let [source] = [await snippet.convert(target, client, {indent: '  '})].flat();
      if (typeof source !== 'string') {
        throw new Error(`${operation.operationId}: httpsnippet wrote no ${label} sample`);
      }
      if (!hasBody && client === 'fetch') {
        // httpsnippet always parses JSON, which throws on an answer the contract gives no body.
        source = source.replace('.then(res => res.json())', '.then(res => res.text())');
      }
      return {lang, label, source: readEnvironment(source, lang, operation.operationId)};
    }),
  );
  return [...generated, ...written];
}

/** Whether a sample is one this portal writes (./sampleWriters), which /api/ loads on demand. */
export const isWrittenSample = (sample: Pick<CodeSample, 'lang'>) => writtenLanguages.some(({lang}) => lang === sample.lang);

/** The written samples of every operation, by language, then by operationId: the files /api/ loads (contract/outputs.ts). */
export function writtenSamplesByLanguage(document: OpenApiDocument): Record<string, Record<string, string>> {
  const byLanguage: Record<string, Record<string, string>> = Object.fromEntries(writtenLanguages.map(({lang}) => [lang, {}]));
  for (const pathItem of Object.values(document.paths)) {
    for (const method of httpMethods) {
      const operation = pathItem[method];
      for (const sample of operation?.['x-codeSamples'] ?? []) {
        if (isWrittenSample(sample)) byLanguage[sample.lang][operation!.operationId] = sample.source;
      }
    }
  }
  return byLanguage;
}

/**
 * The document /api/ renders: each written sample keeps its tab (language and label) with no code, which
 * the page loads from the language's file when the reader picks the tab. The served openapi.json keeps every sample.
 */
export function withWrittenSamplesLoadedOnDemand<T>(document: T): T {
  const copy = structuredClone(document) as unknown as OpenApiDocument;
  for (const pathItem of Object.values(copy.paths)) {
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!operation?.['x-codeSamples']) continue;
      operation['x-codeSamples'] = operation['x-codeSamples'].map((sample) => (isWrittenSample(sample) ? {...sample, source: ''} : sample));
    }
  }
  return copy as unknown as T;
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
