import {test, expect} from '@playwright/test';

import {contract, errorsOf, exampleValue, validatorFor} from './contract';
import {appointmentReasons, classCodes, probillStatuses, specialServices} from './specLists';

/**
 * Every rule of spec sections 5 and 9, checked through the bundled description: a value at each
 * limit is accepted and one past it rejected. Each case starts from the contract's own named example
 * (so the rest of the object is valid) and changes one field.
 */
type Instance = Record<string, unknown>;

function withValue(base: Instance | undefined, path: string, value: unknown): unknown {
  if (path === '') {
    return value;
  }
  const copy = structuredClone(base) as Instance;
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<Instance>((node, key) => node[key] as Instance, copy);
  const last = keys[keys.length - 1];
  if (value === undefined) {
    delete parent[last];
  } else {
    parent[last] = value;
  }
  return copy;
}

type Target = {schema: string; example?: string};
const schema = (name: string, example?: string): Target => ({schema: `#/components/schemas/${name}`, example});
const parameter = (name: string): Target => ({schema: `#/components/parameters/${name}/schema`});

function isValid(target: Target, path: string, value: unknown): boolean {
  const base = target.example ? exampleValue<Instance>(target.example) : undefined;
  return validatorFor(target.schema)(withValue(base, path, value));
}

/** Declares one rule: `accepted` values pass, `rejected` values fail. */
function rule(name: string, target: Target, path: string, values: {accepted: unknown[]; rejected: unknown[]}): void {
  test(name, () => {
    if (target.example) {
      const validate = validatorFor(target.schema);
      expect(validate(exampleValue(target.example)), `${target.example}: ${errorsOf(validate)}`).toBe(true);
    }
    for (const value of values.accepted) {
      expect(isValid(target, path, value), `${path || 'value'} = ${JSON.stringify(value)} should be accepted`).toBe(true);
    }
    for (const value of values.rejected) {
      expect(isValid(target, path, value), `${path || 'value'} = ${JSON.stringify(value)} should be rejected`).toBe(false);
    }
  });
}

const text = (length: number) => 'x'.repeat(length);
function maxLength(target: Target, path: string, max: number, min = 0): void {
  rule(`${path || target.schema} is ${min || 0} to ${max} characters`, target, path, {
    accepted: [text(Math.max(min, 1)), text(max)],
    rejected: [text(max + 1), ...(min > 0 ? [text(min - 1)] : [])],
  });
}
function range(target: Target, path: string, min: number, max: number, step = 1): void {
  rule(`${path || target.schema} is ${min} to ${max}`, target, path, {
    accepted: [min, max],
    rejected: [Number((min - step).toFixed(6)), Number((max + step).toFixed(6))],
  });
}
/** "up to N" (spec sections 5 and 9): N is accepted and the next step above it refused; no lower bound is stated. */
function upTo(target: Target, path: string, max: number, step = 1): void {
  rule(`${path} is up to ${max}`, target, path, {accepted: [max, -step], rejected: [Number((max + step).toFixed(6))]});
}

function oneOf(target: Target, path: string, allowed: readonly unknown[], outsiders: unknown[]): void {
  rule(`${path || target.schema} is one of ${allowed.length} values`, target, path, {accepted: [...allowed], rejected: outsiders});
}

test.describe('reschedule (spec section 5)', () => {
  const reschedule = schema('ReschedulePickupRequest', 'ReschedulePickupRequestExample');
  rule('pickupNumber must not be empty', reschedule, 'pickupNumber', {accepted: ['P'], rejected: ['', undefined]});
  for (const field of ['windowStartTime', 'windowEndTime']) {
    rule(`pickupWindow.${field} is HH:MM from 00:00 to 23:59`, reschedule, `pickupWindow.${field}`, {
      accepted: ['00:00', '09:30', '23:59'],
      rejected: ['24:00', '23:60', '9:30', '09:30:00', 'noon'],
    });
  }
  rule('pickupWindow.windowDate is YYYY-MM-DD', reschedule, 'pickupWindow.windowDate', {
    accepted: ['2025-04-21'],
    rejected: ['04/21/2025', '2025-4-21', '20250421', '2025-04-21T09:00:00Z'],
  });
});

test.describe('rate quote and ETA (spec section 5)', () => {
  const quote = schema('RateQuoteRequest', 'RateQuoteRequestExample');
  for (const field of ['originZipcode', 'destinationZipcode']) {
    rule(`${field} is 5 digits; a 4-digit ZIP is sent with a leading 0`, quote, field, {
      accepted: ['30720', '06001'],
      rejected: ['6001', '307201', '3072O', ''],
    });
  }
  for (const name of ['OriginZipcodeQuery', 'DestinationZipcodeQuery']) {
    rule(`ETA ${name} is 5 digits`, parameter(name), '', {accepted: ['30720', '06001'], rejected: ['6001', '307201']});
  }
  rule('tenderDate is an ISO date', quote, 'tenderDate', {accepted: ['2025-04-21'], rejected: ['2025-04-21T10:00:00Z', '21/04/2025']});
  rule('ETA tenderDate is an ISO date', parameter('TenderDateQuery'), '', {accepted: ['2025-04-21'], rejected: ['20250421']});
  rule('INSIDE_DELIVERY and RESIDENTIAL_DELIVERY cannot be chosen together', quote, 'specialServices', {
    accepted: [['INSIDE_DELIVERY'], ['RESIDENTIAL_DELIVERY'], ['INSIDE_DELIVERY', 'LIFTGATE'], []],
    rejected: [['INSIDE_DELIVERY', 'RESIDENTIAL_DELIVERY'], ['RESIDENTIAL_DELIVERY', 'LIFTGATE', 'INSIDE_DELIVERY']],
  });
  // The specification sets no rule against listing a service twice, so the contract must not invent one.
  rule('a repeated special service is not refused', quote, 'specialServices', {accepted: [['LIFTGATE', 'LIFTGATE']], rejected: []});
  range(quote, 'items.0.pieces', 0, 9999);
  rule('items.0.pieces is a whole number', quote, 'items.0.pieces', {accepted: [3], rejected: [2.5]});
  range(quote, 'items.0.quantity', 0, 99999.99, 0.01);
  range(quote, 'items.0.weight', 0, 99999);
});

test.describe('BOL plus pickup (spec section 5)', () => {
  const bol = schema('BolPickupRequest', 'BolPickupRequestExample');
  const limits: [string, number][] = [
    ['bol', 20],
    ['purchaseOrder', 12],
    ['orderDescription', 100],
    ['generalNotes', 150],
    ['pickupFrom.name', 100],
    ['shipTo.name', 25],
    ['pickupFrom.addressLine_1', 36],
    ['shipTo.addressLine_1', 36],
    ['pickupFrom.addressLine_2', 30],
    ['shipTo.addressLine_2', 30],
    ['pickupFrom.city', 25],
    ['shipTo.city', 25],
    ['pickupFrom.state', 2],
    ['shipTo.state', 2],
    ['items.0.description', 32],
    ['items.0.notes', 40],
    ['items.0.sidemark', 40],
    ['shipper.shipperName', 100],
  ];
  for (const [path, max] of limits) {
    maxLength(bol, path, max);
  }
  upTo(bol, 'totalWeight', 9999999);
  upTo(bol, 'pickupFrom.zip', 99999);
  upTo(bol, 'shipTo.zip', 99999);
  range(bol, 'items.0.numberOfUnits', 1, 99999);
  range(bol, 'items.0.weight', 1, 99999.99, 0.01);
  upTo(bol, 'items.0.squareYards', 99999);
  upTo(bol, 'shipper.shipperId', 99999999);
  // "timeZoneOffset up to 999": a maximum only; neither a lower bound nor a sign convention is stated.
  rule('pickupWindow.timeZoneOffset is up to 999 minutes', bol, 'pickupWindow.timeZoneOffset', {accepted: [999, 240, -240, 0], rejected: [1000, 2.5, '-240']});
  oneOf(bol, 'payType', ['Prepaid', 'Collect', 'Third Party'], ['Third-Party', 'prepaid']);
  oneOf(bol, 'items.0.type', ['roll', 'pallet', 'Rolls', 'Pallets'], ['ROLL', 'crate']);
  oneOf(bol, 'items.0.classCode', [...classCodes, 'Carpet', 'Carpet Tile'], ['45', 'carpet', 55]);
});

test.describe('pickup request (spec section 5)', () => {
  // The pickup request shares the pickup fields and their limits, without the BOL's carpet classes.
  const pickup = schema('PickupRequest', 'PickupRequestExample');
  maxLength(pickup, 'bol', 20);
  maxLength(pickup, 'shipTo.name', 25);
  range(pickup, 'items.0.numberOfUnits', 1, 99999);
  oneOf(pickup, 'items.0.classCode', classCodes, ['Carpet', 'Carpet Tile']);
});

test.describe('agents and tracking (spec section 5)', () => {
  const probillNumber = {accepted: [1, 99999999], rejected: [0, 100000000, 1.5, '40512387']};
  rule('probill numbers are integers 1 to 99999999 (query)', parameter('ProbillNumberQuery'), '', probillNumber);
  rule('probill numbers are integers 1 to 99999999 (POD)', schema('ProofOfDeliveryRequest', 'ProofOfDeliveryRequestExample'), 'probillNumber', probillNumber);
  rule('probill numbers are integers 1 to 99999999 (status)', schema('StatusUpdateRequest', 'StatusUpdateRequestExample'), 'probillNumber', probillNumber);
  rule('probill numbers are integers 1 to 99999999 (appointment)', schema('AppointmentRequest', 'AppointmentRequestExample'), 'probillNumber', probillNumber);
  rule('probill numbers are integers 1 to 99999999 (tracking)', schema('ProbillTracking', 'ProbillTrackingResponseExample'), 'probillNumber', probillNumber);
  range(parameter('ManifestNumberQuery'), '', 1, 999999);
  range(schema('ManifestArrival', 'ManifestArrivalRequestExample'), 'manifestNumber', 1, 999999);
  range(parameter('AgentPageSizeQuery'), '', 1, 50);
  range(parameter('AgentPageNumberQuery'), '', 1, 100);

  const detail = schema('AgentProbillDetail', 'AgentProbillDetailResponseExample');
  const itemLimits: [string, number][] = [
    ['description', 100],
    ['sku', 20],
    ['rollNumber', 20],
    ['serialNumber', 20],
    ['additional.dyelot', 15],
    ['additional.colorNumber', 6],
    ['additional.colorName', 20],
    ['additional.styleNumber', 6],
    ['additional.styleName', 20],
    ['additional.partNumber', 20],
    ['additional.sideMark', 30],
  ];
  for (const [path, max] of itemLimits) {
    maxLength(detail, `items.0.${path}`, max);
  }

  const pod = schema('ProofOfDeliveryRequest', 'ProofOfDeliveryRequestExample');
  maxLength(pod, 'signerName', 50, 1);
  rule('POD eventTime is an ISO 8601 date-time in UTC', pod, 'eventTime', {
    accepted: ['2025-04-22T14:48:07Z', '2025-04-22T14:48:07.120Z', '2025-04-22T14:48:07+00:00'],
    rejected: ['2025-04-22T14:48:07-04:00', '2025-04-22T14:48:07+01:00', '2025-04-22 14:48', '2025-04-22'],
  });
  // Whether a data: URL prefix is expected is not stated, so both forms pass; the text must still be base64.
  rule('POD podImage is base64', pod, 'podImage', {accepted: ['iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='], rejected: ['not base64!', '']});
  for (const field of ['probillNumber', 'eventTime', 'podImage', 'signerName']) {
    rule(`POD ${field} is required`, pod, field, {accepted: [], rejected: [undefined]});
  }

  const appointment = schema('AppointmentRequest', 'AppointmentRequestExample');
  maxLength(appointment, 'appointmentName', 20, 1);
  maxLength(appointment, 'notes', 300);
  rule('appointment notes are optional', appointment, 'notes', {accepted: [undefined], rejected: []});
  rule('appointmentDate is YYYY-MM-DD', appointment, 'appointmentDate', {accepted: ['2025-04-24'], rejected: ['2025/04/24', '20250424']});
  for (const field of ['earlyTime', 'lateTime']) {
    rule(`appointment ${field} is HH:MM`, appointment, field, {accepted: ['00:00', '23:59'], rejected: ['24:00', '8:00', '08:00:00']});
  }
  oneOf(appointment, 'reason', appointmentReasons, ['Weather Delay', 'linehaul delay', '']);
  for (const field of ['probillNumber', 'appointmentDate', 'earlyTime', 'lateTime', 'appointmentName', 'reason']) {
    rule(`appointment ${field} is required`, appointment, field, {accepted: [], rejected: [undefined]});
  }

  const statusUpdate = schema('StatusUpdateRequest', 'StatusUpdateRequestExample');
  oneOf(statusUpdate, 'status', ['PICKED_UP', 'OUT_FOR_DELIVERY'], ['DELIVERED', 'OUT FOR DELIVERY']);
  for (const field of ['probillNumber', 'status', 'eventTime']) {
    rule(`status update ${field} is required`, statusUpdate, field, {accepted: [], rejected: [undefined]});
  }

  oneOf(parameter('ProbillDocumentTypeQuery'), '', ['BILL_OF_LADING', 'PROOF_OF_DELIVERY', 'INVOICE', 'WEIGHT_AND_INSPECTION_CERTIFICATE'], ['LABEL', 'POD']);
  oneOf(parameter('BolDocumentTypeQuery'), '', ['ALL', 'BOL', 'LABEL'], ['INVOICE', 'all']);
});

test.describe('distribution plan (spec section 3)', () => {
  // "estArrivalDate as YYYYMMDD": the form is stated, the JSON type is not, so both are accepted.
  rule('incomingFreight.estArrivalDate is YYYYMMDD, as a number or a string', schema('DistributionPlan', 'DistributionPlanRequestExample'), 'incomingFreight.estArrivalDate', {
    accepted: [20250422, '20250422'],
    rejected: ['2025-04-22', '2025042', 2025042],
  });
});

test.describe('constants and output bounds (spec section 9)', () => {
  const quoteResponse = schema('RateQuoteResponse', 'RateQuoteResponseExample');
  maxLength(quoteResponse, 'quoteNumber', 6);
  upTo(quoteResponse, 'quoteAmount', 9999999.99, 0.01);
  range(quoteResponse, 'fuelSurchargePercentage', 0, 100, 0.01);
  upTo(quoteResponse, 'items.0.rate', 999.9999, 0.0001);
  upTo(quoteResponse, 'items.0.amount', 999999.99, 0.01);

  const eta = schema('EtaResponse', 'EtaResponseExample');
  for (const side of ['originServiceCenter', 'destinationServiceCenter']) {
    maxLength(eta, `${side}.address.state`, 2);
    maxLength(eta, `${side}.contact.phoneNumber`, 10);
  }
  rule('ETA errors carry status 422', schema('EtaError', 'EtaLimitedPickupAreaResponseExample'), 'statusCode', {accepted: [422], rejected: [400]});

  const tracking = schema('ProbillTracking', 'ProbillTrackingResponseExample');
  rule('tracking dates are YYYYMMDD numbers', tracking, 'billDate', {accepted: [20250417], rejected: ['2025-04-17', '20250417']});
  rule('tracking times are HHMMSS numbers', tracking, 'statusUpdateTime', {accepted: [0, 235959], rejected: ['14:32:15', 240000]});

  const quote = schema('RateQuoteRequest', 'RateQuoteRequestExample');
  oneOf(quote, 'items.0.unitOfMeasure', ['SQUARE_YARDS', 'HUNDRED_WEIGHT'], ['POUNDS', 'square_yards']);
  oneOf(quote, 'items.0.type', ['ROLL', 'PALLET', 'RUG', 'TURF_ROLL'], ['roll', 'Rolls']);
  oneOf(quote, 'items.0.classCode', classCodes, ['Carpet', '45']);
  rule('specialServices are the 9 of spec section 9', quote, 'specialServices', {
    accepted: specialServices.map((service) => [service]),
    rejected: [['WHITE_GLOVE'], ['liftgate']],
  });
});

test('enumerations are complete and exact', () => {
  const enumOf = (name: string) => (contract.components.schemas[name] as {enum: unknown[]}).enum;
  expect(enumOf('ProbillStatus')).toEqual(probillStatuses);
  expect(enumOf('AgentProbillStatus')).toEqual(probillStatuses.filter((s) => !['WAREHOUSED AT DEST. SRV CNTR', 'RETURNED TO SHIPPER'].includes(s)));
  expect(enumOf('PickupStatus')).toEqual([...probillStatuses, 'PICKUP PENDING', 'PICKUP ASSIGNED TO DRIVER', 'PICKUP CANCELLED']);
  expect(enumOf('AppointmentReason')).toEqual(appointmentReasons);
  expect(enumOf('AppointmentReason')).toHaveLength(21);
  expect(enumOf('ClassCode')).toEqual(classCodes);
  expect(enumOf('BolClassCode')).toEqual([...classCodes, 'Carpet', 'Carpet Tile']);
  expect(enumOf('SpecialService')).toEqual(specialServices);
  expect(enumOf('ProbillDocumentType')).toHaveLength(4);
  expect(enumOf('AgentStatusEvent')).toEqual(['PICKED_UP', 'OUT_FOR_DELIVERY']);
  expect(enumOf('PayType')).toEqual(['Prepaid', 'Collect', 'Third Party']);
});
