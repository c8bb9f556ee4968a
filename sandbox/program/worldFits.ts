/**
 * Whether a world kept by a sandbox of another contract version still fits this contract: every field
 * its probills hold is one the contract's answers still have. A state file then survives a release
 * that does not touch what it holds (a reworded description, an added field), and is refused, naming
 * the field, when a release removed something it holds.
 */
import type {World} from '../engine/world';

type Schema = {$ref?: string; properties?: Record<string, Schema>; allOf?: Schema[]; items?: Schema; type?: string | string[]; anyOf?: Schema[]; oneOf?: Schema[]};
type ContractDocument = {components?: {schemas?: Record<string, Schema>}};

/** The record kinds of a world and the contract schema each one has the shape of (world.ts). */
const recordSchemas = {probills: 'ProbillTracking', agentProbills: 'AgentProbillDetail'} as const;

function resolved(document: ContractDocument, schema: Schema): Schema {
  const name = schema.$ref?.split('/').pop();
  return name ? resolved(document, document.components?.schemas?.[name] ?? {}) : schema;
}

/** The properties an object schema allows, its `allOf` parts' included; undefined when it names none. */
function propertiesOf(document: ContractDocument, schema: Schema): Record<string, Schema> | undefined {
  const own = resolved(document, schema);
  const parts = [own, ...(own.allOf ?? []).map((part) => resolved(document, part))];
  const named = parts.filter((part) => part.properties);
  return named.length ? Object.assign({}, ...named.map((part) => part.properties)) : undefined;
}

/** The paths of the fields `value` holds that `schema` does not have. */
function fieldsOutside(document: ContractDocument, schema: Schema, value: unknown, path: string): string[] {
  const own = resolved(document, schema);
  if (Array.isArray(value)) {
    return own.items ? value.flatMap((entry, index) => fieldsOutside(document, own.items!, entry, `${path}[${index}]`)) : [];
  }
  if (!value || typeof value !== 'object') {
    return [];
  }
  const alternatives = own.anyOf ?? own.oneOf;
  if (alternatives) {
    // Fits when one alternative has every field.
    const tries = alternatives.map((alternative) => fieldsOutside(document, alternative, value, path));
    return tries.find((outside) => outside.length === 0) ?? tries[0] ?? [];
  }
  const properties = propertiesOf(document, own);
  if (!properties) {
    return [];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    key in properties ? fieldsOutside(document, properties[key], inner, `${path}.${key}`) : [`${path}.${key}`],
  );
}

/** The first field of a world that this contract no longer has, as `probills.40512387.pod.signer`, or undefined. */
export function worldMisfit(document: ContractDocument, world: World): string | undefined {
  for (const [kind, schemaName] of Object.entries(recordSchemas) as [keyof typeof recordSchemas, string][]) {
    const schema = document.components?.schemas?.[schemaName];
    if (!schema) {
      return `${kind} (the contract has no ${schemaName} any more)`;
    }
    for (const [id, record] of Object.entries(world[kind])) {
      const [outside] = fieldsOutside(document, schema, record, `${kind}.${id}`);
      if (outside) {
        return outside;
      }
    }
  }
  return undefined;
}
