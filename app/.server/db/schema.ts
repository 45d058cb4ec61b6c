import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./auth-schema";

/**
 * One table holds packages and hotel partner entries, as the specification's plan
 * collection does: a hotel entry is a plan with field = 'hotel' (docs/specification-quirks.md §3). Money is kept in cents.
 */
export const plans = pgTable(
  "plans",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    // A package's columns; null on hotel entries (plans_kind_check).
    name: text("name"),
    priceCents: integer("price_cents"),
    duration: text("duration"),
    /** A package's length (the spec's duration is free text); null on hotel entries. */
    durationMinutes: integer("duration_minutes"),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A package's own price and length for the larger size classes (pricing.schema.ts ClassPrices); {} takes their surcharges. */
    classPrices: jsonb("class_prices").notNull().default({}),
    packageType: text("package_type"),
    field: text("field"),
    hotelName: text("hotel_name"),
    hotelDescription: text("hotel_description"),
    rating: doublePrecision("rating"),
    priceIndicator: text("price_indicator"),
    image: text("image"),
    date: timestamp("date", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "plans_package_type_check",
      sql`${t.packageType} in ('economy', 'standard', 'standards', 'premium', 'services')`,
    ),
    // A package has a name, a price and a type; a hotel entry has none of the package's columns.
    check(
      "plans_kind_check",
      sql`case when ${t.field} is null
        then ${t.name} is not null and ${t.priceCents} is not null and ${t.packageType} is not null
        else ${t.name} is null and ${t.priceCents} is null and ${t.duration} is null and ${t.packageType} is null end`,
    ),
    // Every package has a length a booking can take; hotel entries have none.
    check(
      "plans_minutes_check",
      sql`case when ${t.field} is null
        then ${t.durationMinutes} between 5 and 720
        else ${t.durationMinutes} is null end`,
    ),
    check("plans_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check("plans_rating_check", sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check("plans_field_check", sql`${t.field} is null or ${t.field} = 'hotel'`),
    // The catalogue is always read newest first within a kind (packages or hotels).
    index("plans_kind_newest_idx").on(t.field, sql`${planRecency(t)} desc`),
  ],
);

/**
 * How new a catalogue entry is (docs/specification-quirks.md §6): the latest of its date, creation and last
 * change. The catalogue, the home page's featured packages and the contact form's package choice
 * all read "newest" by it (plans_kind_newest_idx serves it).
 */
export function planRecency(t: { date: AnyPgColumn; createdAt: AnyPgColumn; updatedAt: AnyPgColumn }) {
  return sql`greatest(${t.date}, ${t.createdAt}, ${t.updatedAt})`;
}

export const bookings = pgTable(
  "bookings",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    vehicleType: text("vehicle_type").notNull(),
    vehicleYear: smallint("vehicle_year"),
    serviceType: text("service_type").notNull(),
    packageSelection: text("package_selection").notNull().default("None"),
    planId: varchar("plan_id", { length: 24 }).references(() => plans.id, { onDelete: "set null" }),
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
    userId: varchar("user_id", { length: 24 }).references(() => users.id, { onDelete: "set null" }),
    /**
     * Where the visit is on the day (checked in, in progress, ready for pickup, collected, no-show),
     * beside the booking's status: null until the car arrives (or is marked a no-show).
     */
    visitStage: text("visit_stage"),
    visitStageAt: timestamp("visit_stage_at", { withTimezone: true, mode: "date" }),
    /** Booked at the counter into a slot that was full, after staff confirmed it (a walk-in fitted in). */
    overCapacity: boolean("over_capacity").notNull().default(false),
    /** The size class the visit was priced as (pricing.schema.ts); null on bookings made before prices by vehicle. */
    sizeClass: text("size_class"),
    /** The add-ons booked (ids of add_ons), kept so a reschedule keeps them. */
    addOnIds: text("add_on_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The priced lines when booked (QuoteLine[]): the package or service for the class, each add-on, the promo. */
    lines: jsonb("lines").$type<QuoteLineRow[]>().notNull().default([]),
    /** What the visit costs after the promo, in cents; null when it was booked with no price. */
    totalCents: integer("total_cents"),
    /** The member's vehicle from their garage, if one was chosen; its details are copied below. */
    vehicleId: varchar("vehicle_id", { length: 24 }),
    vehicleMake: text("vehicle_make").notNull().default(""),
    vehicleModel: text("vehicle_model").notNull().default(""),
    vehicleColor: text("vehicle_color").notNull().default(""),
    vehiclePlate: text("vehicle_plate").notNull().default(""),
    /**
     * When the customer's personal details were removed (their account deleted, or a guest asked):
     * the visit stays in the shop's books (date, service, lines, total) without who it was for.
     */
    personalDataRemovedAt: timestamp("personal_data_removed_at", { withTimezone: true, mode: "date" }),
    /**
     * Whose booking it is in the Customers list (decision 038): the account's verified e-mail when
     * a member made it, else the booking's e-mail, else "tel:" and the phone's digits; null when
     * nobody is behind it. Set by the database (trigger bookings_customer_key), never by the app.
     */
    customerKey: text("customer_key"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
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
    // The reference a customer quotes (the id's last 8 characters): Manage Bookings finds it at once.
    index("bookings_reference_idx").on(bookingReferenceKey(t)),
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
  kind: "package" | "service" | "add-on" | "promo";
  label: string;
  amountCents: number;
  minutes: number;
}

/**
 * The single services' own prices (a booking of a service without a package): one row per service
 * of the specification's list, its price and length for the first size class and its table.
 */
export const servicePrices = pgTable(
  "service_prices",
  {
    serviceType: text("service_type").primaryKey(),
    priceCents: integer("price_cents").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    classPrices: jsonb("class_prices").notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("service_prices_price_check", sql`${t.priceCents} >= 0`),
    check("service_prices_minutes_check", sql`${t.durationMinutes} between 5 and 720`),
  ],
);

/** Extras a customer adds to a visit (pet-hair removal, engine bay …), priced and timed by class. */
export const addOns = pgTable(
  "add_ons",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    classPrices: jsonb("class_prices").notNull().default({}),
    /** The services it goes with (the specification's names); with planIds both empty, every visit. */
    serviceTypes: text("service_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    planIds: text("plan_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("add_ons_price_check", sql`${t.priceCents} >= 0`),
    check("add_ons_minutes_check", sql`${t.durationMinutes} between 0 and 720`),
  ],
);

/** A member's vehicles (the garage): theirs alone; only the type is required. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    userId: varchar("user_id", { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nickname: text("nickname").notNull().default(""),
    make: text("make").notNull().default(""),
    model: text("model").notNull().default(""),
    color: text("color").notNull().default(""),
    year: smallint("year"),
    vehicleType: text("vehicle_type").notNull(),
    plate: text("plate").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("vehicles_user_idx").on(t.userId, t.createdAt)],
);

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

/**
 * An oil change as the shop recorded it (issue 28): the odometer and oil at the visit, and when the
 * next one is due. One per booking (recording again corrects it); the vehicle's due date is its
 * latest record's, found by the vehicle's key (bookingVehicleKey).
 */
export const serviceRecords = pgTable(
  "service_records",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    bookingId: varchar("booking_id", { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    vehicleKey: text("vehicle_key").notNull(),
    odometer: integer("odometer").notNull(),
    /** An id of the oil types setting (follow-ups.schema.ts), with its name when recorded. */
    oilType: text("oil_type").notNull(),
    oilName: text("oil_name").notNull(),
    servicedOn: date("serviced_on", { mode: "string" }).notNull(),
    nextDueDate: date("next_due_date", { mode: "string" }).notNull(),
    nextDueMileage: integer("next_due_mileage").notNull(),
    recordedBy: varchar("recorded_by", { length: 24 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("service_records_booking_idx").on(t.bookingId),
    index("service_records_vehicle_idx").on(t.vehicleKey, t.servicedOn),
    index("service_records_due_idx").on(t.nextDueDate),
    check("service_records_odometer_check", sql`${t.odometer} between 0 and 2000000`),
  ],
);

/** A review's place: waiting for the admin, shown on the site, or kept off it. */
export type ReviewStatus = "pending" | "published" | "hidden";

/** A customer's review of one visit, written through the signed link of the review request. */
export const reviews = pgTable(
  "reviews",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    bookingId: varchar("booking_id", { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull().default(""),
    /** As the site shows the customer: first name and last initial ("Maria G."), kept when written. */
    authorName: text("author_name").notNull(),
    /** What was done ("Full Synthetic Oil Change"), and the visit's month (first day), when written. */
    serviceLabel: text("service_label").notNull(),
    visitMonth: date("visit_month", { mode: "string" }).notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    reply: text("reply").notNull().default(""),
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date" }),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // One review per visit, also under two taps of Send at once.
    uniqueIndex("reviews_booking_idx").on(t.bookingId),
    index("reviews_status_idx").on(t.status, t.publishedAt),
    index("reviews_created_idx").on(t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'published', 'hidden')`),
  ],
);

/**
 * Addresses that asked for no more of one kind of the shop's own messages (consent.schema.ts):
 * present means "no". Booking e-mails are not such messages and are never stopped here.
 */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    /** Lower case, as every check compares it. */
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.kind] }),
    check("email_opt_outs_kind_check", sql`${t.kind} in ('service-reminders', 'review-requests')`),
  ],
);

/**
 * Follow-ups already queued (a due reminder, its follow-up, a review request), by a key naming the
 * message and what it is about ("due-reminder:<record id>"): inserting the key claims the message,
 * so each goes once, however many processes run the follow-ups at the same moment.
 */
export const sentFollowUps = pgTable("sent_follow_ups", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * An admin's private calendar feed of the shop's bookings (issue 29): only a SHA-256 of its secret is
 * kept, so the table alone opens no feed; renewing replaces the row's hash and the old link stops.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: varchar("user_id", { length: 24 })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A customer waiting for a place on a full or closed day (issue 29): who, the visit they would book
 * (the booking body as the server read it, less its slot) and the arrival windows that would do
 * (none listed: any). Entries are offered freed places in the order they joined; an entry ends
 * when it is booked, declined, lets an offer lapse, leaves, is removed, its day passes or closes.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    date: date("date", { mode: "string" }).notNull(),
    /** The arrival windows' labels that would do; empty for any window of the day. */
    slots: text("slots")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    /** The member who joined, when one was signed in. */
    userId: varchar("user_id", { length: 24 }).references(() => users.id, { onDelete: "set null" }),
    /** The booking body the place will be booked with (its preferredTimeSlot left out). */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** The visit's length when it joined: which places fit it (slot-plan.ts). */
    durationMinutes: integer("duration_minutes").notNull(),
    /** A short line for lists and e-mails: "Full Detail (SUV) + Engine Bay". */
    summary: text("summary").notNull().default(""),
    status: text("status").notNull().default("waiting"),
    /** The booking an accepted offer made. */
    bookingId: varchar("booking_id", { length: 24 }).references(() => bookings.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
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
    id: varchar("id", { length: 24 }).primaryKey(),
    entryId: varchar("entry_id", { length: 24 })
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    /** The arrival window held. */
    slot: text("slot").notNull(),
    /** The visit's length: which slots the held place occupies, as a booking's would. */
    durationMinutes: integer("duration_minutes").notNull(),
    status: text("status").notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Offered by an admin by hand (else by the waitlist, to the first entry that fits). */
    byAdmin: boolean("by_admin").notNull().default(false),
    bookingId: varchar("booking_id", { length: 24 }).references(() => bookings.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
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

/** Days the business takes no bookings (holidays), set by admins. */
export const closedDates = pgTable("closed_dates", {
  date: date("date", { mode: "string" }).primaryKey(),
  reason: text("reason").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Small key/value facts about this installation: demo seed markers, bay count, the bookings notice address. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** E-mails the site sent (or, without SMTP_URL, would have sent): admins read them in the dashboard. */
/** Where a message is: waiting for the worker, sent through SMTP, given up on, or kept here (no SMTP set). */
export type OutboxState = "queued" | "sent" | "failed" | "kept";

/**
 * Every message the site sends, written in the transaction of the change that causes it and
 * delivered afterwards by the outbox worker (app/.server/mail/outbox-worker.ts), so admins can see
 * what customers were told, a change never waits for SMTP, and a site without SMTP still works.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    to: text("to").notNull(),
    /**
     * A message is stored either whole (subject, text, html, attachments) or as what its template
     * needs (template, data), and is then written out when it is sent or shown: a booking's three
     * e-mails are about 13 KB whole and 2 KB as data, and the request that stores them waits for neither.
     */
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    /** Files sent with the e-mail (a booking's .ics), kept so admins can open what the customer got. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    /** The template that writes the message out (app/.server/mail/message-templates.ts), and its input. */
    template: text("template"),
    data: jsonb("data"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    state: text("state").$type<OutboxState>().notNull().default("queued"),
    /** 'notice' (sent at once), 'ready' (the car is ready: once per booking) or 'reminder' (sent at sendAfter, replaced when its booking moves). */
    kind: text("kind").notNull().default("notice"),
    /** The booking the message is about, for its log in the booking's details. */
    bookingId: varchar("booking_id", { length: 24 }),
    /** Not before this moment: now for notices, the reminder's time, or the next retry. */
    sendAfter: timestamp("send_after", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A worker holds the message until then; after a crash, another takes it when the lease runs out. */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("outbox_to_created_idx").on(t.to, t.createdAt.desc()),
    index("outbox_created_idx").on(t.createdAt.desc()),
    // What the worker polls every second: only the queued rows, in the order they fall due.
    index("outbox_due_idx")
      .on(t.sendAfter)
      .where(sql`state = 'queued'`),
    index("outbox_booking_idx").on(t.bookingId, t.createdAt),
    // One reminder waiting per booking: a move replaces it rather than adding a second.
    uniqueIndex("outbox_one_reminder_idx")
      .on(t.bookingId)
      .where(sql`kind = 'reminder' and state = 'queued'`),
    // "Your car is ready" once per booking, however often the button is pressed.
    uniqueIndex("outbox_one_ready_idx")
      .on(t.bookingId)
      .where(sql`kind = 'ready'`),
    check("outbox_state_check", sql`state in ('queued', 'sent', 'failed', 'kept')`),
    check("outbox_whole_or_template_check", sql`template is not null or (subject is not null and text is not null)`),
  ],
);

/**
 * Rate-limit counters every server process shares on PostgreSQL (server/api/rate-limiter.ts): one row
 * per limit and client key, the columns rate-limiter-flexible's Drizzle store reads and writes. Rows
 * whose window has ended are counted afresh by the next attempt and swept by the store an hour later.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres sends a Buffer as bytea (a plain Uint8Array it would not); PGlite takes either.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files when the data is on a PostgreSQL server (DATABASE_URL), so every server process
 * serves every upload and a backup of the database holds them; on the embedded database they stay
 * on disk (DATA_DIR/uploads). Names are the stored names of file-storage.ts (STORED_NAME).
 */
export const uploadedFiles = pgTable("uploaded_files", {
  name: text("name").primaryKey(),
  content: bytea("content").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Who changed what, when, with the values before and after (issue 31): every admin or staff
 * change, and a customer's own changes to a booking, written in the transaction of the change it
 * records (audit-log.server.ts), so a refused change leaves none. No foreign keys: the record
 * outlives the person and the thing it names (the actor's name and role are copied). Dropped after
 * the retention setting (two years by default).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The user who made the change; null for a guest with a manage link, or the server itself. */
    actorId: varchar("actor_id", { length: 24 }),
    actorName: text("actor_name").notNull().default(""),
    /** admin | member | guest | system */
    actorRole: text("actor_role").notNull(),
    /** What changed, as "subject.verb": booking.status, booking.move, plan.delete, user.role … */
    kind: text("kind").notNull(),
    /** booking | plan | add-on | settings | user | closed-date | message | backup … */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    /** One line a person reads: "Confirmed", "Moved from Sat, Nov 28 9–11 AM to …". */
    summary: text("summary").notNull().default(""),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    check("audit_events_actor_role_check", sql`${t.actorRole} in ('admin', 'member', 'guest', 'system')`),
    index("audit_events_at_idx").on(t.at, t.id),
    index("audit_events_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_events_actor_idx").on(t.actorId, t.at),
    index("audit_events_kind_idx").on(t.kind, t.at),
  ],
);

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
    id: varchar("id", { length: 24 }).notNull(),
    /** The account whose verified e-mail the key is. */
    userId: varchar("user_id", { length: 24 }),
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
    latestBookingId: varchar("latest_booking_id", { length: 24 }),
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
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
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

/**
 * Visit days and arrival windows whose rollup rows (visitFigures) are out of date (migration 0027,
 * decision 043): a change to bookings marks its rows' day and window; the next report counts them
 * again first (flush_visit_figures). A log of marks, as customersStale.
 */
export const visitsStale = pgTable("visits_stale", {
  day: date("day", { mode: "string" }).notNull(),
  slot: text("slot").notNull(),
});

/**
 * The reports' rollup (issue 30 part 3, decision 039): per visit day, arrival window and figure
 * (visits, cancelled, no-show, completed, live, wash5, lead, class, line, length; see
 * booking_figures in migration 0025), how many bookings and what they add up to, so a month's
 * report sums a few thousand rows whatever the bookings. A change to bookings marks its day and
 * window stale (visitsStale); a report counts the marked ones again before it reads (decision 043).
 */
export const visitFigures = pgTable(
  "visit_figures",
  {
    day: date("day", { mode: "string" }).notNull(),
    slot: text("slot").notNull(),
    figure: text("figure").notNull(),
    /** What the figure is of: a class, a line's "kind:label", a length in minutes; else empty. */
    key: text("key").notNull().default(""),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    /** Cents for money figures, days for lead. */
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot, t.figure, t.key] })],
);

/** A customer's id from their key, as migration 0024 computes it (left(md5(key), 24): an object id's shape). */
export const customerIdOf = (key: string) => createHash("md5").update(key).digest("hex").slice(0, 24);

/** The admin's notes about a customer ("prefers the hand dryer"), by the customer's key. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    customerKey: text("customer_key").notNull(),
    body: text("body").notNull(),
    authorId: varchar("author_id", { length: 24 }),
    authorName: text("author_name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("customer_notes_customer_idx").on(t.customerKey, t.createdAt)],
);

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type BookingRow = typeof bookings.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;
export type ServicePriceRow = typeof servicePrices.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type ServiceRecordRow = typeof serviceRecords.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type CustomerNoteRow = typeof customerNotes.$inferSelect;

export * from "./auth-schema";
