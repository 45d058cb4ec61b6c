/**
 * The waitlist's public face (issue 29): what a customer sends to join, the vocabularies, and the
 * shapes the API and the pages share. Browser-safe. The service is waitlist.server.ts; decision
 * 032 says how a freed place is offered and held.
 */
import { z } from "zod";
import {
  ANYTIME,
  arrivalSchema,
  bookingRequestSchema,
  timeSlotField,
  type Today,
} from "~/features/bookings/bookings.schema";

/** The booking forms' offer where a day or slot is full or closed. */
export const JOIN_WAITLIST = "Tell me if a place frees up";

/** How long an offer holds its place unless the settings say otherwise (Booking Settings). */
export const DEFAULT_OFFER_HOLD_MINUTES = 30;

/**
 * How many held places a customer may let lapse before they leave the day's list: after the first
 * they stay on it, behind those waiting, and are offered the next place; the second ends their
 * entry (lapsed), so a customer who no longer reads their e-mail does not hold places forever.
 */
export const MISSED_HOLDS_MAX = 2;

/** Where an entry is: waiting for a place, or how it ended. */
export const WAITLIST_ENTRY_STATUSES = [
  "waiting",
  "booked",
  "declined",
  "lapsed",
  "left",
  "removed",
  "ended",
  "closed",
] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** An offer holds its place while open; then it was accepted, declined, withdrawn, or it lapsed. */
export const WAITLIST_OFFER_STATUSES = ["open", "accepted", "declined", "lapsed", "withdrawn"] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** A window that would do: one of the day's arrival windows ('Anytime' is never full, so never waited for). */
const waitedSlot = timeSlotField.refine((slot) => slot !== ANYTIME, "Choose the arrival windows that would do");

/**
 * POST /api/waitlist: a booking body with the arrival windows that would do (`slots`; none: any
 * window of the day) instead of one `preferredTimeSlot`. The server prices and measures the visit
 * from it as it would a booking.
 */
export function waitlistRequestSchema({ today }: { today: Today }) {
  return bookingRequestSchema({ today, requireEmail: false })
    .omit({ preferredTimeSlot: true, overCapacity: true, rebook: true })
    .extend({
      slots: z
        .array(waitedSlot)
        .max(12, "Choose the arrival windows that would do")
        .default([])
        .describe("The arrival windows that would do; empty for any window of the day"),
    });
}
export type WaitlistRequest = z.output<ReturnType<typeof waitlistRequestSchema>>;

/** An offer as an admin sees it on the day's waitlist. */
export const waitlistOfferViewSchema = z.object({
  id: z.string(),
  slot: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  expiresAt: z.string().describe("ISO 8601: when the held place goes to the next entry"),
  byAdmin: z.boolean(),
  createdAt: z.string(),
});

/** An entry as an admin sees it on the board and in the day's list: who, what, since when, offers made. */
export const waitlistEntryViewSchema = z.object({
  id: z.string(),
  date: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  summary: z.string().describe('the visit, e.g. "Full Detail (SUV) + Engine Bay"'),
  durationMinutes: z.number(),
  slots: z.array(z.string()).describe("the arrival windows that would do; empty for any"),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  createdAt: z.string(),
  offers: z.array(waitlistOfferViewSchema),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;

/** GET /api/waitlist?date=: the day's list (live entries first, in the order they joined) and its demand. */
export const waitlistDaySchema = z.object({
  date: z.string(),
  entries: z.array(waitlistEntryViewSchema),
  waited: z.number().describe("how many people joined the list for this day, whatever became of them"),
});
export type WaitlistDay = z.infer<typeof waitlistDaySchema>;

/** An offer as its link's page shows it (GET /api/waitlist/offers/{token}). */
export const waitlistOfferPageSchema = z.object({
  date: z.string(),
  slot: z.string(),
  arrival: arrivalSchema
    .nullable()
    .describe("when the car must arrive: the slot's window, shortened so the visit is done by closing"),
  summary: z.string(),
  fullName: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  expiresAt: z.string(),
  stillWaiting: z.boolean().describe("whether the customer is still on the day's list (a lapsed hold keeps them once)"),
});
export type WaitlistOfferPage = z.infer<typeof waitlistOfferPageSchema>;

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/**
 * The demand line an admin plans staff by, in the tense of the list as it is: "2 people are waiting
 * for Saturday" while they all still wait, "6 people joined the waitlist for Saturday; 2 still wait"
 * once some have booked or left, and "6 people waited for Saturday" once nobody does.
 */
export function demandLine(waited: number, waiting: number, dayName: string): string {
  if (waiting === 0) return `${people(waited)} waited for ${dayName}`;
  if (waiting === waited) return `${people(waited)} ${waited === 1 ? "is" : "are"} waiting for ${dayName}`;
  return `${people(waited)} joined the waitlist for ${dayName}; ${waiting} still ${waiting === 1 ? "waits" : "wait"}`;
}
