import type { Actor } from "~/lib/access";
import type { Database } from "~/.server/db/client";
import { createAvailability } from "./booking-availability.server";
import { createBookingChanges } from "./booking-changes.server";
import { createClosures } from "./booking-closures.server";
import type { BookingServiceOptions } from "./booking-context";
import { createBookingLists } from "./booking-lists.server";
import { checkPromo, quoteForForm, type QuoteBody } from "./booking-quote.server";
import { ownedBy } from "./booking-rows.server";
import { createBookingRequests } from "./booking-request.server";
import type { ServiceChoice } from "./bookings.schema";
import { createWaitlistPlaces } from "./waitlist-places.server";
import { createManageByToken } from "./manage-link/manage-link.server";

/**
 * The booking service: one object over one database, composed of a part per concern, each over
 * the same options (booking-context.ts). Routes, loaders and tests see only this composer.
 * Imports point one way: this file → the parts → booking-context.ts and booking-refusals.server.ts.
 * - booking-request.server.ts     a request: its checks, its row, the claim and the write
 * - booking-quote.server.ts       what a booking body costs: the vehicle, the promo, the priced visit
 * - booking-refusals.server.ts    the refusals and their words (started, too late, full, the promo)
 * - booking-claim.server.ts       a booking's place claimed in a transaction, or refused
 * - booking-availability.server.ts places left per slot, for the form and the move dialog
 * - booking-lists.server.ts       lists, a customer's own booking, the day, the CSV export
 * - booking-changes.server.ts     an admin's changes, confirm many, a customer's cancellation
 * - manage-link/manage-link.server.ts  the customer's manage link and its four methods
 * - booking-rows.server.ts        the row as the product sees it (toBooking), shared by all
 * How a booking is written, end to end: docs/booking-write-path.md.
 */

export { COUNT_CAP, type DayBooking } from "./booking-lists.server";
export { TOO_LATE } from "./booking-refusals.server";
export { SLOT_FULL } from "./slot-claims.server";
export type { BookingServiceOptions } from "./booking-context";

export function createBookingService(db: Database, options: BookingServiceOptions) {
  const requests = createBookingRequests(db, options);
  const changes = createBookingChanges(db, options);
  const quoting = {
    db,
    pricing: options.pricing,
    rebook: options.rebook,
    club: options.club,
    timeZone: options.timeZone,
  };
  return {
    createBooking: requests.createBooking,
    checkPromo: (actor: Actor | null, choice: ServiceChoice & { promoCode: string }) =>
      checkPromo(quoting, actor, choice),
    /** What a booking body would cost and take, priced as the booking will be (POST /api/bookings/quote). */
    quoteBooking: (actor: Actor | null, request: QuoteBody) => quoteForForm(quoting, actor, request),
    ...createAvailability(db, options),
    ...createBookingLists(db, options),
    cancelOwnBooking: changes.cancelOwnBooking,
    updateBooking: changes.updateBooking,
    confirmMany: changes.confirmMany,
    /** Closes a date and tells or cancels its bookings (booking-closures.server.ts). */
    closeDate: createClosures(db, options, changes).closeDate,
    ...createManageByToken(db, options, changes),
    /** What the waitlist needs of the bookings: places, the hold's claim, a held place booked (issue 29). */
    forWaitlist: createWaitlistPlaces(db, options, requests),
    /** What a customer's erasure needs: their upcoming visits cancelled with the usual e-mails (decision 036). */
    forErasure: { ownedBy, cancel: changes.cancelForErasure, placesFreed: changes.tellPlacesFreed },
  };
}
