/**
 * What one exchange with the sandbox relied on: the register's open questions that the request and
 * the answer touched, by their register ids. Where the carrier's specification is silent, the sandbox
 * follows the portal's assumption; a passing integration still takes those on trust, and this is the
 * list of them.
 *
 * "Relied on" means:
 * - the call's own question (what it does, its status), once the call was reached;
 * - a parameter or a body field sent, whose requirement, type, form, bound or meaning is open; an
 *   object sent whose required fields are open;
 * - a field or parameter left out whose own requirement or presence is open (an object's question of
 *   which of its fields are required matters only when the object is sent);
 * - an answer whose status or shape is assumed, with each field it carries.
 * The questions asked across the API (the 401, the success status of the calls without one) are not
 * named on each answer: the go-live report names them once.
 *
 * The rows are the register's own (contract/openQuestions/rows.ts), read from the `x-not-stated` and
 * `x-open` data the served description carries, so an id here is a row of the register page.
 */
import {aspectsOpenFor, openQuestions, referencedComponent, rowsByNode, schemaName, sharedErrorBodies, type Document, type Node, type OpenQuestion} from '../../contract/openQuestions/rows';
import type {ContractDocument, OperationEntry} from './contract';

/** The answer header that names them, comma-separated; absent when an answer relied on nothing. */
export const relianceHeader = 'X-Sandbox-Assumptions';

/** Aspects a request relies on by leaving a field out. */
const absenceAspects = new Set(['required', 'presence']);

export type RelianceReader = {
  /** The register ids an exchange relied on, in reading order (call, parameters, body, answer), each once. */
  of(exchange: {entry: OperationEntry; query: Record<string, unknown>; body: unknown; hasBody: boolean; status: number; answer: unknown}): string[];
  /** The rows by id, for the go-live report. */
  rows: ReadonlyMap<string, OpenQuestion>;
};

export function relianceReader(document: ContractDocument): RelianceReader {
  const contract = document as unknown as Document;
  const rows = openQuestions(contract);
  const rowOf = rowsByNode(rows);
  const target = (node: Node): Node | undefined => referencedComponent(contract, node);
  // The bodies of the shared error answers (ErrorResponse, ValidationError) are the API's, asked once.
  const sharedBodies = sharedErrorBodies(contract);

  /**
   * The rows `schema` leads to for `value`: every row of a node whose value is there, and only the
   * requirement and presence rows of a node whose value is not.
   */
  /** The request or answer schema being walked (`ReschedulePickupRequest`), for `x-open.stated-in`. */
  let walkedCall: string | undefined;
  const walk = (schema: Node | undefined, value: unknown, present: boolean, found: string[], skipShared: boolean, depth = 0): void => {
    if (!schema || typeof schema !== 'object' || depth > 30) return;
    if (skipShared && typeof schema.$ref === 'string' && sharedBodies.has(schema.$ref)) return;
    const row = rowOf.get(schema);
    // A row whose every aspect the specification states for this call (the reschedule's times run
    // 00:00 to 23:59, x-open.stated-in) was not relied on here: the call's Open questions leave it out too.
    const statedHere = Boolean(row && aspectsOpenFor(row, walkedCall).length === 0);
    // An object's `required` question asks which of its fields are: it matters only when it is sent.
    const asksOwnPresence = row?.aspects.some((aspect) => absenceAspects.has(aspect)) && !schema.properties && !schema.allOf;
    if (row && !statedHere && (present || asksOwnPresence)) found.push(row.id);
    const referred = target(schema);
    if (referred) {
      walk(referred, value, present, found, skipShared, depth + 1);
      return;
    }
    // Below a field left out, nothing more was sent or left out.
    if (!present) return;
    const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
      walk(property, object?.[name], object !== undefined && object[name] !== undefined, found, skipShared, depth + 1);
    }
    if (schema.items && Array.isArray(value)) {
      for (const element of value) walk(schema.items as Node, element, true, found, skipShared, depth + 1);
    }
    for (const part of [schema.allOf, schema.anyOf, schema.oneOf].flat().filter(Boolean) as Node[]) {
      walk(part, value, present, found, skipShared, depth + 1);
    }
  };

  return {
    rows: new Map(rows.map((row) => [row.id, row])),
    of({entry, query, body, hasBody, status, answer}) {
      const operation = entry.operation as unknown as Node & {parameters?: Node[]; requestBody?: Node; responses: Record<string, Node>};
      const found: string[] = [];
      walkedCall = undefined;
      const own = rowOf.get(operation);
      if (own) found.push(own.id);
      for (const reference of operation.parameters ?? []) {
        const parameter = target(reference) ?? reference;
        const name = String(parameter.name);
        walk(parameter, query[name], query[name] !== undefined, found, false);
        walk(parameter.schema as Node | undefined, query[name], query[name] !== undefined, found, false);
      }
      const requestBody = operation.requestBody;
      if (requestBody) {
        const bodyRow = rowOf.get(requestBody);
        if (bodyRow) found.push(bodyRow.id);
        const schema = ((requestBody.content as Record<string, {schema?: Node}> | undefined)?.['application/json'])?.schema;
        walkedCall = schemaName(schema);
        walk(schema, body, hasBody, found, false);
      }
      const response = operation.responses[String(status)];
      // A shared answer (the 401, the generic 400) is the API's, asked once.
      if (response && typeof response.$ref !== 'string') {
        const responseRow = rowOf.get(response);
        if (responseRow) found.push(responseRow.id);
        const schema = ((response.content as Record<string, {schema?: Node}> | undefined)?.['application/json'])?.schema;
        walkedCall = schemaName(schema);
        walk(schema, answer, answer !== undefined, found, !String(status).startsWith('2'));
      }
      return [...new Set(found)];
    },
  };
}
