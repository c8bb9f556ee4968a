/**
 * Request validation straight from the bundled description: ajv compiles each operation's body
 * schema and a schema built from its query parameters, so no field is checked by hand here. What this
 * module adds is the wording: ajv's errors become the carrier's messages, one per problem, each
 * naming its field (`pickupNumber should not be empty`, `pickupWindow.windowDate must be in format
 * (YYYY-MM-DD)`), as the specification's validation bodies do. Where the error catalogue gives the
 * message itself, the sandbox sends those words exactly: a bad HH:MM time, in any field, answers
 * `time must be in format (HH:MM, 00:00-23:59)`, once.
 *
 * ajv rather than openapi-backend: measured with esbuild (minified, browser), ajv with ajv-formats
 * adds 149 KB (44 KB gzip) to a bundle, openapi-backend 457 KB (139 KB gzip); routing needs no library
 * because every path of the contract is a fixed string.
 */
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

import type {ContractDocument, OperationEntry, ParameterObject, SchemaObject} from './contract';

const documentId = 'https://sandbox.invalid/openapi.json';

/** The error catalogue's own message for a bad time (specification, section 8), whatever the field. */
const hhmmPattern = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const catalogueTimeMessage = 'time must be in format (HH:MM, 00:00-23:59)';

/** The wording of a pattern, where a regular expression would tell the integrator little. */
const patternMessages: Record<string, string> = {
  [hhmmPattern]: 'must be in format (HH:MM, 00:00-23:59)',
  '^\\d{4}-\\d{2}-\\d{2}$': 'must be in format (YYYY-MM-DD)',
  '^\\d{5}$': 'must be in format (5 digits; send a 4-digit ZIP code with a leading 0)',
  '^\\d{8}$': 'must be in format (YYYYMMDD)',
};

const typeMessages: Record<string, string> = {
  integer: 'must be an integer number',
  number: 'must be a number conforming to the specified constraints',
  string: 'must be a string',
  boolean: 'must be a boolean value',
  object: 'must be an object',
  array: 'must be an array',
  null: 'must be null',
};

function fieldName(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') {
    parts.push(String(error.params.missingProperty));
  }
  return parts.join('.') || 'body';
}

function constraintText(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'should not be empty';
    case 'type':
      return String(params.type)
        .split(',')
        .map((type) => typeMessages[type] ?? `must be of type ${type}`)
        .join(' or ');
    case 'minLength':
      return params.limit === 1 ? 'should not be empty' : `must be longer than or equal to ${params.limit} characters`;
    case 'maxLength':
      return `must be shorter than or equal to ${params.limit} characters`;
    case 'minimum':
      return `must not be less than ${params.limit}`;
    case 'maximum':
      return `must not be greater than ${params.limit}`;
    case 'minItems':
      return params.limit === 1 ? 'should not be empty' : `must contain at least ${params.limit} elements`;
    case 'maxItems':
      return `must contain no more than ${params.limit} elements`;
    case 'enum':
      return `must be one of the following values: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be equal to ${String(params.allowedValue)}`;
    case 'pattern':
      return patternMessages[String(params.pattern)] ?? `must match ${String(params.pattern)} regular expression`;
    case 'format':
      return params.format === 'email' ? 'must be an email' : `must be a valid ISO 8601 ${params.format === 'date' ? 'date' : 'date-time'} string`;
    case 'not':
      return notMessage(error.schema as SchemaObject);
    case 'oneOf':
    case 'anyOf':
      return alternativesMessage(error.schema as SchemaObject[]);
    default:
      return error.message ?? 'is invalid';
  }
}

/** `not: {allOf: [{contains: {const: A}}, {contains: {const: B}}]}` reads "cannot contain A and B together". */
function notMessage(schema: SchemaObject): string {
  const excluded = (schema.allOf ?? []).map((part) => (part.contains as SchemaObject | undefined)?.const).filter((value) => value !== undefined);
  return excluded.length > 1 ? `cannot contain ${excluded.join(' and ')} together` : 'is not allowed';
}

function alternativesMessage(alternatives: SchemaObject[]): string {
  const forms = alternatives.map((alternative) => {
    const pattern = alternative.pattern ? patternMessages[alternative.pattern]?.replace(/^must be in format /, '') : undefined;
    return alternative.type === 'integer' || alternative.type === 'number' ? 'a number' : pattern ? `a string in format ${pattern}` : `a ${alternative.type ?? 'value'}`;
  });
  return `must be ${forms.join(' or ')}`;
}

/**
 * One message per problem. A failed `oneOf`/`anyOf` speaks for its branches, and a field that fails
 * its pattern is not also reported for the format that the same pattern spells out.
 */
export function messagesOf(errors: ErrorObject[]): string[] {
  const alternatives = errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf');
  const patternPaths = new Set(errors.filter((error) => error.keyword === 'pattern').map((error) => error.instancePath));
  const kept = errors.filter((error) => {
    if (alternatives.some((parent) => parent !== error && error.schemaPath.startsWith(`${parent.schemaPath}/`))) {
      return false;
    }
    return !(error.keyword === 'format' && patternPaths.has(error.instancePath));
  });
  return [
    ...new Set(
      kept.map((error) =>
        error.keyword === 'pattern' && String((error.params as {pattern?: unknown}).pattern) === hhmmPattern ? catalogueTimeMessage : `${fieldName(error)} ${constraintText(error)}`,
      ),
    ),
  ];
}

/**
 * The one form an integer query value takes: decimal digits, with a minus sign for a value that the
 * bound check then refuses by name. ajv's type coercion alone reads `40512387.0`, ` 40512387` and
 * `0x26A2` as numbers, so a typo would reach a record the integrator did not name.
 */
const decimalInteger = /^-?\d+$/;

type OperationValidators = {body?: ValidateFunction; query: ValidateFunction; integerParameters: string[]};

export type Validator = {
  /** The messages for a body, or none when it is valid. */
  body(operation: OperationEntry, body: unknown): string[];
  /** The messages for a query, or none; numbers in the query are converted in place. */
  query(operation: OperationEntry, query: Record<string, unknown>): string[];
};

function newAjv(coerceTypes: boolean) {
  // strict off: the description carries OpenAPI's own keywords (example, discriminator, x-…).
  const ajv = new Ajv2020({allErrors: true, strict: false, verbose: true, coerceTypes});
  addFormats(ajv);
  ajv.addFormat('password', true);
  return ajv;
}

export function createValidator(contract: ContractDocument, resolveParameter: (parameter: ParameterObject | {$ref: string}) => ParameterObject): Validator {
  const bodies = newAjv(false);
  const queries = newAjv(true);
  for (const ajv of [bodies, queries]) {
    ajv.addSchema({$id: documentId, components: contract.components});
  }
  const rebase = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema), (key, value) => (key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${documentId}${value}` : value));

  /** A schema's type, through the `$ref`s of the document's components. */
  const schemaType = (schema: SchemaObject | undefined): unknown => {
    const reference = (schema as {$ref?: string} | undefined)?.$ref;
    if (reference?.startsWith('#/components/schemas/')) {
      return schemaType(contract.components?.schemas?.[reference.slice('#/components/schemas/'.length)] as SchemaObject | undefined);
    }
    return schema?.type;
  };

  const compiled = new Map<string, OperationValidators>();
  function validatorsOf(entry: OperationEntry): OperationValidators {
    let validators = compiled.get(entry.operation.operationId);
    if (!validators) {
      const bodySchema = entry.operation.requestBody?.content?.['application/json']?.schema;
      const parameters = (entry.operation.parameters ?? []).map(resolveParameter).filter((parameter) => parameter.in === 'query');
      validators = {
        integerParameters: parameters.filter((parameter) => schemaType(parameter.schema) === 'integer').map((parameter) => parameter.name),
        body: bodySchema ? bodies.compile(rebase(bodySchema)) : undefined,
        query: queries.compile(
          rebase({
            type: 'object',
            properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
            required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          }),
        ),
      };
      compiled.set(entry.operation.operationId, validators);
    }
    return validators;
  }

  return {
    body(entry, body) {
      const validate = validatorsOf(entry).body;
      return !validate || validate(body) ? [] : messagesOf(validate.errors ?? []);
    },
    query(entry, query) {
      const {query: validate, integerParameters} = validatorsOf(entry);
      const malformed = integerParameters.filter((name) => typeof query[name] === 'string' && !decimalInteger.test(query[name] as string));
      const messages = validate(query) ? [] : messagesOf(validate.errors ?? []);
      return [...new Set([...malformed.map((name) => `${name} ${typeMessages.integer}`), ...messages])];
    },
  };
}
