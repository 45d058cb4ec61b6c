import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, objectId, customerLocale, localeCheck } from "./columns";
import { users } from "./people";
import { bookings } from "./bookings";
import { memberships } from "./club";

/**
 * The till (issue 46, decision 054): money taken, given back and counted. Every row here is written
 * once and never edited (a ledger); what a visit has been paid (bookings.paid_cents) and what a gift
 * card has left (gift_cards.balance_cents) are kept in the same transaction as the row that moves
 * them, each by one conditional UPDATE that the database refuses past the limit, so simultaneous
 * tills cannot take more than is owed or spend more than a card holds.
 */

/**
 * Gift cards sold at the counter. The code is a bearer's key to money, so only its SHA-256 is kept
 * (as invitations keep their tokens, decision 044): a backup of this table spends nothing. The desk
 * finds a card by hashing the code typed in; the last four characters name it on screens and receipts.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: objectId("id").primaryKey(),
    codeHash: text("code_hash").notNull(),
    lastFour: text("last_four").notNull(),
    initialCents: integer("initial_cents").notNull(),
    /** Kept with every payment by this card and every refund to it, in their transactions. */
    balanceCents: integer("balance_cents").notNull(),
    /** Where the code was e-mailed ("" when it was handed over printed). */
    email: text("email").notNull().default(""),
    locale: customerLocale(),
    soldById: objectId("sold_by_id").references(() => users.id, { onDelete: "set null" }),
    soldByName: text("sold_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    localeCheck("gift_cards", t.locale),
    uniqueIndex("gift_cards_code_idx").on(t.codeHash),
    check("gift_cards_money_check", sql`${t.initialCents} > 0 and ${t.balanceCents} >= 0`),
  ],
);

/**
 * A payment: for a visit (booking_id), a gift card sold (sold_gift_card_id) or a Wash Club
 * membership sold or renewed (membership_id), exactly one.
 * `amount_cents` settles what is owed; `tip_cents` is given on top and settles nothing. A payment by
 * gift card names the card (gift_card_id) and keeps its last four as `reference`; a card payment
 * keeps the terminal's reference, ready for an online provider's.
 */
export const payments = pgTable(
  "payments",
  {
    id: objectId("id").primaryKey(),
    bookingId: objectId("booking_id").references(() => bookings.id),
    soldGiftCardId: objectId("sold_gift_card_id").references(() => giftCards.id),
    /** A Wash Club membership sold or renewed (issue 47). */
    membershipId: objectId("membership_id").references(() => memberships.id),
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    tipCents: integer("tip_cents").notNull().default(0),
    reference: text("reference").notNull().default(""),
    giftCardId: objectId("gift_card_id").references(() => giftCards.id),
    takenById: objectId("taken_by_id").references(() => users.id, { onDelete: "set null" }),
    takenByName: text("taken_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("payments_method_check", sql`${t.method} in ('cash', 'card', 'gift-card', 'other')`),
    check("payments_money_check", sql`${t.amountCents} > 0 and ${t.tipCents} >= 0`),
    check("payments_for_check", sql`num_nonnulls(${t.bookingId}, ${t.soldGiftCardId}, ${t.membershipId}) = 1`),
    check("payments_card_check", sql`(${t.method} = 'gift-card') = (${t.giftCardId} is not null)`),
    index("payments_booking_idx").on(t.bookingId),
    // The day's takings and the reports' money taken: a range of moments.
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Money given back from one payment: never more than it took (kept so by locking the payment's row). */
export const refunds = pgTable(
  "refunds",
  {
    id: objectId("id").primaryKey(),
    paymentId: objectId("payment_id")
      .notNull()
      .references(() => payments.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    refundedById: objectId("refunded_by_id").references(() => users.id, { onDelete: "set null" }),
    refundedByName: text("refunded_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_created_idx").on(t.createdAt),
  ],
);

/** The drawer counted at the end of a day: a recount is another row; the day shows the latest. */
export const cashUps = pgTable(
  "cash_ups",
  {
    id: objectId("id").primaryKey(),
    date: date("date", { mode: "string" }).notNull(),
    countedCents: integer("counted_cents").notNull(),
    expectedCents: integer("expected_cents").notNull(),
    countedById: objectId("counted_by_id").references(() => users.id, { onDelete: "set null" }),
    countedByName: text("counted_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("cash_ups_counted_check", sql`${t.countedCents} >= 0`), index("cash_ups_date_idx").on(t.date)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;
export type CashUpRow = typeof cashUps.$inferSelect;
