import type { Database } from "~/.server/db/client";
import type { VisitPricing } from "~/features/pricing/pricing.schema";
import type { CalendarPlace } from "./booking-calendar";
import { createAvailability } from "./booking-availability.server";
import { createBookingChanges } from "./booking-changes.server";
import { createClosures } from "./booking-closures.server";
import { createBookingLists } from "./booking-lists.server";
import { ownedBy } from "./booking-rows.server";
import type { BookingNotices } from "./booking-notices.server";
import { createBookingRequests, type RebookVehicles } from "./booking-request.server";
import { createWaitlistPlaces } from "./waitlist-places.server";
import { createManageByToken, type ManageLinks } from "./manage-link/manage-link.server";
import type { BookingSettingsService } from "./settings/booking-settings.server";

/**
 * The booking service: one object over one database, composed of a factory per concern, each over
 * the same options. Routes, loaders and tests see only this composer.
 * - booking-request.server.ts     a request: what it books, its checks, the claim, the refusals
 * - booking-availability.server.ts places left per slot, for the form and the move dialog
 * - booking-lists.server.ts       lists, a customer's own booking, the day, the CSV export
 * - booking-changes.server.ts     an admin's changes, confirm many, a customer's cancellation
 * - manage-link/manage-link.server.ts  the customer's manage link and its four methods
 * - booking-rows.server.ts        the row as the product sees it (toBooking), shared by all
 * How a booking is written, end to end: docs/booking-write-path.md.
 */

export { COUNT_CAP, type DayBooking } from "./booking-lists.server";
export { TOO_LATE } from "./booking-request.server";
export { SLOT_FULL } from "./slot-claims.server";

export interface BookingServiceOptions {
  settings: BookingSettingsService;
  notices: BookingNotices;
  /** The business's time zone: a slot of today that has started can no longer be asked for. */
  timeZone: string;
  /** Signs and reads the bookings' manage links. */
  links: ManageLinks;
  /** What a booking's calendar file says about the business. */
  place: CalendarPlace;
  /** Prices a visit from ids alone: its lines, total and length (pricing.server.ts). */
  pricing: VisitPricing;
  /** Reads a due reminder's rebook link: the vehicle a booking made from it is for. */
  rebook?: RebookVehicles;
  /**
   * Told, after the change has committed, of the dates where a place may have freed (a cancellation
   * or a move): the waitlist offers it on (issue 29). Its failure is logged, never the change's.
   */
  placesFreed?: (dates: string[]) => Promise<unknown>;
  /** Told, after a closure has committed, of the closed date: the waitlist tells that day's list (issue 29). */
  dayClosed?: (date: string, reason: string) => Promise<unknown>;
}

export function createBookingService(db: Database, options: BookingServiceOptions) {
  const requests = createBookingRequests(db, options);
  const changes = createBookingChanges(db, options, requests);
  return {
    createBooking: requests.createBooking,
    checkPromo: requests.checkPromo,
    /** What a booking body would cost and take, priced as the booking will be (POST /api/bookings/quote). */
    quoteBooking: requests.quoteForForm,
    ...createAvailability(db, options, requests),
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
