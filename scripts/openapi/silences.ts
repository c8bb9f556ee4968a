/**
 * How the contract marks what the carrier's specification leaves open (the rule in openapi/README.md).
 *
 * - `x-not-stated: [aspect, …]` on a schema, property, parameter, response, example or operation
 *   whose description says `Not stated by the carrier: …`: the aspects, from the list below, that
 *   the specification does not give. The sentence says it to readers; the list says it to tools and
 *   tests, and lets a guide render the note (`<NotStated schema="…" />`) instead of retyping it.
 * - `x-spec: "<section>, <entity>"` on every schema and operation: where in the specification it
 *   comes from (`"3, Pickup request"`, `"7, POST /order/pickup/request"`).
 * - `x-portal-choices: [choice, …]` on an operation: what the contract had to choose where the
 *   specification is silent, written by the bundle step (portalChoices.ts) with a sentence in the
 *   operation's description, so a reader who lands on the operation meets the label there.
 */

/** What the specification can leave open about a field, a schema or a call. */
export const notStatedAspects = {
  type: 'the type',
  format: 'the format',
  unit: 'the unit',
  bounds: 'the limits',
  values: 'the allowed values or their spelling',
  required: 'which fields are required',
  shape: 'the shape',
  presence: 'whether or when it is present',
  meaning: 'what it holds',
  status: 'the HTTP status',
  message: 'the message',
  behaviour: 'how the carrier behaves',
} as const;

export type NotStatedAspect = keyof typeof notStatedAspects;

/** The sentence a description carries where it has `x-not-stated`. */
export const notStatedSentence = 'Not stated by the carrier:';

/** `"3, Pickup request"`: a section of the specification (3 to 9), then what in it. */
export const specReference = /^[3-9], \S.*$/;
