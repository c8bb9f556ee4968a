/**
 * The parts of the bundled OpenAPI description the sandbox reads: its routes, each operation's
 * security, parameters, request body and documented answers, and the named examples it starts its
 * answers from. The description arrives as data (parsed `openapi.json`), never as a file read, so
 * this runs unchanged in Node and in a browser.
 */

export type Reference = {$ref: string};
export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  pattern?: string;
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  contains?: SchemaObject;
  [keyword: string]: unknown;
};
export type ExampleObject = {summary?: string; description?: string; 'x-not-stated'?: string[]; value: unknown};
export type ParameterObject = {name: string; in: string; required?: boolean; schema: SchemaObject; example?: unknown; examples?: Record<string, ExampleObject>};

/**
 * The named example a parameter's value comes from: the first of its `examples`, which a parameter uses
 * when the value needs a note (the tracking list's `limit`); undefined when it has a bare `example`.
 */
export function namedParameterExample<E extends {value: unknown}>(parameter: {example?: unknown; examples?: Record<string, E>}): E | undefined {
  return parameter.example !== undefined ? undefined : Object.values(parameter.examples ?? {})[0];
}

/**
 * The value a parameter's example gives: its `example`, or its named example's. The code samples, the
 * Try it console and the sandbox's tests all prefill from it.
 */
export function parameterExample(parameter: Pick<ParameterObject, 'example' | 'examples'>): unknown {
  return parameter.example !== undefined ? parameter.example : namedParameterExample(parameter)?.value;
}
export type ResponseObject = {description: string; content?: Record<string, {schema?: SchemaObject; examples?: Record<string, ExampleObject | Reference>}>};
export type OperationObject = {
  operationId: string;
  security?: object[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: {content?: Record<string, {schema?: SchemaObject; examples?: Record<string, ExampleObject | Reference>}>};
  responses: Record<string, ResponseObject | Reference>;
};
/** One move of the sandbox's probill lifecycle (the contract's `x-sandbox-lifecycle`, the portal's assumption). */
export type LifecycleMove = {operation: string; sent?: string; from: string; sets: string; note?: string};

export type ContractDocument = {
  'x-sandbox-lifecycle'?: LifecycleMove[];
  security?: object[];
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, Record<string, unknown>>;
};

export type OperationEntry = {method: string; path: string; operation: OperationObject};

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export class Contract {
  private readonly byPath = new Map<string, Map<string, OperationEntry>>();
  private readonly byId = new Map<string, OperationEntry>();

  constructor(readonly document: ContractDocument) {
    for (const [path, item] of Object.entries(document.paths)) {
      const operations = new Map<string, OperationEntry>();
      for (const method of methods.filter((candidate) => item[candidate])) {
        const entry = {method, path, operation: item[method]};
        operations.set(method, entry);
        this.byId.set(entry.operation.operationId, entry);
      }
      this.byPath.set(path, operations);
    }
  }

  /** The operations of a path, by lower-case method; undefined for a path the contract lacks. */
  route(path: string): Map<string, OperationEntry> | undefined {
    return this.byPath.get(path);
  }

  operation(operationId: string): OperationEntry {
    const entry = this.byId.get(operationId);
    if (!entry) {
      throw new Error(`sandbox: the contract has no operation "${operationId}"`);
    }
    return entry;
  }

  operations(): OperationEntry[] {
    return [...this.byId.values()];
  }

  requiresToken(entry: OperationEntry): boolean {
    return (entry.operation.security ?? this.document.security ?? []).length > 0;
  }

  resolve<T>(value: T | Reference): T {
    if (value && typeof value === 'object' && '$ref' in value) {
      const [, , kind, name] = (value as Reference).$ref.split('/');
      const target = this.document.components[kind]?.[name];
      if (target === undefined) {
        throw new Error(`sandbox: unresolved reference ${(value as Reference).$ref}`);
      }
      return this.resolve(target as T | Reference);
    }
    return value as T;
  }

  /** A named example's value (`PickupRequestExample`), as a fresh copy the caller may change. */
  example<T = Record<string, unknown>>(name: string): T {
    const example = this.document.components.examples?.[name] as ExampleObject | undefined;
    if (!example) {
      throw new Error(`sandbox: the contract has no example "${name}"`);
    }
    return structuredClone(example.value) as T;
  }

  /** The status a call sets on a probill, as the lifecycle table gives it; throws when the table has no such move. */
  lifecycleStatus(operationId: string, sent?: string): string {
    const move = (this.document['x-sandbox-lifecycle'] ?? []).find((candidate) => candidate.operation === operationId && candidate.sent === sent);
    if (!move) {
      throw new Error(`sandbox: the contract's x-sandbox-lifecycle has no move for ${operationId}${sent ? ` with ${sent}` : ''}`);
    }
    return move.sets;
  }

  /** The documented statuses of an operation. */
  statuses(entry: OperationEntry): string[] {
    return Object.keys(entry.operation.responses);
  }

  /** The first example of an answer (`successExample(entry)` for the first 2xx), as a fresh copy. */
  responseExample<T = Record<string, unknown>>(entry: OperationEntry, status?: string, exampleKey?: string): T | undefined {
    const code = status ?? this.statuses(entry).find((candidate) => candidate.startsWith('2'))!;
    const response = this.resolve(entry.operation.responses[code]);
    const examples = response?.content?.['application/json']?.examples ?? {};
    const chosen = exampleKey ? examples[exampleKey] : Object.values(examples)[0];
    return chosen ? (structuredClone(this.resolve(chosen).value) as T) : undefined;
  }

  /** The status of an operation's success answer. */
  successStatus(entry: OperationEntry): number {
    return Number(this.statuses(entry).find((candidate) => candidate.startsWith('2')));
  }

  /** The request examples of an operation, by name. */
  requestExamples(entry: OperationEntry): Record<string, unknown> {
    const examples = entry.operation.requestBody?.content?.['application/json']?.examples ?? {};
    return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, structuredClone(this.resolve(example).value)]));
  }
}
