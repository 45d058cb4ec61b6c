import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { cashUps, giftCards, payments, refunds, type CashUpRow } from "~/.server/db/schema";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { requireJob, type Actor } from "~/lib/access";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { newObjectId } from "~/lib/object-id";
import { toPayment } from "./payments.server";
import { formatMoney, PAYMENT_METHODS, toCents, toDollars, type CashUp, type Takings } from "./till.schema";

/**
 * The day's takings and its cash-up (issue 46). A day is the shop's, in its time zone: a payment
 * at 11:30 PM in New York is that day's. `byMethod` sums the day's payments without tips by the
 * method they were paid with (a gift card sold for cash is cash); `refunds` are the refunds made
 * that day, whatever day their payment was; the drawer should hold the cash payments and cash
 * tips less the cash refunds (expectedCash).
 */

/** The instants a business day starts and ends at. */
export function dayBounds(date: string, timeZone: string) {
  return { start: zonedTimeToUtc(date, "00:00", timeZone), end: zonedTimeToUtc(addDays(date, 1), "00:00", timeZone) };
}

const asCashUp = (row: CashUpRow): CashUp => ({
  _id: row.id,
  countedCash: toDollars(row.countedCents),
  expectedCash: toDollars(row.expectedCents),
  difference: toDollars(row.countedCents - row.expectedCents),
  countedBy: row.countedByName,
  createdAt: row.createdAt.toISOString(),
});

export function createTakings(db: Database, { timeZone }: { timeZone: string }) {
  /** The day's figures in cents, read in one snapshot-consistent pair of queries. */
  async function figures(executor: Pick<Database, "select">, date: string) {
    const { start, end } = dayBounds(date, timeZone);
    const [taken, given] = await Promise.all([
      executor
        .select({ payment: payments, soldLastFour: giftCards.lastFour })
        .from(payments)
        .leftJoin(giftCards, eq(giftCards.id, payments.soldGiftCardId))
        .where(and(gte(payments.createdAt, start), lt(payments.createdAt, end)))
        .orderBy(asc(payments.createdAt), asc(payments.id)),
      executor
        .select({ refund: refunds, method: payments.method })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end))),
    ]);
    const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<string, number>;
    let tips = 0;
    let cashTips = 0;
    for (const { payment } of taken) {
      byMethod[payment.method]! += payment.amountCents;
      tips += payment.tipCents;
      if (payment.method === "cash") cashTips += payment.tipCents;
    }
    const refunded = given.reduce((sum, r) => sum + r.refund.amountCents, 0);
    const cashRefunded = given.filter((r) => r.method === "cash").reduce((sum, r) => sum + r.refund.amountCents, 0);
    const amounts = Object.values(byMethod).reduce((a, b) => a + b, 0);
    return {
      taken,
      given,
      byMethod,
      tips,
      refunded,
      net: amounts - refunded,
      expectedCash: byMethod.cash! + cashTips - cashRefunded,
    };
  }

  return {
    /** GET /api/reports/takings?date= (managers). */
    async takings(actor: Actor | null, date: string): Promise<Takings> {
      requireJob(actor, "takings");
      const [f, counts] = await Promise.all([
        figures(db, date),
        db.select().from(cashUps).where(eq(cashUps.date, date)).orderBy(desc(cashUps.createdAt), desc(cashUps.id)),
      ]);
      const refundsOf = new Map<string, (typeof f.given)[number]["refund"][]>();
      for (const { refund } of f.given)
        refundsOf.set(refund.paymentId, [...(refundsOf.get(refund.paymentId) ?? []), refund]);
      return {
        date,
        byMethod: {
          cash: toDollars(f.byMethod.cash!),
          card: toDollars(f.byMethod.card!),
          "gift-card": toDollars(f.byMethod["gift-card"]!),
          other: toDollars(f.byMethod.other!),
        },
        tips: toDollars(f.tips),
        refunds: toDollars(f.refunded),
        net: toDollars(f.net),
        expectedCash: toDollars(f.expectedCash),
        // Each payment with the refunds made that day (the takings' own), not later days'.
        payments: f.taken.map(({ payment, soldLastFour }) =>
          toPayment(payment, refundsOf.get(payment.id) ?? [], soldLastFour),
        ),
        cashUps: counts.map(asCashUp),
      };
    },

    /**
     * The drawer counted (POST /api/cash-ups): kept with what the day's payments say it should
     * hold at that moment, answered with the difference (below zero: short).
     */
    async cashUp(actor: Actor | null, { date, countedCash }: { date: string; countedCash: number }) {
      const who = requireJob(actor, "takings");
      const counted = toCents(countedCash);
      return db.transaction(async (tx) => {
        const { expectedCash } = await figures(tx, date);
        const [row] = await tx
          .insert(cashUps)
          .values({
            id: newObjectId(),
            date,
            countedCents: counted,
            expectedCents: expectedCash,
            countedById: who.id,
            countedByName: who.name || who.email,
          })
          .returning();
        const difference = counted - expectedCash;
        await recordChange(tx, auditActor(who), {
          kind: "cash-up.count",
          subjectType: "cash-up",
          subjectId: row!.id,
          summary:
            `Drawer for ${date} counted: ${formatMoney(countedCash)} against ${formatMoney(toDollars(expectedCash))} expected` +
            (difference === 0
              ? ", exact"
              : ` (${difference > 0 ? "over" : "short"} by ${formatMoney(toDollars(Math.abs(difference)))})`),
          after: { date, countedCash, expectedCash: toDollars(expectedCash) },
        });
        return asCashUp(row!);
      });
    },
  };
}

export type TakingsService = ReturnType<typeof createTakings>;
