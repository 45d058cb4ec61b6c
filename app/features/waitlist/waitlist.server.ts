import type { Database } from "~/.server/db/client";
import { dayList, demand, offerByHand, offersOf, remove } from "./waitlist-admin.server";
import { accept, decline, offerPage } from "./waitlist-answers.server";
import type { WaitlistContext, WaitlistOptions } from "./waitlist-context";
import { join, leave, leavePage } from "./waitlist-entries.server";
import { offerWaiting, placesFreed, placesFreedQuietly } from "./waitlist-offers.server";
import { dayClosed, sweep } from "./waitlist-sweep.server";

/**
 * The waitlist (issue 29; decision 032): customers wait for a day's place; a place that frees is
 * offered to the first waiting entry it fits, in the order they joined, and HELD for it (an open
 * offer counts in claim_place like a booking) until accepted, declined, withdrawn or lapsed.
 *
 * This file only wires the parts, each a set of functions taking { db, …options } first:
 * - waitlist-entries.server.ts  a customer joins a day's list, or leaves it
 * - waitlist-offers.server.ts   freed places offered and held (hold: one statement)
 * - waitlist-answers.server.ts  the customer's answer: the offer's page, accept, decline
 * - waitlist-sweep.server.ts    offers lapse, past days end, a day closed
 * - waitlist-admin.server.ts    a day's list, the demand, removing, offering by hand
 * - waitlist-rows.server.ts     the locks (entry, then offer) and an entry ended
 * - waitlist-context.ts         the options, the rows' types, the refusals' words
 */

export {
  ALREADY_WAITING,
  OFFER_LAPSED,
  OFFER_LAPSED_STILL_WAITING,
  type DayPlaces,
  type WaitlistOptions,
  type WaitlistPlaces,
} from "./waitlist-context";

export function createWaitlist(db: Database, options: WaitlistOptions) {
  const context: WaitlistContext = { ...options, db };
  /** A part's function with the context given: what callers see. */
  const bound =
    <A extends unknown[], R>(fn: (context: WaitlistContext, ...args: A) => R) =>
    (...args: A) =>
      fn(context, ...args);
  return {
    placesFreed: bound(placesFreed),
    placesFreedQuietly: bound(placesFreedQuietly),
    join: bound(join),
    day: bound(dayList),
    demand: bound(demand),
    remove: bound(remove),
    offerByHand: bound(offerByHand),
    offerPage: bound(offerPage),
    accept: bound(accept),
    decline: bound(decline),
    leavePage: bound(leavePage),
    leave: bound(leave),
    sweep: bound(sweep),
    offerWaiting: bound(offerWaiting),
    dayClosed: bound(dayClosed),
    offersOf: bound(offersOf),
  };
}

export type WaitlistService = ReturnType<typeof createWaitlist>;
