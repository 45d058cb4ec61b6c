import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId, updatedAt } from "./columns";

/** The catalogue: packages and hotel entries (plans), single services' prices, add-ons. */

/**
 * One table holds packages and hotel partner entries, as the specification's plan
 * collection does: a hotel entry is a plan with field = 'hotel' (docs/specification-quirks.md §3). Money is kept in cents.
 */
export const plans = pgTable(
  "plans",
  {
    id: objectId("id").primaryKey(),
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
    /** The service a package is for (one of SERVICE_TYPES): what a booking of it books; null on hotel entries. */
    serviceType: text("service_type"),
    field: text("field"),
    hotelName: text("hotel_name"),
    hotelDescription: text("hotel_description"),
    rating: doublePrecision("rating"),
    priceIndicator: text("price_indicator"),
    image: text("image"),
    date: moment("date"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    // Every package names its service (decision 048); hotel entries have none.
    check(
      "plans_service_check",
      sql`case when ${t.field} is null then ${t.serviceType} is not null else ${t.serviceType} is null end`,
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
    updatedAt: updatedAt(),
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
    id: objectId("id").primaryKey(),
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
    /** The packages that already include it (Platinum's clay bar): never offered or sold with them. */
    includedPlanIds: text("included_plan_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("add_ons_price_check", sql`${t.priceCents} >= 0`),
    check("add_ons_minutes_check", sql`${t.durationMinutes} between 0 and 720`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type AddOnRow = typeof addOns.$inferSelect;
export type ServicePriceRow = typeof servicePrices.$inferSelect;
