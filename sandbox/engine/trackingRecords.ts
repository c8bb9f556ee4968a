/**
 * The tracking record of freight a call hands the carrier (a warehouse shipment or receipt, a BOL plus
 * pickup), from what the call sent: what tracking then shows of it besides the example's terminals.
 */
import type {Json} from './world';

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
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function warehouseTracking(request: {bolNumber?: string; poNumber?: string; items?: {pieces?: number; weight?: number}[]}): Json {
  return {
    bolNumber: request.bolNumber,
    purchaseOrderNumber: request.poNumber,
    totalWeight: request.items?.reduce((sum, item) => sum + (item.weight ?? 0), 0),
    totalPieces: request.items?.reduce((sum, item) => sum + (item.pieces ?? 0), 0),
  };
}
