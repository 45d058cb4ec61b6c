import type { ClubLookup } from "~/features/club/club.schema";
import type { VisitPricing } from "~/features/pricing/pricing.schema";
import type { CalendarPlace } from "./booking-calendar";
import type { BookingNotices } from "./booking-notices.server";
import type { BookedVehicle } from "./bookings.schema";
import type { ManageLinks } from "./manage-link/manage-token.server";
import type { BookingSettingsService } from "./settings/booking-settings.server";

/**
 * What every part of the booking service is built over, handed in by app/.server/services.ts. It
 * lives below the parts and their composer (bookings.server.ts), so imports point one way:
 * composer → parts → this file and the refusals (booking-refusals.server.ts).
 */
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
  /** Whether the Wash Club covers a visit (issue 47); without it, nobody is a member. */
  club?: ClubLookup;
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

/** Reads a due reminder's rebook link (follow-ups' rebook-links.server.ts, handed in by services.ts). */
export interface RebookVehicles {
  /** The vehicle of the oil change the link is for, or null for a link the server did not write or one past its use. */
  vehicle(token: string): Promise<BookedVehicle | null>;
}
