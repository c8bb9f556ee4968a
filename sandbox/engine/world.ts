/**
 * One account's sandbox data, and the seed every new account starts from. The seed is made of the
 * records the contract's examples name (probill 40512387, pickup PU7731065, manifest 208814…), so
 * every example request of the contract finds what it refers to.
 *
 * A world is plain JSON: it can live in memory, in sessionStorage, or anywhere a store puts it.
 */
import type {Contract} from './contract';
import {magic} from './magicValues';

export type Json = Record<string, unknown>;

export type PickupRecord = {
  pickupNumber: string;
  status: string;
  /** The scheduled date, YYYY-MM-DD, which a reschedule may not move earlier. */
  windowDate: string;
  probill?: number;
};

export type World = {
  /** Tracking view of each probill (the shape of `ProbillTracking`), by probill number. */
  probills: Record<string, Json>;
  /** Agent view of the probills agents handle (the shape of `AgentProbillDetail`), by probill number. */
  agentProbills: Record<string, Json>;
  pickups: Record<string, PickupRecord>;
  /** The manifests an agent can read and mark arrived. */
  manifests: number[];
  planIds: string[];
  nextProbillNumber: number;
  nextPickupSequence: number;
  nextQuoteSequence: number;
};

export function seedWorld(contract: Contract): World {
  const tracking = contract.example<Json>('ProbillTrackingResponseExample');
  const listed = contract.example<{results: Json[]}>('ProbillTrackingListResponseExample').results;
  const arrived = contract.example<Json>('ProbillTrackingArrivedResponseExample');
  const probills: Record<string, Json> = {[String(tracking.probillNumber)]: tracking, [String(arrived.probillNumber)]: arrived};
  for (const probill of listed) {
    // The list names 40512387 and 40512402 as the details examples do: the details, with every field, are kept.
    probills[String(probill.probillNumber)] ??= probill;
  }

  // Both probills of the list have a detail example, items and all, as their tracking has.
  const agentProbills: Record<string, Json> = Object.fromEntries(
    ['AgentProbillDetailResponseExample', 'AgentProbillDetailArrivedResponseExample'].map((name) => contract.example<Json>(name)).map((detail) => [String(detail.probillNumber), detail]),
  );
  for (const probill of contract.example<{results: Json[]}>('AgentProbillListResponseExample').results) {
    agentProbills[String(probill.probillNumber)] ??= {...probill, status: probills[String(probill.probillNumber)]?.status ?? probill.status, items: []};
  }

  const requested = contract.example<{pickupWindow: {windowDate: string}}>('PickupRequestExample');
  const rescheduled = contract.example<{pickupNumber: string; pickupWindow: {windowDate: string}}>('ReschedulePickupRequestExample');
  const pending = contract.example<{pickupNumber: string; status: string}>('PickupTrackingPendingResponseExample');
  const pickedUp = contract.example<{pickupNumber: string; status: string; probill: number}>('PickupTrackingResponseExample');
  const pickups: PickupRecord[] = [
    {pickupNumber: pickedUp.pickupNumber, status: pickedUp.status, windowDate: requested.pickupWindow.windowDate, probill: pickedUp.probill},
    // The reschedule example moves this pickup to a later day, so it starts on the request example's day.
    {pickupNumber: rescheduled.pickupNumber, status: 'PICKUP PENDING', windowDate: requested.pickupWindow.windowDate},
    {pickupNumber: pending.pickupNumber, status: pending.status, windowDate: rescheduled.pickupWindow.windowDate},
    {pickupNumber: magic.assignedPickupNumber, status: 'PICKUP ASSIGNED TO DRIVER', windowDate: requested.pickupWindow.windowDate},
  ];

  return {
    probills,
    agentProbills,
    pickups: Object.fromEntries(pickups.map((pickup) => [pickup.pickupNumber, pickup])),
    manifests: [...new Set(Object.values(agentProbills).map((probill) => Number(probill.manifestNumber)))],
    planIds: [],
    nextProbillNumber: 40600001,
    nextPickupSequence: 7740001,
    nextQuoteSequence: 48301,
  };
}

export function newProbillNumber(world: World): number {
  return world.nextProbillNumber++;
}

export function newPickupNumber(world: World): string {
  let number: string;
  do {
    number = `PU${world.nextPickupSequence++}`;
  } while (world.pickups[number]);
  return number;
}
