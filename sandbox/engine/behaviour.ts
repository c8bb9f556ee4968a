/**
 * What each call does to an account's world, and what it answers: only the behaviour the description
 * cannot say (state, the rules of spec sections 4 and 8, the magic values). Routing, tokens and
 * request validation happen before a handler runs (engine.ts), so a handler meets only valid input.
 *
 * Every success answer starts from the operation's own response example in the contract and is
 * filled with the request's data and the world's state.
 */
import {agentProbillWrite, agentRefusal, documentsError, processingError, refused, success, unprocessable, validationError, type Handler, type HandlerContext, type Outcome} from './answers';
import {magic, refusalErrors, sandboxPassword} from './magicValues';
import {newPickupNumber, newProbillNumber, type Json} from './world';
import {givenFields, trackingParty, warehouseTracking, type AddressedParty, type BolParty} from './trackingRecords';
import {anchorOf} from '../../contract/openQuestions/rows';

export type {HandlerContext, Outcome} from './answers';

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const isoDate = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
/** Tracking dates and times are numbers YYYYMMDD and HHMMSS (spec section 3). */
const numericDate = (date: Date) => Number(isoDate(date).replace(/-/g, ''));
const numericTime = (date: Date) => date.getUTCHours() * 10000 + date.getUTCMinutes() * 100 + date.getUTCSeconds();
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * An agent's event moves the probill: its tracking's status update is dated from the event's
 * `eventTime` (else now), as its proof of delivery is, so the two never tell different days.
 */
function setStatus(context: HandlerContext, probillNumber: number, status: string): void {
  const tracking = context.world.probills[String(probillNumber)];
  if (tracking) {
    const event = new Date(String(context.body.eventTime));
    const at = Number.isNaN(event.getTime()) ? context.now : event;
    Object.assign(tracking, {status, statusUpdateDate: numericDate(at), statusUpdateTime: numericTime(at)});
  }
  const agent = context.world.agentProbills[String(probillNumber)];
  if (agent) {
    agent.status = status;
  }
}

/** A tracking record for freight the carrier now holds, shaped like the contract's tracking example. */
function trackNewProbill(context: HandlerContext, fields: Json): number {
  const probillNumber = newProbillNumber(context.world);
  const template = context.contract.example<Json>('ProbillTrackingResponseExample');
  context.world.probills[String(probillNumber)] = {
    probillNumber,
    billDate: numericDate(context.now),
    status: 'TENDERED AT ORIGIN',
    statusUpdateDate: numericDate(context.now),
    statusUpdateTime: numericTime(context.now),
    // The terminals and parties a tracked probill shows: the example's, where the call that made it
    // gives none. No invoice: freight just tendered has none yet, and its INVOICE documents are empty.
    originTerminal: template.originTerminal,
    destinationTerminal: template.destinationTerminal,
    shipper: template.shipper,
    consignee: template.consignee,
    ...givenFields(fields),
  };
  return probillNumber;
}

function createPickup(context: HandlerContext, request: Json, probill?: number): string {
  const pickupNumber = newPickupNumber(context.world);
  const window = (request.pickupWindow ?? {}) as {windowDate?: string};
  context.world.pickups[pickupNumber] = {
    pickupNumber,
    status: request.bol === magic.assignedPickupBol ? 'PICKUP ASSIGNED TO DRIVER' : 'PICKUP PENDING',
    windowDate: window.windowDate ?? isoDate(context.now),
    ...(probill ? {probill} : {}),
  };
  return pickupNumber;
}

/** Spec section 4: "A pickup cannot be rescheduled or cancelled once it is assigned, cancelled or completed." */
const changeablePickupStatus = 'PICKUP PENDING';

/** The carrier states no range for `limit` and `pageNumber`: below 1, the sandbox answers an empty page. */
const pageOf = <T>(items: T[], size: number, page: number) => (size < 1 || page < 1 ? [] : items.slice((page - 1) * size, page * size));

const handlers: Record<string, Handler> = {
  async createUserToken(context) {
    // The carrier does not say which fields are required (TokenRequest's open question). A token needs
    // an account to name, so the sandbox refuses one without an id, as its x-open.sandbox says, rather
    // than issuing a token for the account "undefined".
    const {id} = context.body;
    if (typeof id !== 'string' || id.trim() === '') {
      return validationError(['id should not be empty']);
    }
    if (context.body.pw !== sandboxPassword) {
      return processingError();
    }
    const lifetime = id === magic.expiredTokenAccount ? 0 : context.tokenLifetimeSeconds;
    return success(context, {
      access_token: await context.issueToken(id, lifetime),
      token_type: 'Bearer',
      expires_in: lifetime,
    });
  },

  createWarehouseShipment(context) {
    const request = context.body as {shipFrom?: {shipFromCode?: string}; shipTo?: AddressedParty; bolNumber?: string; poNumber?: string; items?: {pieces?: number; weight?: number}[]};
    if (request.shipFrom?.shipFromCode === magic.refusedShipFromCode) {
      return refused(context, refusalErrors.shipFrom);
    }
    return success(context, {result: true, probillNumber: trackNewProbill(context, warehouseTracking(request))});
  },

  createWarehouseReceipt(context) {
    const request = context.body as {shipTo?: {shipToCode?: string}; shipFrom?: AddressedParty; bolNumber?: string; poNumber?: string; items?: {pieces?: number; weight?: number}[]};
    if (request.shipTo?.shipToCode === magic.refusedShipToCode) {
      return refused(context, refusalErrors.shipTo);
    }
    return success(context, {result: true, probillNumber: trackNewProbill(context, warehouseTracking(request))});
  },

  getInventory(context) {
    if (context.query.clientCode === magic.refusedClientCode) {
      return refused(context, refusalErrors.client);
    }
    const answer = success(context);
    const rows = ((answer.body as Json).inventory ?? []) as Json[];
    return {...answer, body: {...(answer.body as Json), inventory: rows.map((row) => ({...row, clientCode: context.query.clientCode}))}};
  },

  submitDistributionPlan(context) {
    const planId = context.body.planId as string | undefined;
    if (planId !== undefined && context.world.planIds.includes(planId)) {
      return refused(context, refusalErrors.duplicatePlan(String(planId)));
    }
    if (planId !== undefined) {
      context.world.planIds.push(planId);
    }
    // `results` as the specification lists it; what an entry holds is open, so the sandbox holds none.
    return success(context, {result: true, results: []});
  },

  requestPickup(context) {
    return success(context, {result: true, pickupNumber: createPickup(context, context.body)});
  },

  reschedulePickup(context) {
    const request = context.body as {pickupNumber: string; pickupWindow?: {windowDate?: string}};
    const pickup = context.world.pickups[request.pickupNumber];
    if (!pickup) {
      return processingError();
    }
    if (pickup.status !== changeablePickupStatus) {
      return unprocessable('Pickup cannot be rescheduled as it is already assigned, cancelled, or completed');
    }
    const newDate = request.pickupWindow?.windowDate ?? pickup.windowDate;
    if (newDate < pickup.windowDate) {
      return unprocessable('New pickup date cannot be earlier than the current scheduled date');
    }
    // Spec section 4: "Rescheduling changes the pickup number; the new number must be used afterwards."
    const pickupNumber = newPickupNumber(context.world);
    delete context.world.pickups[pickup.pickupNumber];
    context.world.pickups[pickupNumber] = {...pickup, pickupNumber, windowDate: newDate};
    return success(context, {result: true, pickupNumber});
  },

  cancelPickup(context) {
    const pickup = context.world.pickups[String(context.body.pickupNumber)];
    if (!pickup) {
      return processingError();
    }
    if (pickup.status !== changeablePickupStatus) {
      return unprocessable('Pickup cannot be cancelled as it is already assigned, cancelled, or completed');
    }
    pickup.status = 'PICKUP CANCELLED';
    // The contract documents no body for this answer.
    return {status: context.contract.successStatus(context.entry)};
  },

  listLiveProbills(context) {
    const limit = (context.query.limit as number | undefined) ?? 50;
    const pageNumber = (context.query.pageNumber as number | undefined) ?? 1;
    const all = Object.values(context.world.probills).sort((a, b) => Number(a.probillNumber) - Number(b.probillNumber));
    return success(context, {result: true, results: pageOf(all, limit, pageNumber)});
  },

  getProbillTracking(context) {
    const probill = context.world.probills[String(context.query.probillNumber)];
    return probill ? {status: 200, body: probill} : processingError();
  },

  getBolTracking(context) {
    const probill = Object.values(context.world.probills).find((candidate) => candidate.bolNumber === context.query.bol);
    return probill ? {status: 200, body: probill} : processingError();
  },

  getPickupTracking(context) {
    const pickup = context.world.pickups[String(context.query.pickupNumber)];
    if (!pickup) {
      return processingError();
    }
    // Before a probill is assigned, null: the field's type says "integer or null", and a client reads the same keys either way.
    return {status: 200, body: {pickupNumber: pickup.pickupNumber, probill: pickup.probill ?? null, status: pickup.status}};
  },

  createBolWithPickup(context) {
    const request = context.body as Json & {bol?: string; purchaseOrder?: string; totalWeight?: number; items?: {numberOfUnits?: number}[]; pickupFrom?: BolParty; shipTo?: BolParty; shipper?: {shipperName?: unknown}};
    const probillNumber = trackNewProbill(context, {
      bolNumber: request.bol,
      purchaseOrderNumber: request.purchaseOrder,
      totalWeight: request.totalWeight,
      totalPieces: request.items?.reduce((sum, item) => sum + (item.numberOfUnits ?? 0), 0),
      // Its tracking names the parties the BOL names, never the example's.
      shipper: trackingParty(request.pickupFrom, request.shipper?.shipperName),
      consignee: trackingParty(request.shipTo),
    });
    return success(context, {result: true, probillNumber, pickupNumber: createPickup(context, request, probillNumber)});
  },

  getBolDocuments(context) {
    const probillNumber = Number(context.query.probillNumber);
    if (probillNumber === magic.probillWithoutBol) {
      return noBol(context);
    }
    const answer = success(context);
    const wanted = context.query.documentType as string;
    const documents = ((answer.body as Json).documents as {fileName: string}[]).filter((document) =>
      wanted === 'ALL' ? true : wanted === 'BOL' ? document.fileName.startsWith('BOL') : document.fileName.startsWith('LABEL'),
    );
    return {...answer, body: {result: true, documents: documents.map((document) => ({...document, fileName: document.fileName.replace(/\d+/, String(probillNumber))}))}};
  },

  getBolDocument: carrierDocument,
  getBolLabels: carrierDocument,

  createRateQuote(context) {
    const request = context.body as {destinationZipcode?: string; tenderDate?: string; specialServices?: string[]; items?: {classCode?: string; weight?: number; type?: string}[]};
    if (request.destinationZipcode === magic.refusedDestinationZipcode) {
      return refused(context, refusalErrors.destination);
    }
    const example = context.contract.responseExample<Json>(context.entry)!;
    const lines = (request.items ?? []).map((item) => {
      const rate = round4(20 + Number(item.classCode ?? 50) / 20);
      return {commodityCode: item.classCode ?? '', description: `${item.type ?? 'Freight'}, class ${item.classCode ?? 'not given'}`, rate, amount: round2(((item.weight ?? 0) / 100) * rate)};
    });
    const freight = round2(lines.reduce((sum, line) => sum + line.amount, 0));
    const accessorials = round2(55 * (request.specialServices?.length ?? 0));
    const percentage = Number(example.fuelSurchargePercentage);
    const fuel = round2((freight * percentage) / 100);
    const tendered = request.tenderDate ? new Date(`${request.tenderDate}T00:00:00Z`) : context.now;
    return success(context, {
      result: true,
      quoteNumber: `Q${context.world.nextQuoteSequence++ % 100000}`,
      quoteAmount: Math.min(round2(freight + accessorials + fuel), 9999999.99),
      quoteExpiryDate: isoDate(addDays(tendered, 30)),
      fuelCharge: fuel,
      totalAccessorialsCharge: accessorials,
      totalFrieghtCharge: freight,
      items: lines,
    });
  },

  getPreassignedProbill(context) {
    // Not tracked: "A preassigned probill becomes trackable only once the carrier holds the freight."
    return success(context, {result: true, probillNumber: newProbillNumber(context.world)});
  },

  listAgentLiveProbills(context) {
    const pageSize = (context.query.pageSize as number | undefined) ?? 50;
    const pageNumber = (context.query.pageNumber as number | undefined) ?? 1;
    const all = Object.values(context.world.agentProbills)
      .sort((a, b) => Number(a.probillNumber) - Number(b.probillNumber))
      .map(({items: _items, ...probill}) => probill);
    return success(context, {result: true, results: pageOf(all, pageSize, pageNumber)});
  },

  getAgentProbill: agentProbill,
  getAgentProbillDr: agentProbill,

  getAgentManifest(context) {
    const manifestNumber = Number(context.query.manifestNumber);
    if (!context.world.manifests.includes(manifestNumber)) {
      return processingError();
    }
    const probills = Object.values(context.world.agentProbills)
      .filter((probill) => probill.manifestNumber === manifestNumber)
      .map(({items: _items, ...probill}) => probill);
    return success(context, {result: true, manifestNumber, probills});
  },

  markManifestArrived(context) {
    if (context.body.manifestNumber === magic.agentRefusedManifest) {
      return agentRefusal(context);
    }
    // No answer of the contract shows an arrival, so the sandbox checks the manifest and keeps nothing.
    // A missing manifestNumber is refused as an unknown one is (ManifestArrival's x-open.sandbox).
    if (!context.world.manifests.includes(Number(context.body.manifestNumber))) {
      return processingError();
    }
    return success(context, {result: true});
  },

  updateAgentProbillStatus: agentProbillWrite((context) => {
    const probillNumber = Number(context.body.probillNumber);
    if (!context.world.agentProbills[String(probillNumber)]) {
      return processingError();
    }
    // Spec section 4: agents post PICKED_UP or OUT_FOR_DELIVERY (the enum already refused any other);
    // the status each sets is the lifecycle table's (x-sandbox-lifecycle), the portal's assumption.
    const wasDelivered = context.world.agentProbills[String(probillNumber)].status === 'DELIVERED';
    setStatus(context, probillNumber, context.contract.lifecycleStatus('updateAgentProbillStatus', String(context.body.status)));
    // A move back from DELIVERED is taken, and the answer names the question it rests on.
    return {...success(context, {result: true}), ...(wasDelivered ? {alsoReliedOn: [anchorOf('postProofOfDelivery')]} : {})};
  }),

  postProofOfDelivery: agentProbillWrite((context) => {
    const probillNumber = Number(context.body.probillNumber);
    if (!context.world.agentProbills[String(probillNumber)]) {
      return processingError();
    }
    // Spec section 4: "Posting proof of delivery with an image sets the probill to DELIVERED."
    setStatus(context, probillNumber, context.contract.lifecycleStatus('postProofOfDelivery'));
    const delivered = new Date(String(context.body.eventTime));
    const tracking = context.world.probills[String(probillNumber)];
    if (tracking) {
      tracking.pod = {date: numericDate(delivered), time: numericTime(delivered), signerName: context.body.signerName};
    }
    return success(context, {result: true});
  }),

  createAppointment: agentProbillWrite((context) => {
    const probillNumber = Number(context.body.probillNumber);
    if (!context.world.agentProbills[String(probillNumber)]) {
      return processingError();
    }
    const tracking = context.world.probills[String(probillNumber)];
    if (tracking) {
      const clock = (time: unknown) => Number(String(time).replace(':', '')) * 100;
      tracking.deliveryAppointment = {
        date: Number(String(context.body.appointmentDate).replace(/-/g, '')),
        startTime: clock(context.body.earlyTime),
        endTime: clock(context.body.lateTime),
      };
    }
    return success(context, {result: true});
  }),

  getProbillDocuments(context) {
    const probillNumber = Number(context.query.probillNumber);
    const documentType = String(context.query.documentType);
    if (probillNumber === magic.documentsForbiddenProbill) {
      return documentsError(403);
    }
    if (probillNumber === magic.documentsNotFoundProbill) {
      return documentsError(404);
    }
    const empty = context.contract.responseExample<Json>(context.entry, '200', 'NoInvoiceYet')!;
    if (probillNumber === magic.documentsEmptyProbill || (probillNumber === empty.probillNumber && documentType === empty.documentType)) {
      return {status: 200, body: {probillNumber, documentType, documents: []}};
    }
    // A probill of the world (the account's, or on a call without a token the one last written) has a
    // proof of delivery only once delivered, dated from the delivery; its other documents date from its
    // bill date. Any other number answers the example's documents.
    const tracked = context.world.probills[String(probillNumber)] as {status?: string; billDate?: number; pod?: {date?: number; time?: number}; invoice?: unknown} | undefined;
    if (tracked && ((documentType === 'PROOF_OF_DELIVERY' && tracked.status !== 'DELIVERED') || (documentType === 'INVOICE' && !tracked.invoice))) {
      return {status: 200, body: {probillNumber, documentType, documents: []}};
    }
    const example = success(context).body as {probillNumber: number; documents: Json[]};
    const prefix = {BILL_OF_LADING: 'BOL', PROOF_OF_DELIVERY: 'POD', INVOICE: 'INVOICE', WEIGHT_AND_INSPECTION_CERTIFICATE: 'WIC'}[documentType] ?? documentType;
    // Its delivery's time; else now for a probill billed today (one the account made: never dated before
    // it was made); else the example's time of day on its bill date.
    const dated = documentType === 'PROOF_OF_DELIVERY' && tracked?.pod ? isoDateTime(tracked.pod.date, tracked.pod.time) : tracked?.billDate === numericDate(context.now) ? isoDateTime(tracked.billDate, numericTime(context.now)) : undefined;
    const billed = isoDateTime(tracked?.billDate);
    return {
      status: 200,
      body: {
        probillNumber,
        documentType,
        documents: example.documents.map((document) => ({
          ...document,
          // The example's id is its probill's bill of lading's; another probill's, and each other type
          // of document, get ids of their own.
          documentId: [document.documentId, ...(probillNumber === example.probillNumber ? [] : [probillNumber]), ...(documentType === 'BILL_OF_LADING' ? [] : [prefix])].join('-'),
          fileName: `${prefix}-${probillNumber}.pdf`,
          ...(dated ? {createdAt: dated} : billed ? {createdAt: `${billed.slice(0, 10)}${String(document.createdAt).slice(10)}`} : {}),
        })),
      },
    };
  },

  getTransitEta(context) {
    const {originZipcode, destinationZipcode, tenderDate} = context.query as {originZipcode: string; destinationZipcode: string; tenderDate: string};
    if (originZipcode === magic.etaLimitedPickupAreaOrigin) {
      return {status: 422, body: context.contract.responseExample(context.entry, '422', 'LimitedPickupArea')};
    }
    if (destinationZipcode === magic.etaTransitUnavailableDestination) {
      const answer = context.contract.responseExample<Json>(context.entry, '422', 'TransitUnavailable')!;
      return {status: 422, body: {...answer, message: String(answer.message).replace('{phone}', magic.etaPhone)}};
    }
    // A stand-in for the carrier's network: one day, plus one for each step between the ZIP codes' regions.
    const transitDays = 1 + Math.abs(Number(originZipcode[0]) - Number(destinationZipcode[0]));
    const tendered = new Date(`${tenderDate}T00:00:00Z`);
    const arrival = addDays(tendered, transitDays);
    // Its service centres are the example's two (Windsor, CT and Atlanta), each ZIP code served by the
    // one whose region is nearest: a Georgia origin is never given the Connecticut centre.
    const example = context.contract.responseExample<Json>(context.entry)!;
    const centres = [example.originServiceCenter, example.destinationServiceCenter] as {address: {zipcode: string}}[];
    const nearest = (zip: string) => centres.reduce((best, centre) => (Math.abs(Number(centre.address.zipcode[0]) - Number(zip[0])) < Math.abs(Number(best.address.zipcode[0]) - Number(zip[0])) ? centre : best));
    return success(context, {
      originServiceCenter: nearest(originZipcode),
      destinationServiceCenter: nearest(destinationZipcode),
      etaDate: isoDate(arrival),
      transit: {transitDays, originDay: weekdays[tendered.getUTCDay()], arrivalDay: weekdays[arrival.getUTCDay()]},
      // Whole seconds, as the example writes it.
      calculatedAt: context.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  },
};

/** A numeric date (YYYYMMDD) and time (HHMMSS) as an ISO 8601 UTC date-time, or undefined. */
function isoDateTime(date: unknown, time: unknown = 0): string | undefined {
  const day = String(date ?? '');
  if (!/^\d{8}$/.test(day)) return undefined;
  const clock = String(time ?? 0).padStart(6, '0');
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${clock.slice(0, 2)}:${clock.slice(2, 4)}:${clock.slice(4, 6)}Z`;
}

function round4(value: number): number {
  return Math.round(value * 10000) / 10000;
}

const noBol = (context: HandlerContext) => refused(context, refusalErrors.noBol(context.query.probillNumber));

/** The BOL and the labels each answer one document, or a refusal for the probill without a BOL. */
function carrierDocument(context: HandlerContext): Outcome {
  return Number(context.query.probillNumber) === magic.probillWithoutBol ? noBol(context) : success(context, {result: true});
}

function agentProbill(context: HandlerContext): Outcome {
  const probill = context.world.agentProbills[String(context.query.probillNumber)];
  return probill ? {status: 200, body: probill} : processingError();
}

export function handlerFor(operationId: string): Handler {
  const handler = handlers[operationId];
  if (!handler) {
    throw new Error(`sandbox: no behaviour for operation "${operationId}"`);
  }
  return handler;
}

