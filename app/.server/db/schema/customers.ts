import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, objectId, partOf, updatedAt } from "./columns";
import { users } from "./people";

/** Customers: one row each with their figures (kept by the database), the admins' notes, a member's vehicles. */

/**
 * One row per customer (issue 30, decision 038): accounts with a verified e-mail and everyone who
 * booked, each once by bookings.customer_key, with their figures. The database keeps it: triggers
 * on bookings, service records and users mark a changed customer stale (customersStale), and a
 * read recounts the stale ones first, under a lock on each customer (refresh_customers in
 * migration 0024; decision 042), so the list is right under simultaneous bookings and answers a
 * page from an index, whatever the bookings.
 */
export const customers = pgTable(
  "customers",
  {
    key: text("key").primaryKey(),
    /** What pages and the API name a customer by: md5 of the key, so it stays while the key does. */
    id: objectId("id").notNull(),
    /** The account whose verified e-mail the key is. */
    userId: objectId("user_id"),
    fullName: text("full_name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    bookings: integer("bookings").notNull().default(0),
    /** Visits collected (the desk's last stage), and what they came to. */
    visits: integer("visits").notNull().default(0),
    spentCents: integer("spent_cents").notNull().default(0),
    cancellations: integer("cancellations").notNull().default(0),
    noShows: integer("no_shows").notNull().default(0),
    /** The first visit not cancelled nor missed (reports' "returning"), and the last collected. */
    firstVisit: date("first_visit", { mode: "string" }),
    lastVisit: date("last_visit", { mode: "string" }),
    /** The latest booking (by when it was made): what the counter pre-fills from. */
    latestBookingId: objectId("latest_booking_id"),
    latestDate: date("latest_date", { mode: "string" }),
    latestService: text("latest_service").notNull().default(""),
    vehicleType: text("vehicle_type").notNull().default(""),
    vehicleYear: smallint("vehicle_year"),
    /** Vehicles booked (not cancelled), the latest one's words, and every plate. */
    vehicles: integer("vehicles").notNull().default(0),
    vehicleLabel: text("vehicle_label").notNull().default(""),
    plates: text("plates").notNull().default(""),
    nextServiceDue: date("next_service_due", { mode: "string" }),
    /** Every name, e-mail, phone (as typed and as digits) and plate, lower case: what search reads. */
    searchText: text("search_text").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_id_idx").on(t.id),
    index("customers_user_idx").on(t.userId),
    // The list's orders, each read from its index: last visit either way, spend, visits.
    index("customers_last_visit_idx").on(t.lastVisit, t.key),
    index("customers_recent_idx").on(sql`${t.lastVisit} desc nulls last`, sql`${t.key} desc`),
    index("customers_spend_idx").on(sql`${t.spentCents} desc`, sql`${t.key} desc`),
    index("customers_visits_idx").on(sql`${t.visits} desc`, sql`${t.key} desc`),
    index("customers_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Reports' new customers of a range: those whose first visit falls in it.
    index("customers_first_visit_idx").on(t.firstVisit),
  ],
);

/**
 * Customers whose row is out of date (migration 0026, decisions 042 and 043): a change to their
 * bookings, service records or account adds a mark here in its own transaction; the next read of
 * the customers table counts them again first (flush_customers), so a booking does not pay for it.
 * A log, not a set: a mark is always a row of its own (no key), so a read that takes the marks
 * committed before it never takes one whose change it cannot see yet (decision 043).
 */
export const customersStale = pgTable("customers_stale", {
  key: text("key").notNull(),
});

/** A customer's id from their key, as migration 0024 computes it (left(md5(key), 24): an object id's shape). */
export const customerIdOf = (key: string) => createHash("md5").update(key).digest("hex").slice(0, 24);

/** The admin's notes about a customer ("prefers the hand dryer"), by the customer's key. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: objectId("id").primaryKey(),
    customerKey: text("customer_key").notNull(),
    body: text("body").notNull(),
    authorId: objectId("author_id"),
    authorName: text("author_name").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("customer_notes_customer_idx").on(t.customerKey, t.createdAt)],
);

/** A member's vehicles (the garage): theirs alone; only the type is required. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: objectId("id").primaryKey(),
    userId: partOf("user_id", () => users.id),
    nickname: text("nickname").notNull().default(""),
    make: text("make").notNull().default(""),
    model: text("model").notNull().default(""),
    color: text("color").notNull().default(""),
    year: smallint("year"),
    vehicleType: text("vehicle_type").notNull(),
    plate: text("plate").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("vehicles_user_idx").on(t.userId, t.createdAt)],
);

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerNoteRow = typeof customerNotes.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
