/**
 * The tracking record of freight a call hands the carrier (a warehouse shipment or receipt, a BOL plus
 * pickup), from what the call sent: what tracking then shows of it besides the example's terminals.
 */
import type {Json} from './world';

/** `fields` without those the call did not give: tracking leaves an unknown field out, never null. */
export function givenFields(fields: Json): Json {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export type BolParty = {name?: string; addressLine_1?: string; city?: string; state?: string; zip?: number};

/**
 * A BOL's party as tracking shows it (TrackingParty): its name (the shipper's, where the BOL names
 * one), address, city and state, and its ZIP code the five digits of the number sent. No customer
 * number: nothing says which of the BOL's fields it would be.
 */
export function trackingParty(party: BolParty | undefined, name?: unknown): Json | undefined {
  if (!party) return undefined;
  const fields: Json = {
    name: typeof name === 'string' && name !== '' ? name : party.name,
    address: party.addressLine_1,
    city: party.city,
    state: party.state,
    zipCode: typeof party.zip === 'number' ? String(party.zip).padStart(5, '0') : undefined,
  };
  return givenFields(fields);
}

/** A warehouse order's party given by its address and contact (`AddressedParty`). */
export type AddressedParty = {address?: {street?: string; city?: string; state?: string; zipcode?: string}; contact?: {name?: string}};

/**
 * An addressed party as tracking shows it: its street, city, state and ZIP code, and its contact as
 * the attention line. No name or customer number: the order gives neither.
 */
export function addressedTrackingParty(party: AddressedParty | undefined): Json | undefined {
  if (!party?.address && !party?.contact) return undefined;
  return givenFields({address: party.address?.street, attention: party.contact?.name, city: party.address?.city, state: party.address?.state, zipCode: party.address?.zipcode});
}

/**
 * A warehouse shipment's or receipt's tracking: its BOL, PO and totals, and the party the order gives
 * by address (the shipment's `shipTo`, the receipt's `shipFrom`); the other is a warehouse code, which
 * tracking cannot show.
 */
export function warehouseTracking(request: {bolNumber?: string; poNumber?: string; items?: {pieces?: number; weight?: number}[]; shipFrom?: object; shipTo?: object}): Json {
  return {
    bolNumber: request.bolNumber,
    purchaseOrderNumber: request.poNumber,
    totalWeight: request.items?.reduce((sum, item) => sum + (item.weight ?? 0), 0),
    totalPieces: request.items?.reduce((sum, item) => sum + (item.pieces ?? 0), 0),
    shipper: addressedTrackingParty(request.shipFrom as AddressedParty | undefined),
    consignee: addressedTrackingParty(request.shipTo as AddressedParty | undefined),
  };
}
