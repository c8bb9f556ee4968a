/**
 * What a console edits and what it sends, built from the contract: each query parameter as a field
 * prefilled with its example, and the body prefilled with the operation's first request example.
 * Pure functions over the sandbox's Contract, so they run in the browser and in the unit tests.
 */
import {parameterExample, type Contract, type OperationEntry, type ParameterObject, type SchemaObject} from '../../sandbox/engine/contract';
import type {SandboxRequest} from '../../sandbox/engine/engine';

/** The contract's token call: the console runs it to get a bearer token. */
export const tokenOperationId = 'createUserToken';

export type ParameterField = {
  name: string;
  required: boolean;
  description?: string;
  /** The allowed values, when the schema enumerates them (shown as a choice, not free text). */
  choices?: string[];
};

/** What a console holds for one operation; kept while the page lives. */
export type Draft = {
  query: Record<string, string>;
  /** The raw text of the request body; undefined for an operation without one. */
  body?: string;
};

/**
 * The request a console sends: the sandbox engine's own request shape, with the query in the path,
 * so the in-browser sandbox takes it as it is and fetch and curl add only the base URL.
 */
export type OutgoingRequest = Omit<SandboxRequest, 'query' | 'headers'> & {headers: Record<string, string>};

type DescribedParameter = ParameterObject & {description?: string};

export function parameterFields(contract: Contract, entry: OperationEntry): ParameterField[] {
  return (entry.operation.parameters ?? [])
    .map((parameter) => contract.resolve<DescribedParameter>(parameter))
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const schema = contract.resolve<SchemaObject>(parameter.schema);
      const choices = Array.isArray(schema.enum) ? schema.enum.map(String) : undefined;
      return {name: parameter.name, required: parameter.required === true, description: parameter.description, choices};
    });
}

export function initialDraft(contract: Contract, entry: OperationEntry): Draft {
  const query = Object.fromEntries(
    (entry.operation.parameters ?? [])
      .map((parameter) => contract.resolve<ParameterObject>(parameter))
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, parameterExample(parameter)] as const)
      .map(([name, example]) => [name, example === undefined ? '' : String(example)]),
  );
  if (!entry.operation.requestBody) {
    return {query};
  }
  const [firstExample] = Object.values(contract.requestExamples(entry));
  return {query, body: firstExample === undefined ? '' : JSON.stringify(firstExample, null, 2)};
}

/** The query as sent: empty fields are left out, as a user who clears a field means. */
export function queryString(query: Record<string, string>): string {
  const filled = Object.entries(query).filter(([, value]) => value !== '');
  return filled.length === 0 ? '' : `?${new URLSearchParams(filled).toString()}`;
}

export function outgoingRequest(contract: Contract, entry: OperationEntry, draft: Draft, token: string | undefined): OutgoingRequest {
  const headers: Record<string, string> = {};
  if (contract.requiresToken(entry) && token) {
    headers.Authorization = `Bearer ${token}`;
  }
  const hasBody = entry.operation.requestBody !== undefined && draft.body !== undefined && draft.body.trim() !== '';
  if (hasBody) {
    headers['Content-Type'] = 'application/json';
  }
  return {
    method: entry.method.toUpperCase(),
    path: `${entry.path}${queryString(draft.query)}`,
    headers,
    body: hasBody ? draft.body : undefined,
  };
}

/** The token call with these credentials. */
export function tokenRequest(contract: Contract, credentials: {id: string; pw: string}): OutgoingRequest {
  return outgoingRequest(contract, contract.operation(tokenOperationId), {query: {}, body: JSON.stringify(credentials)}, undefined);
}

/** The example credentials of the token call's request, which the sandbox accepts. */
export function exampleCredentials(contract: Contract): {id: string; pw: string} {
  const [credentials] = Object.values(contract.requestExamples(contract.operation(tokenOperationId)));
  return credentials as {id: string; pw: string};
}
