import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId, updatedAt, customerLocale, localeCheck } from "./columns";
import { users } from "./people";
import { plans } from "./catalogue";
import { memberships } from "./club";

/** Bookings, the keys their queries read by, the days the shop is closed and the admins' calendar feeds. */

export const bookings = pgTable(
  "bookings",
  {
    id: objectId("id").primaryKey(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    locale: customerLocale(),
    vehicleType: text("vehicle_type").notNull(),
    vehicleYear: smallint("vehicle_year"),
    serviceType: text("service_type").notNull(),
    packageSelection: text("package_selection").notNull().default("None"),
    planId: objectId("plan_id").references(() => plans.id, { onDelete: "set null" }),
    /** The booked package's name when it was booked; null when no package was. */
    packageName: text("package_name"),
    packagePriceCents: integer("package_price_cents"),
    promoCode: text("promo_code").notNull().default(""),
    discountCents: integer("discount_cents").notNull().default(0),
    finalPriceCents: integer("final_price_cents"),
    preferredDate: date("preferred_date", { mode: "string" }).notNull(),
    preferredTimeSlot: text("preferred_time_slot").notNull(),
    /** The service's length when booked: which slots it holds, kept so a later change of the package moves nothing. */
    durationMinutes: integer("duration_minutes").notNull(),
    specialInstructions: text("special_instructions").notNull().default(""),
    status: text("status").notNull().default("pending"),
    /**
     * The account that made the booking, when one was signed in: theirs at once in My Bookings.
     * A booking with only their e-mail is theirs once they have verified that address.
     */
    userId: objectId("user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Where the visit is on the day (checked in, in progress, ready for pickup, collected, no-show),
     * beside the booking's status: null until the car arrives (or is marked a no-show).
     */
    visitStage: text("visit_stage"),
    visitStageAt: moment("visit_stage_at"),
    /** Booked at the counter into a slot that was full, after staff confirmed it (a walk-in fitted in). */
    overCapacity: boolean("over_capacity").notNull().default(false),
    /** The size class the visit was priced as (pricing.schema.ts); null on bookings made before prices by vehicle. */
    sizeClass: text("size_class"),
    /** The add-ons booked (ids of add_ons), kept so a reschedule keeps them. */
    addOnIds: text("add_on_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An oil change's oil (an id of the follow-up settings' oil types), priced as a line; null for other work. */
    oilType: text("oil_type"),
    /** The priced lines when booked (QuoteLine[]): the package or service for the class, each add-on, the promo. */
    lines: jsonb("lines").$type<QuoteLineRow[]>().notNull().default([]),
    /** What the visit costs after the promo, in cents; null when it was booked with no price. */
    totalCents: integer("total_cents"),
    /**
     * What the till has taken for the visit (payments' amounts, tips apart) and given back (refunds):
     * kept by the payment's and the refund's own transactions (till.ts), never more than the total.
     */
    paidCents: integer("paid_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The Wash Club membership that covers the visit (issue 47): fixed when booked, as its price is. */
    membershipId: objectId("membership_id").references(() => memberships.id),
    /**
     * An unlimited membership's place on the visit's day ("<membership>:<date>:<n>", n up to the
     * plan's visits a day): unique among live bookings, so two bookings at once cannot both be the
     * day's covered visit. Null for a pack's visit and for everyone else.
     */
    clubClaim: text("club_claim"),
    /** A pack's wash was used by this visit's collection (once, however often it is collected). */
    clubWashUsed: boolean("club_wash_used").notNull().default(false),
    /** The member's vehicle from their garage, if one was chosen; its details are copied below. */
    vehicleId: objectId("vehicle_id"),
    vehicleMake: text("vehicle_make").notNull().default(""),
    vehicleModel: text("vehicle_model").notNull().default(""),
    vehicleColor: text("vehicle_color").notNull().default(""),
    vehiclePlate: text("vehicle_plate").notNull().default(""),
    /**
     * When the customer's personal details were removed (their account deleted, or a guest asked):
     * the visit stays in the shop's books (date, service, lines, total) without who it was for.
     */
    personalDataRemovedAt: moment("personal_data_removed_at"),
    /**
     * Whose booking it is in the Customers list (decision 038): the account's verified e-mail when
     * a member made it, else the booking's e-mail, else "tel:" and the phone's digits; null when
     * nobody is behind it. Set by the database (trigger bookings_customer_key), never by the app.
     */
    customerKey: text("customer_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    localeCheck("bookings", t.locale),
    // A customer's bookings (the Customers list's upkeep and a customer's page), the latest made
    // first: with created_at in it the upkeep's "latest booking" reads this index whatever the
    // planner's statistics (stale ones chose bookings_created_idx, read backwards to the match).
    index("bookings_customer_idx").on(t.customerKey, t.createdAt, t.id),
    check("bookings_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    check(
      "bookings_visit_stage_check",
      sql`${t.visitStage} in ('checked-in', 'in-progress', 'ready', 'collected', 'no-show')`,
    ),
    // A customer's history by phone: the digits alone, however the number was typed.
    index("bookings_phone_digits_idx").on(bookingPhoneDigits(t)),
    // Manage Bookings' search by phone (~/lib/phone-search.ts): the digits asked for anywhere in them.
    index("bookings_phone_digits_search_idx").using("gin", sql`${bookingPhoneDigits(t)} gin_trgm_ops`),
    // The reference a customer quotes (the id's last 8 characters): Manage Bookings finds it at once.
    index("bookings_reference_idx").on(bookingReferenceKey(t)),
    check(
      "bookings_paid_check",
      sql`${t.paidCents} >= 0 and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`,
    ),
    check(
      "bookings_money_check",
      sql`${t.discountCents} >= 0 and (${t.packagePriceCents} is null or ${t.packagePriceCents} >= 0)`,
    ),
    // Lists are newest first, ORDER BY created_at DESC, id DESC: these ascending indexes, read
    // backwards, give exactly that order (a DESC index is NULLS LAST, which that ORDER BY is not,
    // so PostgreSQL would sort the whole table instead; measured 180 ms for page 1 of a million).
    // My Bookings: one customer's bookings.
    index("bookings_email_created_idx").on(t.email, t.createdAt, t.id),
    index("bookings_user_idx").on(t.userId),
    // "Has this vehicle been booked again?" (service-records.server.ts bookedOilChangeSince): the
    // vehicle's bookings at once, not every booking's key computed (minutes for a due list of a
    // few thousand vehicles over 300,000 bookings without it).
    index("bookings_vehicle_key_idx")
      .on(bookingVehicleKey(t))
      .where(sql`${t.status} <> 'cancelled'`),
    // The review requests' sweep: visits collected lately.
    index("bookings_collected_idx")
      .on(t.visitStageAt)
      .where(sql`${t.visitStage} = 'collected'`),
    // Capacity: bookings per date and slot that still hold a bay.
    index("bookings_slot_idx")
      .on(t.preferredDate, t.preferredTimeSlot)
      .where(sql`${t.status} <> 'cancelled'`),
    // Manage Bookings: by status; everything; by visit (a date range, or upcoming and past
    // visits: date, arrival slot, then request, read in either direction without a sort).
    index("bookings_status_created_idx").on(t.status, t.createdAt, t.id),
    index("bookings_created_idx").on(t.createdAt, t.id),
    index("bookings_visit_idx").on(t.preferredDate, t.preferredTimeSlot, t.createdAt, t.id),
    // Reports' distinct customers of a range: their visits that count, read from the index alone.
    index("bookings_live_customer_idx")
      .on(t.preferredDate, t.customerKey)
      .where(
        sql`${t.status} <> 'cancelled' and ${t.visitStage} is distinct from 'no-show' and ${t.customerKey} is not null`,
      ),
    // Manage Bookings search (name, phone or e-mail, anywhere in the text): trigrams, so a
    // search among a million bookings reads the matches, not the table.
    index("bookings_search_idx").using("gin", sql`${bookingSearchText(t)} gin_trgm_ops`),
    // A membership's covered visits of a day: the database refuses one past the plan's, also under races.
    uniqueIndex("bookings_club_claim_idx")
      .on(t.clubClaim)
      .where(sql`${t.status} <> 'cancelled'`),
    // The club's figures and a membership's visits.
    index("bookings_membership_idx")
      .on(t.membershipId)
      .where(sql`${t.membershipId} is not null`),
    // WASH5 once per customer: the database refuses a second live use, also under races.
    uniqueIndex("bookings_promo_once_idx")
      .on(t.email)
      .where(sql`${t.promoCode} = 'WASH5' and ${t.status} <> 'cancelled'`),
  ],
);

/** A phone number's digits alone, however it was typed; queries must use this expression to use its index. */
export function bookingPhoneDigits(t: { phone: AnyPgColumn }) {
  return sql<string>`regexp_replace(${t.phone}, '[^0-9]', '', 'g')`;
}

/** The reference printed on confirmations (bookingReference in visit-text.ts), lower case as ids are. */
export function bookingReferenceKey(t: { id: AnyPgColumn }) {
  return sql<string>`right(${t.id}, 8)`;
}

/** The text Manage Bookings searches; the query must use this same expression to use the index. */
export function bookingSearchText(t: { fullName: AnyPgColumn; phone: AnyPgColumn; email: AnyPgColumn }) {
  return sql`(${t.fullName} || ' ' || ${t.phone} || ' ' || ${t.email})`;
}

/** A priced line as a booking stores it (pricing.schema.ts QuoteLine). */
export interface QuoteLineRow {
  kind: "package" | "service" | "oil" | "add-on" | "club" | "promo";
  label: string;
  amountCents: number;
  minutes: number;
}

/**
 * Which vehicle a booking is for, as one text: the member's garage vehicle, or else the customer's
 * address with the plate (or with make, model and type when there is no plate). A service record
 * keeps its booking's key, so "has this vehicle been booked again?" is one comparison; SQL, so the
 * record's insert and the booked-again check compute it the same way.
 */
export function bookingVehicleKey(t: {
  vehicleId: AnyPgColumn;
  email: AnyPgColumn;
  vehiclePlate: AnyPgColumn;
  vehicleMake: AnyPgColumn;
  vehicleModel: AnyPgColumn;
  vehicleType: AnyPgColumn;
}) {
  return sql<string>`coalesce(${t.vehicleId}, lower(${t.email}) || '|' || case
    when ${t.vehiclePlate} <> '' then 'plate:' || upper(regexp_replace(${t.vehiclePlate}, '[^A-Za-z0-9]', '', 'g'))
    else lower(${t.vehicleMake}) || '|' || lower(${t.vehicleModel}) || '|' || ${t.vehicleType} end)`;
}

/** Days the business takes no bookings (holidays), set by admins. */
export const closedDates = pgTable("closed_dates", {
  date: date("date", { mode: "string" }).primaryKey(),
  reason: text("reason").notNull().default(""),
  createdAt: createdAt(),
});

/**
 * An admin's private calendar feed of the shop's bookings (issue 29): only a SHA-256 of its secret is
 * kept, so the table alone opens no feed; renewing replaces the row's hash and the old link stops.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: objectId("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

export type BookingRow = typeof bookings.$inferSelect;
