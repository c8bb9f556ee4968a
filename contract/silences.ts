/**
 * How the contract marks what the carrier's specification leaves open (the rule in openapi/README.md).
 * Each silence has one home, the schema, property, parameter, response or operation that leaves the
 * gap, and is data there, never a sentence in its description:
 *
 * ```yaml
 * x-not-stated: [unit]                 # the aspects open, for tools (the list below)
 * x-open:
 *   question: the unit                 # what is open: a short phrase
 *   assumed: pounds, as on Item        # optional: what this portal assumes to fill it
 *   sandbox: refuses a repeated planId # optional: what the sandbox does, where the contract cannot show it
 * ```
 *
 * The description states only what the carrier states. The bundle step gives each marked node a
 * short marker on /api/ ("Open: the unit") that links to its row in the register of open questions;
 * the guides list a call's rows once, in its Open questions block (`<OpenQuestions operation="…" />`),
 * and the register page lists every row once (`<OpenQuestionsRegister />`).
 * - `x-spec: "<section>, <entity>"` on every schema and operation: where in the specification it
 *   comes from (`"3, Pickup request"`, `"7, POST /order/pickup/request"`); on a field, a bound, an
 *   enumeration or a `required` list, the citation of the specification's words (citations.ts).
 * - `x-portal-choices: [choice, …]` on an operation: what the contract had to choose where the
 *   specification is silent, written by the bundle step (portalChoices.ts), labelled as a portal
 *   assumption where a reader of the operation meets it.
 */

/** What the specification can leave open about a field, a schema or a call. */
export const notStatedAspects = {
  type: 'the type',
  format: 'the format',
  unit: 'the unit',
  timezone: 'the time zone',
  bounds: 'the limits',
  values: 'the allowed values or their spelling',
  required: 'which fields are required',
  shape: 'the shape',
  presence: 'whether or when it is present',
  meaning: 'what it holds',
  status: 'the HTTP status',
  message: 'the message',
  behaviour: 'how the carrier behaves',
  location: 'where it is',
} as const;

export type NotStatedAspect = keyof typeof notStatedAspects;

/**
 * Where a schema or an operation comes from: `"3, Pickup request"` (a section of the specification,
 * 3 to 9, then what in it), or a citation of the section's words (`'5: "manifest numbers 1-999999"'`,
 * citations.ts), which may be the portal's reading of them (`'assumed: 5: "…"'`).
 */
export const specReference = /^(?:assumed: )?[3-9](?:(?:, | and )[3-9])*(?:, \S.*|: ".+)$/s;
