import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId, updatedAt, customerLocale, localeCheck } from "./columns";
import { users } from "./people";

/**
 * The wash club (issue 47, decision 055): plans a manager sells at the counter, unlimited monthly
 * or yearly, or a pack of washes, and the memberships sold. A membership's payments are the till's
 * rows (payments.membership_id); what it covers is read from its plan; a pack's washes left is kept
 * by one conditional UPDATE when a covered visit is collected, never below zero.
 */
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: objectId("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** An unlimited plan's period; null for a pack. */
    period: text("period"),
    /** A pack's washes; null for an unlimited plan. */
    washes: integer("washes"),
    /** The services a membership covers (catalogue service types). */
    covers: text("covers").array().notNull(),
    /** An unlimited plan's covered visits a day; null for a pack. */
    perDay: integer("per_day"),
    /** Retired plans are sold no more; the memberships sold keep them. */
    retiredAt: moment("retired_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("membership_plans_kind_check", sql`${t.kind} in ('unlimited', 'pack')`),
    check(
      "membership_plans_shape_check",
      sql`(${t.kind} = 'unlimited' and ${t.period} in ('month', 'year') and ${t.washes} is null and ${t.perDay} >= 1)
        or (${t.kind} = 'pack' and ${t.period} is null and ${t.washes} >= 1 and ${t.perDay} is null)`,
    ),
    check("membership_plans_price_check", sql`${t.priceCents} >= 0`),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    id: objectId("id").primaryKey(),
    /** What the member shows at the counter: "WC-" and eight digits, on their card and its QR code. */
    number: text("number").notNull(),
    planId: objectId("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    fullName: text("full_name").notNull(),
    /** Lower case: a signed-in member whose verified e-mail is this holds the membership. */
    email: text("email").notNull(),
    locale: customerLocale(),
    phone: text("phone").notNull().default(""),
    /** Upper case, letters and digits only, as the counter matches a plate. */
    plate: text("plate").notNull().default(""),
    /** The last day it covers (the business's date). */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** A pack's washes left; null for an unlimited plan. */
    washesLeft: integer("washes_left"),
    cancelledAt: moment("cancelled_at"),
    soldById: objectId("sold_by_id").references(() => users.id, { onDelete: "set null" }),
    soldByName: text("sold_by_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    localeCheck("memberships", t.locale),
    uniqueIndex("memberships_number_idx").on(t.number),
    index("memberships_email_idx").on(t.email),
    index("memberships_plate_idx").on(t.plate),
    index("memberships_phone_idx").on(sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g')`),
    check("memberships_washes_check", sql`${t.washesLeft} is null or ${t.washesLeft} >= 0`),
  ],
);

export type MembershipPlanRow = typeof membershipPlans.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
