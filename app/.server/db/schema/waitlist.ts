import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId, partOf, customerLocale, localeCheck } from "./columns";
import { users } from "./people";
import { bookings } from "./bookings";

/** The waitlist: customers waiting for a place, and the places offered (held) to them. */

/**
 * A customer waiting for a place on a full or closed day (issue 29): who, the visit they would book
 * (the booking body as the server read it, less its slot) and the arrival windows that would do
 * (none listed: any). Entries are offered freed places in the order they joined; an entry ends
 * when it is booked, declined, lets an offer lapse, leaves, is removed, its day passes or closes.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: objectId("id").primaryKey(),
    date: date("date", { mode: "string" }).notNull(),
    /** The arrival windows' labels that would do; empty for any window of the day. */
    slots: text("slots")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text("email").notNull(),
    locale: customerLocale(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    /** The member who joined, when one was signed in. */
    userId: objectId("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The booking body the place will be booked with (its preferredTimeSlot left out). */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** The visit's length when it joined: which places fit it (slot-plan.ts). */
    durationMinutes: integer("duration_minutes").notNull(),
    /** A short line for lists and e-mails: "Full Detail (SUV) + Engine Bay". */
    summary: text("summary").notNull().default(""),
    status: text("status").notNull().default("waiting"),
    /** The booking an accepted offer made. */
    bookingId: objectId("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    endedAt: moment("ended_at"),
  },
  (t) => [
    localeCheck("waitlist_entries", t.locale),
    check(
      "waitlist_entries_status_check",
      sql`${t.status} in ('waiting', 'booked', 'declined', 'lapsed', 'left', 'removed', 'ended', 'closed')`,
    ),
    // A day's list in the order its entries joined (offers go to the first that fits).
    index("waitlist_entries_day_idx").on(t.date, t.createdAt, t.id),
    // One live entry per customer and day: joining twice is answered, not stored twice.
    uniqueIndex("waitlist_entries_one_live_idx")
      .on(t.date, t.email)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * A place offered to a waitlist entry. While an offer is open it HOLDS its place: claim_place counts
 * it like a booking (drizzle/functions/claim_place.sql), so nobody else can book it until it is
 * accepted (it becomes the booking, in one transaction), declined, withdrawn, or lapses at
 * `expiresAt` (the sweep marks it so and offers the place to the next entry).
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: objectId("id").primaryKey(),
    entryId: partOf("entry_id", () => waitlistEntries.id),
    date: date("date", { mode: "string" }).notNull(),
    /** The arrival window held. */
    slot: text("slot").notNull(),
    /** The visit's length: which slots the held place occupies, as a booking's would. */
    durationMinutes: integer("duration_minutes").notNull(),
    status: text("status").notNull().default("open"),
    expiresAt: moment("expires_at").notNull(),
    /** Offered by an admin by hand (else by the waitlist, to the first entry that fits). */
    byAdmin: boolean("by_admin").notNull().default(false),
    bookingId: objectId("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    endedAt: moment("ended_at"),
  },
  (t) => [
    check("waitlist_offers_status_check", sql`${t.status} in ('open', 'accepted', 'declined', 'lapsed', 'withdrawn')`),
    // One open offer per entry: two processes offering at once make one.
    uniqueIndex("waitlist_offers_one_open_idx")
      .on(t.entryId)
      .where(sql`${t.status} = 'open'`),
    // claim_place counts a day's open offers; the sweep finds the lapsed ones.
    index("waitlist_offers_open_idx")
      .on(t.date)
      .where(sql`${t.status} = 'open'`),
    index("waitlist_offers_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index("waitlist_offers_entry_idx").on(t.entryId, t.createdAt),
  ],
);
