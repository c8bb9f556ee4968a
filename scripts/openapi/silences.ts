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

/** The sentence a description carries where it has `x-not-stated`. */
export const notStatedSentence = 'Not stated by the carrier:';

/** What a description says the carrier leaves open: the words after "Not stated by the carrier:". */
export function notStatedClause(description: string | undefined): string | undefined {
  const flat = (description ?? '').replace(/\s+/g, ' ');
  const at = flat.indexOf(notStatedSentence);
  return at < 0 ? undefined : flat.slice(at + notStatedSentence.length).trim();
}

/** `"3, Pickup request"`: a section of the specification (3 to 9), then what in it. */
export const specReference = /^[3-9], \S.*$/;

type Described = {$ref?: string; description?: string; 'x-not-stated'?: string[]; schema?: Described; [key: string]: unknown};

/**
 * A property or parameter that gives its own description in place of its schema's would hide what
 * that schema leaves open (a `pickupNumber` "to cancel" would lose that its non-empty bound is only
 * stated for a reschedule). The bundle step carries the schema's `Not stated by the carrier:` clause
 * and its aspects onto it, so the note is written once, in the schema, and read wherever the field is
 * met: in /api/, in the guides' tables and in the downloads. A request body or an answer is a holder
 * too: /api/ shows its description, not its schema's, so it takes the schema's note (a request body
 * without a description of its own takes the schema's whole description).
 */
export function carryReferencedNotes<T>(document: T): T {
  const schemas = ((document as {components?: {schemas?: Record<string, Described>}}).components?.schemas ?? {}) as Record<string, Described>;
  const targetOf = (ref: unknown) => (typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? schemas[ref.slice('#/components/schemas/'.length)] : undefined);
  /** Lays the note of `target` onto `holder`, whose own description replaces the target's. */
  const carry = (holder: Described, target: Described | undefined) => {
    const clause = notStatedClause(target?.description);
    if (!target || !clause || typeof holder.description !== 'string') {
      return;
    }
    const own = holder.description.trim();
    const ownAspects = holder['x-not-stated'] ?? [];
    const hasOwnNote = notStatedClause(own) !== undefined;
    // A field with its own note that names every aspect its schema leaves open has said it in its words.
    if (hasOwnNote && (target['x-not-stated'] ?? []).every((aspect) => ownAspects.includes(aspect))) {
      return;
    }
    const lead = hasOwnNote ? 'Also not stated:' : notStatedSentence;
    holder.description = `${own}${/[.:)]$/.test(own) ? '' : '.'} ${lead} ${clause}`;
    holder['x-not-stated'] = [...new Set([...ownAspects, ...(target['x-not-stated'] ?? [])])];
  };
  const visit = (node: unknown, inParameters: boolean): void => {
    if (!node || typeof node !== 'object') {
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item) => visit(item, inParameters));
      return;
    }
    const record = node as Described;
    if (record.$ref) {
      carry(record, targetOf(record.$ref));
    }
    // A request body or an answer shows its own description on /api/, never its schema's: a reader
    // who lands on the operation would miss that the body's required fields or limits are a reading.
    const bodySchema = (record.content as Record<string, {schema?: Described}> | undefined)?.['application/json']?.schema;
    const bodyTarget = targetOf(bodySchema?.$ref);
    if (bodyTarget && record.description === undefined && notStatedClause(bodyTarget.description)) {
      record.description = bodyTarget.description;
      record['x-not-stated'] = [...(bodyTarget['x-not-stated'] ?? [])];
    } else if (bodyTarget) {
      carry(record, bodyTarget);
    }
    // A parameter's own description stands for its schema's, which /api/ does not show beside it.
    if (inParameters && typeof record.in === 'string' && record.schema?.$ref) {
      carry(record, targetOf(record.schema.$ref));
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'examples' && key !== 'example' && key !== 'x-codeSamples') {
        visit(value, inParameters || key === 'parameters');
      }
    }
  };
  visit(document, false);
  return document;
}

/**
 * The JSON types (or, for dates and times, the forms) the specification states, by schema (`ProbillNumber`)
 * or by `Schema.property`; each with its words. Every other type in the contract is its reading of the
 * field's name, limits and examples, and the guides' field tables say which is which under each table.
 */
export const statedTypes: Record<string, string> = {
  ProbillNumber: 'Every probillNumber is an integer',
  NumericDate: 'Dates are numbers in YYYYMMDD',
  NumericTime: 'times in HHMMSS (numbers, in tracking)',
  CalendarDate: 'YYYY-MM-DD',
  ClockTime: 'HH:MM',
  'Transit.transitDays': 'transitDays (integer)',
  'IncomingFreight.estArrivalDate': 'estArrivalDate as YYYYMMDD',
  'TokenResponse.access_token': 'a bearer token (JWT)',
  'ProbillDocument.createdAt': 'createdAt (date-time)',
  'EtaResponse.calculatedAt': 'calculatedAt (ISO date-time)',
  'ProofOfDeliveryRequest.eventTime': 'eventTime (ISO 8601 UTC date-time)',
  'ProofOfDeliveryRequest.podImage': 'podImage (base64 image)',
  'EtaError.statusCode': 'statusCode (number)',
  'ValidationError.message': 'message (an array)',
  'CarrierDocumentResponse.document': 'document (base64)',
  'ProbillTrackingListResponse.results': 'page until an empty results array returns',
  'GetDocumentsResponse.documents': 'documents (array of ProbillDocument …)',
  'BolDocumentsResponse.documents': 'also carries a documents array',
};
