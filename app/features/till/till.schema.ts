import { z } from "zod";
import { calendarDay } from "~/lib/calendar-day";
import { localeField } from "~/lib/locale-field";
import { textField } from "~/lib/text-field";

/**
 * The till's contract (issue 46, decision 054): payments on a visit, refunds, gift cards, the
 * day's takings and cash-up. Amounts are dollars with cents at the API's edge, as prices are, and
 * integer cents inside (toCents).
 */

export const PAYMENT_METHODS = ["cash", "card", "gift-card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  card: "Card",
  "gift-card": "Gift card",
  other: "Other",
};

/** The most one payment, card or refund may be: a typo's extra zeros are refused, not taken. */
export const AMOUNT_MAX = 10_000;

/** Dollars with at most two decimals, as cents: 54.99 → 5499 (rounded, as 54.99 * 100 is 5498.999…). */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A sum of money sent to the till: more than nothing (or, with `zero`, nothing), cents at most. */
export function amountField(label: string, { zero = false } = {}) {
  return z
    .number({ message: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => (zero ? n >= 0 : n > 0), zero ? `${label} can't be negative` : `${label} must be more than $0`)
    .refine((n) => n <= AMOUNT_MAX, `${label} can be at most $${AMOUNT_MAX.toLocaleString("en-US")}`)
    .refine(twoDecimals, `${label}: at most two decimals (cents)`);
}

/** A gift card's code as typed: letters and digits, dashes and spaces ignored, any case. */
export const giftCardCodeField = textField()
  .trim()
  .max(40, "That is not a gift card code")
  .refine((code) => /^[A-Za-z0-9 -]{4,}$/.test(code), "That is not a gift card code");

export const paymentRequestSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { message: "Choose how it was paid: cash, card, gift card or other" }),
    amount: amountField("Amount"),
    tip: amountField("Tip", { zero: true }).optional(),
    reference: textField().trim().max(60, "The reference can be at most 60 characters").optional(),
  })
  .strict()
  .refine((p) => p.method !== "gift-card" || (p.reference ?? "") !== "", {
    message: "Enter the gift card's code",
    path: ["reference"],
  });
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const refundRequestSchema = z
  .object({
    amount: amountField("Amount"),
    reason: textField().trim().min(1, "Say why the money is given back").max(200, "At most 200 characters"),
  })
  .strict();
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const giftCardSaleSchema = z
  .object({
    amount: amountField("Amount"),
    email: z.email({ message: "Please enter a valid e-mail address" }).max(254).optional().or(z.literal("")),
    locale: localeField,
    payment: z
      .object({
        method: z.enum(["cash", "card", "other"], { message: "A gift card is paid in cash, by card or other" }),
        amount: amountField("Payment"),
        reference: textField().trim().max(60, "The reference can be at most 60 characters").optional(),
      })
      .strict(),
  })
  .strict()
  .refine((sale) => toCents(sale.payment.amount) === toCents(sale.amount), {
    message: "The payment must be the card's amount",
    path: ["payment", "amount"],
  });
export type GiftCardSale = z.infer<typeof giftCardSaleSchema>;

export const cashUpRequestSchema = z
  .object({ date: calendarDay("Choose a date"), countedCash: amountField("Counted cash", { zero: true }) })
  .strict();

/** A refund as the API answers it. */
export const refundSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  refundedBy: z.string(),
  createdAt: z.string(),
});

/** A payment as the API answers it: on a visit's details, a day's takings and a receipt. */
export const paymentSchema = z.object({
  _id: z.string(),
  bookingId: z.string().nullable().describe("the visit it paid; null for a gift card sold"),
  giftCardSold: z.string().nullable().describe("the last four of the gift card it bought; null otherwise"),
  membership: z.string().nullable().describe("the Wash Club card it bought or renewed; null otherwise"),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().describe("dollars towards what is owed"),
  tip: z.number().describe("dollars on top, for the team"),
  reference: z.string().describe("the terminal's reference, or a gift card's last four"),
  takenBy: z.string(),
  createdAt: z.string(),
  refunded: z.number().describe("dollars given back from it so far"),
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentAnswerSchema = z.object({
  insertedId: z.string(),
  paid: z.number().describe("dollars taken for the visit, less refunds"),
  balance: z.number().describe("dollars still owed"),
});

export const giftCardSchema = z.object({
  _id: z.string(),
  lastFour: z.string(),
  initial: z.number(),
  balance: z.number(),
  createdAt: z.string(),
});

const byMethodSchema = z.object({ cash: z.number(), card: z.number(), "gift-card": z.number(), other: z.number() });

export const cashUpSchema = z.object({
  _id: z.string(),
  countedCash: z.number(),
  expectedCash: z.number(),
  difference: z.number().describe("counted less expected: below zero, the drawer is short"),
  countedBy: z.string(),
  createdAt: z.string(),
});
export type CashUp = z.infer<typeof cashUpSchema>;

export const takingsSchema = z.object({
  date: z.string(),
  byMethod: byMethodSchema.describe("the day's payments without tips, by how they were paid"),
  tips: z.number(),
  refunds: z.number(),
  net: z.number().describe("the payments' amounts less the refunds"),
  expectedCash: z.number().describe("cash payments and cash tips less cash refunds: what the drawer should hold"),
  payments: z.array(paymentSchema).describe("the day's payments, in the order they were taken"),
  cashUps: z.array(cashUpSchema).describe("the drawer's counts of the day, the latest first"),
});
export type Takings = z.infer<typeof takingsSchema>;

/**
 * A gift card's code travels in its e-mail, and the outbox travels in backups: the code is stored
 * behind this marker, which the backup's scrub overwrites (scrub-links.ts), so a leaked archive
 * spends no card. The e-mail's template takes the marker off.
 */
export const GIFT_CODE_MARKER = "giftcode:";

/** Dollars and cents always ("$5.00"), as a till and a receipt say money. */
export const formatMoney = (dollars: number) =>
  `${dollars < 0 ? "−" : ""}$${Math.abs(dollars).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
