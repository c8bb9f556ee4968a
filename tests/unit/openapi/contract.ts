import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

import {httpMethods, resolve, type OpenApiDocument, type Operation} from '../../../contract/codeSamples';
import {openApiJsonPath, publishedFile} from '../../../contract/outputs';

/** The bundled description, as the site publishes it at /openapi.json. */
export function loadContract(): OpenApiDocument & {components: Record<string, Record<string, unknown>>} {
  const file = publishedFile(path.resolve(__dirname, '../../..'), openApiJsonPath);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run openapi:bundle\` (npm test does) first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

export const contract = loadContract();

export type OperationEntry = {path: string; method: string; operation: Operation & Record<string, unknown>};

export function operations(): OperationEntry[] {
  return Object.entries(contract.paths).flatMap(([pathName, pathItem]) =>
    httpMethods.filter((method) => pathItem[method]).map((method) => ({path: pathName, method, operation: pathItem[method] as OperationEntry['operation']})),
  );
}

const documentId = 'https://portal.test/openapi.json';

/**
 * A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) over the bundle's components, strict about
 * unknown keywords so a misspelt `maxlength` fails here instead of silently allowing anything.
 */
const ajv = new Ajv2020({strict: true, allErrors: true, strictRequired: false});
addFormats(ajv);
// OpenAPI's own schema keywords and formats that JSON Schema does not define, and the contract's
// marks of what the specification leaves open (contract/silences.ts).
ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs', 'x-spec', 'x-spec-type', 'x-not-stated', 'x-open']);
ajv.addFormat('password', true);
ajv.addKeyword({keyword: 'components', schemaType: 'object'});
ajv.addSchema({$id: documentId, components: contract.components});

const validators = new Map<string, ValidateFunction>();

/** A validator for a schema named by pointer, e.g. `#/components/schemas/PickupRequest`. */
export function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({$ref: `${documentId}${pointer}`});
    validators.set(pointer, validate);
  }
  return validate;
}

/** A validator for a schema object taken from the document (it may hold `$ref`s into components). */
export function validatorForSchema(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({$id: `https://portal.test/inline/${validators.size}.json`, ...rebase(schema)});
    validators.set(key, validate);
  }
  return validate;
}

/** Points the document's local `#/components/...` references at the registered document. */
function rebase(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value), (key, inner) => (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `${documentId}${inner}` : inner));
}

export function errorsOf(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, {separator: '\n'});
}

/** The value of a named example component, e.g. `PickupRequestExample`. */
export function exampleValue<T = Record<string, unknown>>(name: string): T {
  const example = contract.components.examples?.[name] as {value: T} | undefined;
  if (!example) {
    throw new Error(`No example named ${name} in components.examples`);
  }
  return structuredClone(example.value);
}

export {resolve};

export type ContractSchema = {$ref?: string; description?: string; properties?: Record<string, ContractSchema>; items?: ContractSchema; allOf?: ContractSchema[]; 'x-not-stated'?: string[]};
