/**
 * The Postman collection (v2.1): generated from the served description by Postman's own converter
 * (openapi-to-postmanv2), then set up to run top to bottom against the local sandbox as it is:
 *
 * - `baseUrl` defaults to the downloadable sandbox's address (http://localhost:4010), never to a carrier host;
 * - the token call stores `access_token` in `bearerToken`, which the collection's bearer auth sends;
 * - calls the contract marks `security: []` send no token;
 * - the pickup number flows from answer to request: the pickup request stores the number it answers,
 *   the reschedule sends it and stores the new one (a reschedule changes the number), and the cancel
 *   sends that. The collection therefore runs again against the same sandbox, on a pickup of its own;
 * - every request tests its answer against the contract: the success status, and the body against the
 *   answer's schema (or no body where the contract describes none), so newman counts what it checked.
 *   A status the carrier does not state is tested as the portal's assumption, and says so in the test's
 *   name, with the label the guides and /api/ use; a body the carrier leaves open is not tested at all,
 *   since a run against the carrier would then fail on a fact nobody stated.
 *
 * Folders follow the contract's tags, in their order; bodies and parameters are the contract's examples.
 */
import {createHash} from 'node:crypto';
import {convertV2} from 'openapi-to-postmanv2';

import {localSandboxUrl} from '../sandbox/engine/localServer';
import {httpMethods, type OpenApiDocument} from './codeSamples';
import {mapStrings} from './documentStrings';
export const tokenVariable = 'bearerToken';
export const pickupNumberVariable = 'pickupNumber';

/** The calls that carry the pickup number along, by operationId. */
const pickupChain: Record<string, {sends: boolean; stores: boolean}> = {
  requestPickup: {sends: false, stores: true},
  reschedulePickup: {sends: true, stores: true},
  cancelPickup: {sends: true, stores: false},
};

type Script = {listen: string; script: {type: string; exec: string[]}};
export type PostmanRequest = {
  name: string;
  request: {method: string; url: {path: string[]}; body?: {mode: string; raw?: string}; auth?: {type: string} | null};
  event?: Script[];
};
export type PostmanFolder = {name: string; item: PostmanRequest[]};
export type PostmanCollection = {
  info: {name: string; schema: string; [key: string]: unknown};
  item: PostmanFolder[];
  variable?: {key: string; value: string; type?: string; description?: string}[];
  auth?: unknown;
  [key: string]: unknown;
};

const storeToken: Script = {
  listen: 'test',
  script: {
    type: 'text/javascript',
    exec: [
      '// Keeps the token for every protected call of this collection (its bearer auth sends {{bearerToken}}).',
      "pm.test('the answer carries an access_token', () => pm.expect(pm.response.json()).to.have.property('access_token'));",
      `pm.collectionVariables.set('${tokenVariable}', pm.response.json().access_token);`,
    ],
  },
};

/**
 * Stores the pickup number an answer carries: the newest is the one every later call uses. Where the
 * answer's shape is the portal's assumption (the reschedule's: the carrier names no field), the test
 * says so, and an answer without the field leaves the stored number as it was rather than empty.
 */
const storePickupNumber = (operationId: string, shapeAssumed: boolean): string[] => [
  '// The newest pickup number is the one every later call uses.',
  `pm.test('${operationId} answers a pickupNumber${shapeAssumed ? ' (Portal assumption: field name)' : ''}', () => pm.expect(pm.response.json()).to.have.property('pickupNumber'));`,
  'if (pm.response.json().pickupNumber !== undefined) {',
  `  pm.collectionVariables.set('${pickupNumberVariable}', pm.response.json().pickupNumber);`,
  '}',
];

type Json = Record<string, unknown>;

/** Keywords Postman's schema check (Ajv, JSON Schema draft-07) would refuse or does not need. */
const droppedKeywords = new Set(['example', 'examples', 'description', 'summary', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly', 'discriminator', 'xml']);
const checkedFormats = new Set(['date', 'date-time', 'email', 'uri']);

/**
 * An answer's schema for Postman's `jsonSchema` check: `$ref`s inlined from the description's
 * components, annotations and `x-` markers left out, and formats the check does not know dropped (it
 * refuses a schema with an unknown format). A schema that refers to itself keeps `{}` at the loop.
 */
function checkableSchema(document: OpenApiDocument, schema: unknown, trail: readonly string[] = []): unknown {
  if (Array.isArray(schema)) {
    return schema.map((entry) => checkableSchema(document, entry, trail));
  }
  if (!schema || typeof schema !== 'object') {
    return schema;
  }
  const {$ref} = schema as {$ref?: string};
  if (typeof $ref === 'string') {
    if (trail.includes($ref)) {
      return {};
    }
    const [, , kind, name] = $ref.split('/');
    return checkableSchema(document, document.components?.[kind]?.[name], [...trail, $ref]);
  }
  const checkable: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (droppedKeywords.has(key) || key.startsWith('x-') || (key === 'format' && !checkedFormats.has(String(value)))) {
      continue;
    }
    // `properties` names fields, not keywords: keep every name, check every value.
    checkable[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([field, sub]) => [field, checkableSchema(document, sub, trail)])) : checkableSchema(document, value, trail);
  }
  return checkable;
}

type SuccessAnswer = {
  status: number;
  /** The success status is the portal's choice (`x-portal-choices: success-status`, or the answer's own `x-not-stated: status`), not the carrier's. */
  statusAssumed: boolean;
  /** The carrier leaves the answer's body open (`x-not-stated: shape` on the answer). */
  bodyOpen: boolean;
  /** The body's shape is the portal's assumption (`x-not-stated: shape` on the body's schema). */
  shapeAssumed: boolean;
  /** Somewhere in the body's schema the carrier leaves something open that the schema fills (a type, a limit…). */
  schemaHasAssumptions: boolean;
  schema?: unknown;
};

/** Whether a schema, its properties, items and the schemas it refers to hold any `x-not-stated`. */
function hasOpenQuestion(document: OpenApiDocument, schema: unknown, trail: readonly string[] = []): boolean {
  if (!schema || typeof schema !== 'object') {
    return false;
  }
  const {$ref} = schema as {$ref?: string};
  if (typeof $ref === 'string') {
    const [, , kind, name] = $ref.split('/');
    return !trail.includes($ref) && hasOpenQuestion(document, document.components?.[kind]?.[name], [...trail, $ref]);
  }
  return 'x-not-stated' in schema || Object.values(schema as Json).some((value) => hasOpenQuestion(document, value, trail));
}

/** The success answer of an operation as the contract gives it: its status, and its body's schema if any. */
function successAnswer(document: OpenApiDocument, operation: {responses?: Record<string, unknown>; 'x-portal-choices'?: string[]}): SuccessAnswer {
  const [status, reference] = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2'))!;
  const ref = (reference as {$ref?: string}).$ref;
  const declared = (ref ? document.components?.responses?.[ref.split('/').pop()!] : reference) as {'x-not-stated'?: string[]; content?: Record<string, {schema?: unknown}>} | undefined;
  const response = checkableSchema(document, reference) as {content?: Record<string, {schema?: unknown}>};
  const bodyRef = (declared?.content?.['application/json']?.schema as {$ref?: string} | undefined)?.$ref;
  const body = bodyRef ? (document.components?.schemas?.[bodyRef.split('/').pop()!] as {'x-not-stated'?: string[]} | undefined) : undefined;
  return {
    shapeAssumed: body?.['x-not-stated']?.includes('shape') ?? false,
    schemaHasAssumptions: hasOpenQuestion(document, declared?.content?.['application/json']?.schema),
    status: Number(status),
    // The API-wide choice, or the answer's own question on its status (the cancel's).
    statusAssumed: (operation['x-portal-choices']?.includes('success-status') || declared?.['x-not-stated']?.includes('status')) ?? false,
    bodyOpen: declared?.['x-not-stated']?.includes('shape') ?? false,
    schema: response.content?.['application/json']?.schema,
  };
}

/** The tests every request runs on its answer: the contract's status, and its body's schema (or no body). */
function contractScript(operationId: string, answer: SuccessAnswer, extra: string[]): Script {
  const statusTest = `${operationId} answers ${answer.status}${answer.statusAssumed ? ' (Portal assumption: the carrier does not state the status)' : ''}`;
  const bodyTest = answer.schema
    ? `pm.test('${operationId}: the answer matches its schema in the contract${answer.schemaHasAssumptions ? ' (Portal assumptions included: types, limits or fields the carrier leaves open)' : ''}', () => pm.response.to.have.jsonSchema(${JSON.stringify(answer.schema)}));`
    : answer.bodyOpen
      ? undefined
      : `pm.test('${operationId}: the answer has no body, as the contract describes none', () => pm.expect(pm.response.text()).to.equal(''));`;
  return {
    listen: 'test',
    script: {
      type: 'text/javascript',
      exec: [`pm.test('${statusTest}', () => pm.response.to.have.status(${answer.status}));`, ...(bodyTest ? [bodyTest] : []), ...extra],
    },
  };
}

function convert(document: OpenApiDocument): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'json', data: JSON.stringify(document)},
      {folderStrategy: 'Tags', parametersResolution: 'Example', requestNameSource: 'Fallback', includeAuthInfoInExample: false},
      (error, result) => {
        const collection = result?.result ? result.output?.[0]?.data : undefined;
        if (error || !collection) {
          reject(new Error(`openapi-to-postmanv2 could not convert the description: ${error?.message ?? result?.reason}`));
        } else {
          resolve(collection as PostmanCollection);
        }
      },
    );
  });
}

/** `METHOD /path` of a request of the collection, as operationsByRequest names operations. */
const requestKey = ({request}: PostmanRequest) => `${request.method} /${request.url.path.join('/')}`;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The converter gives the collection and each item a random UUID, so every build wrote a different
 * file, and Postman, which knows a collection by `_postman_id`, saw a new one at each import. These
 * are name-based instead (the UUID version 5 layout over SHA-1): the same description and provider
 * give the same ids.
 */
function withStableIds(collection: PostmanCollection): PostmanCollection {
  let count = 0;
  return mapStrings(collection, (text, key) => {
    if ((key !== 'id' && key !== '_postman_id') || !uuid.test(text)) {
      return text;
    }
    const hash = createHash('sha1').update(`${collection.info.name} ${count++}`).digest('hex');
    const variant = ((parseInt(hash[16], 16) & 0x3) | 0x8).toString(16);
    return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
  });
}

type OperationFacts = {operationId: string; open: boolean; hasBody: boolean; answer: SuccessAnswer};

/** `METHOD /path` of every operation, with what the contract says of its security and body. */
function operationsByRequest(document: OpenApiDocument): Map<string, OperationFacts> {
  const operations = new Map<string, OperationFacts>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of httpMethods) {
      const operation = pathItem[method] as {operationId: string; security?: object[]; requestBody?: object; responses?: Record<string, unknown>; 'x-portal-choices'?: string[]} | undefined;
      if (operation) {
        operations.set(`${method.toUpperCase()} ${path}`, {
          operationId: operation.operationId,
          open: operation.security?.length === 0,
          hasBody: Boolean(operation.requestBody),
          answer: successAnswer(document, operation),
        });
      }
    }
  }
  return operations;
}

export async function postmanCollection(document: OpenApiDocument & {info: {title: string}}): Promise<PostmanCollection> {
  const collection = withStableIds(await convert(document));
  const operations = operationsByRequest(document);
  const tokenPath = 'POST /authentication/user/token';
  const seen = new Set<string>();
  for (const folder of collection.item) {
    for (const request of folder.item) {
      const key = requestKey(request);
      const operation = operations.get(key);
      if (!operation) {
        throw new Error(`Postman collection: request "${request.name}" (${key}) matches no operation of the description`);
      }
      seen.add(key);
      if (!operation.hasBody) {
        // The converter gives GET requests an empty body object; Postman would show a Body tab for it.
        delete request.request.body;
      }
      if (operation.open) {
        request.request.auth = {type: 'noauth'};
      }
      if (key === tokenPath) {
        request.event = [...(request.event ?? []), storeToken];
      }
      const chain = pickupChain[operation.operationId];
      if (chain?.sends && request.request.body?.raw) {
        const body = JSON.parse(request.request.body.raw) as Record<string, unknown>;
        body.pickupNumber = `{{${pickupNumberVariable}}}`;
        request.request.body.raw = JSON.stringify(body, null, 2);
      }
      request.event = [...(request.event ?? []), contractScript(operation.operationId, operation.answer, chain?.stores ? storePickupNumber(operation.operationId, operation.answer.shapeAssumed) : [])];
    }
  }
  const missing = [...operations.keys()].filter((key) => !seen.has(key));
  if (missing.length > 0) {
    throw new Error(`Postman collection: the converter left out ${missing.join(', ')}`);
  }
  const first = collection.item[0]?.item[0];
  if (first && requestKey(first) !== tokenPath) {
    throw new Error('Postman collection: the token call must come first, so that a run top to bottom has a token');
  }
  collection.variable = [
    {key: 'baseUrl', value: localSandboxUrl, type: 'string', description: `The portal's sandbox on this computer: download carrier-sandbox.mjs from the portal's Test environment page and start it with node carrier-sandbox.mjs. Set the carrier's testing base URL here to call the carrier instead.`},
    {key: tokenVariable, value: '', type: 'string', description: 'Set by the token call of the Authentication folder.'},
    {key: pickupNumberVariable, value: '', type: 'string', description: 'Set by Request a pickup, then by Reschedule a pickup (a reschedule gives a new number); sent by the reschedule and the cancel.'},
  ];
  return collection;
}
