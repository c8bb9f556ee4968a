/**
 * Every value that makes the sandbox take a path the carrier's rules allow but a plain request never
 * reaches: a refusal with `result: false`, a 403 or 404 on documents, the two ETA 422s, a pickup that a
 * driver has already been assigned. The engine reads them from here and the Test environment page
 * renders its table from here, so the page cannot drift from the sandbox.
 *
 * Where the contract's own refusal examples name a value (`Unknown ship-from code DAL09`), the trigger
 * is that value, so the example and the sandbox tell the same story.
 */

/** The password the token call accepts, with any account id: the contract's example credentials. */
export const sandboxPassword = 's3cure-Passw0rd';

export type MagicValue = {
  /** The call, as `METHOD /path`. */
  call: string;
  /** Where to put the value, in the request. */
  field: string;
  value: string | number;
  /** What the sandbox answers. */
  effect: string;
};

export const magic = {
  /** A pickup requested (or a BOL with pickup created) with this `bol` is born assigned to a driver. */
  assignedPickupBol: 'SANDBOX-ASSIGNED',
  /** Seeded in every world: already assigned to a driver, so it can be neither rescheduled nor cancelled. */
  assignedPickupNumber: 'PU7731077',
  /** Seeded in every world: picked up (completed), with a probill. */
  completedPickupNumber: 'PU7731042',
  refusedShipFromCode: 'DAL09',
  refusedShipToCode: 'DAL09',
  refusedClientCode: 'DLTMILLX',
  refusedDestinationZipcode: '99999',
  /** Has no BOL: the BOL documents and labels calls answer `result: false`. */
  probillWithoutBol: 40512399,
  documentsForbiddenProbill: 40300000,
  documentsNotFoundProbill: 40400000,
  documentsEmptyProbill: 20400000,
  etaLimitedPickupAreaOrigin: '99501',
  etaTransitUnavailableDestination: '99950',
  /** The phone number the sandbox puts in place of `{phone}` in the ETA message. */
  etaPhone: '8005550134',
  /** The token call gives this account a token that has already expired, to test a client's renewal. */
  expiredTokenAccount: 'SANDBOX-EXPIRED',
  /** The agent calls on this probill answer `result: false`. */
  agentRefusedProbill: 40500000,
  /** A manifest arrival of this manifest answers `result: false`. */
  agentRefusedManifest: 200000,
} as const;

/**
 * The `error` of each refusal a trigger brings: the engine answers with it and the pages quote it, so
 * an integrator can assert on it from the call's own section.
 */
export const refusalErrors = {
  shipFrom: `Unknown ship-from code ${magic.refusedShipFromCode}`,
  shipTo: `Unknown ship-to code ${magic.refusedShipToCode}`,
  client: `Client code ${magic.refusedClientCode} not found`,
  destination: `Destination zip code ${magic.refusedDestinationZipcode} is not in the service area`,
  duplicatePlan: (planId: string) => `Duplicate planId ${planId}`,
  noBol: (probillNumber: unknown) => `No BOL found for probill ${probillNumber}`,
};

/** The agent calls that take a probill and answer with `result`. */
const agentProbillWrites = ['POST /agent/probill/status', 'POST /agent/probill/pod', 'POST /agent/probill/appointment'];

/** One row per call, for a trigger that works the same on each of them. */
const onEachOf = (calls: string[], trigger: Omit<MagicValue, 'call'>): MagicValue[] => calls.map((call) => ({call, ...trigger}));

/** The table of the Test environment page: one row per trigger. */
export const magicValues: MagicValue[] = [
  {call: 'POST /authentication/user/token', field: 'pw', value: sandboxPassword, effect: 'A token for the account named by `id`, whatever the id. Another password answers 400.'},
  {call: 'POST /authentication/user/token', field: 'id', value: magic.expiredTokenAccount, effect: 'A token that has already expired (`expires_in` 0): every call with it answers 401, as an expired token does.'},
  ...onEachOf(['POST /order/pickup/request', 'POST /ltl/bol/pickup'], {
    field: 'bol',
    value: magic.assignedPickupBol,
    effect: 'The new pickup is already assigned to a driver: reschedule and cancel answer 422.',
  }),
  {call: 'POST /order/pickup/reschedule', field: 'pickupNumber', value: magic.assignedPickupNumber, effect: '422: the pickup is already assigned (seeded in every account).'},
  {call: 'POST /order/pickup/cancel', field: 'pickupNumber', value: magic.completedPickupNumber, effect: '422: the pickup is already completed (seeded in every account).'},
  {call: 'POST /wms/shipment/create', field: 'shipFrom.shipFromCode', value: magic.refusedShipFromCode, effect: `\`result: false\` with the error \`${refusalErrors.shipFrom}\`.`},
  {call: 'POST /wms/receipt/create', field: 'shipTo.shipToCode', value: magic.refusedShipToCode, effect: `\`result: false\` with the error \`${refusalErrors.shipTo}\`.`},
  {call: 'GET /wms/inventory/inquiry', field: 'clientCode', value: magic.refusedClientCode, effect: `\`result: false\` with the error \`${refusalErrors.client}\`.`},
  {call: 'POST /distributionPlan/submit', field: 'planId', value: 'any planId sent before', effect: `\`result: false\` with the error \`${refusalErrors.duplicatePlan('<planId>')}\`: the plan was already submitted in this account (the sandbox's choice: the carrier does not say whether a \`planId\` must be unique).`},
  {call: 'POST /ltl/rate/quote', field: 'destinationZipcode', value: magic.refusedDestinationZipcode, effect: `\`result: false\` with the error \`${refusalErrors.destination}\`.`},
  // Not a value of the sandbox's own but the carrier's rule, whose answer it does not give: listed so
  // the call's section says what the sandbox answers (an integrator's task found it only in the call's
  // open questions). The message is the contract's rule read by the validator (engine/validation.ts).
  {call: 'POST /ltl/rate/quote', field: 'specialServices', value: 'both INSIDE_DELIVERY and RESIDENTIAL_DELIVERY', effect: '400 with the message `specialServices cannot contain INSIDE_DELIVERY and RESIDENTIAL_DELIVERY together`.'},
  ...onEachOf(['GET /ltl/bol/documents', 'GET /ltl/bol/documents/bol', 'GET /ltl/bol/documents/labels'], {
    field: 'probillNumber',
    value: magic.probillWithoutBol,
    effect: `\`result: false\` with the error \`${refusalErrors.noBol(magic.probillWithoutBol)}\`.`,
  }),
  {call: 'GET /documents/probill', field: 'probillNumber', value: magic.documentsForbiddenProbill, effect: '403 with no body: the documents cannot be accessed.'},
  {call: 'GET /documents/probill', field: 'probillNumber', value: magic.documentsNotFoundProbill, effect: '404 with no body: the probill does not exist.'},
  {call: 'GET /documents/probill', field: 'probillNumber', value: magic.documentsEmptyProbill, effect: 'An empty `documents` array.'},
  ...onEachOf(agentProbillWrites, {field: 'probillNumber', value: magic.agentRefusedProbill, effect: '`result: false`.'}),
  {call: 'POST /agent/manifest/arrive', field: 'manifestNumber', value: magic.agentRefusedManifest, effect: '`result: false`.'},
  {call: 'GET /transit/eta', field: 'originZipcode', value: magic.etaLimitedPickupAreaOrigin, effect: '422: `Limited pickup area. Call Origin Service Center for definite pickup date`.'},
  {call: 'GET /transit/eta', field: 'destinationZipcode', value: magic.etaTransitUnavailableDestination, effect: `422: \`Unable to calculate transit for specified zip codes. Please call {phone} for more information\`, with ${magic.etaPhone} for {phone}.`},
];
