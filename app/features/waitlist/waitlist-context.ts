import type { SQL } from "drizzle-orm";
import type { Actor } from "~/lib/access";
import type { Clock } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import type { waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import type { Arrival, BookingRequest } from "~/features/bookings/bookings.schema";
import type { WaitlistLinks } from "./waitlist-links.server";
import type { WaitlistOfferStatus, WaitlistRequest } from "./waitlist.schema";

/**
 * What every part of the waitlist is built over and says: the options services.ts hands in, the
 * rows, and the refusals' words. Below the parts (waitlist.server.ts composes them), so imports
 * point one way.
 */

/** What the waitlist needs of the bookings (bookings' waitlist-places.server.ts, handed in by services.ts). */
export interface WaitlistPlaces {
  day(date: string): Promise<DayPlaces>;
  joinChecks(
    actor: Actor | null,
    body: WaitlistRequest & { preferredDate: string },
  ): Promise<{ minutes: number; summary: string }>;
  prepare(actor: Actor | null, request: BookingRequest): Promise<unknown>;
  book(
    tx: Tx,
    prepared: never,
    offerId: string,
  ): Promise<{ acknowledged: boolean; insertedId: string; manageToken: string }>;
  today(at?: Date): string;
  /** When a visit of `minutes` must arrive in `slot` on `date`: its window, shortened to finish by closing. */
  arrival(date: string, slot: string, minutes: number): Promise<Arrival | null>;
}

/** One date's places as the offers judge them (bays, windows, what is held now). */
export interface DayPlaces {
  windows: string[];
  fits(slot: string, minutes: number): boolean;
  /** When a visit of `minutes` must arrive in `slot`, as its booking would say it. */
  arrival(slot: string, minutes: number): Arrival | null;
  started(slot: string, leadMinutes?: number): boolean;
  hasRoom(slot: string, minutes: number): boolean;
  take(slot: string, minutes: number): void;
  holdCall(slot: string, minutes: number): SQL<string>;
}

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface WaitlistOptions {
  places: WaitlistPlaces;
  mailer: Mailer;
  links: WaitlistLinks;
  /** The waitlist's time: when holds lapse (the end-to-end and API tests move it). */
  clock: Clock;
  /** How long an offer holds its place (Booking Settings' offerHoldMinutes). */
  holdMinutes(): Promise<number>;
}

/** What each of the waitlist's functions takes first: the database and the options. */
export type WaitlistContext = WaitlistOptions & { db: Database };

export const ALREADY_WAITING = "You're already on the waitlist for this day. We'll e-mail you if a place frees up.";
/** A hold that lapsed, the customer still on the day's list (their first missed hold). */
export const OFFER_LAPSED_STILL_WAITING =
  "This offer has lapsed: the place was passed on. You're still on the waitlist for this day: if a place frees up, we'll e-mail you again.";
/** A hold that lapsed and took the customer off the list (their second missed hold). */
export const OFFER_LAPSED =
  "This offer has lapsed: the place went to the next person on the list. You are no longer on the waitlist for this day.";
/** What a lapsed offer says, by whether its customer is still on the list. */
export const offerLapsed = (stillWaiting: boolean) => (stillWaiting ? OFFER_LAPSED_STILL_WAITING : OFFER_LAPSED);
export const OFFER_ENDED: Record<Exclude<WaitlistOfferStatus, "open" | "lapsed">, string> = {
  accepted: "This offer was already accepted: the booking is made.",
  declined: "This offer was declined: the place went to the next person on the list.",
  withdrawn: "This offer was withdrawn: you are no longer on the waitlist for this day.",
};
export const NOT_WAITING = "This entry is no longer waiting.";
export const HAS_OFFER = "This entry already holds an offered place: wait for an answer or remove the offer first.";
export const SLOT_FULL = "That time slot is full. Please choose another.";
