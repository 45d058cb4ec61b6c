import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookings, payments, refunds, type BookingRow, type PaymentRow, type RefundRow } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { queueOnceIn } from "~/.server/mail/queue-once";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId } from "~/lib/object-id";
import { newObjectId } from "~/lib/object-id";
import { restoreGiftCard, spendGiftCard } from "./gift-cards.server";
import { receiptOf } from "./receipt";
import { receiptEmail } from "./till-emails";
import {
  formatMoney,
  METHOD_LABELS,
  toCents,
  toDollars,
  type Payment,
  type PaymentRequest,
  type RefundRequest,
} from "./till.schema";

/**
 * Payments on a visit and refunds (issue 46, decision 054). A payment is one transaction: the
 * visit's paid_cents goes up by one conditional UPDATE that the database applies only while the
 * amount fits the balance (so 20 tills at once never take more than is owed: each UPDATE waits for
 * the one before and reads what it left), a gift card is spent the same way, and the payment row,
 * the record and (at a zero balance) the receipt e-mail are written with it. A refund locks its
 * payment's row, so two refunds of one payment cannot together give back more than it took.
 */

const CANCELLED = "This booking was cancelled: it takes no payment.";
const balanceCents = (row: Pick<BookingRow, "totalCents" | "paidCents">) =>
  Math.max(0, (row.totalCents ?? 0) - row.paidCents);
const takerName = (actor: Actor) => actor.name || actor.email;

/** A payment row and its refunds as the API answers them. */
export function toPayment(
  row: PaymentRow,
  rowRefunds: RefundRow[],
  sold: { giftCard?: string | null; membership?: string | null } = {},
): Payment {
  const refunded = rowRefunds.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    _id: row.id,
    bookingId: row.bookingId,
    giftCardSold: sold.giftCard ?? null,
    membership: sold.membership ?? null,
    method: row.method as Payment["method"],
    amount: toDollars(row.amountCents),
    tip: toDollars(row.tipCents),
    reference: row.reference,
    takenBy: row.takenByName,
    createdAt: row.createdAt.toISOString(),
    refunded: toDollars(refunded),
    refunds: rowRefunds.map((r) => ({
      _id: r.id,
      amount: toDollars(r.amountCents),
      reason: r.reason,
      refundedBy: r.refundedByName,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Payment rows with their refunds, in the order given. */
export async function withRefunds(db: Pick<Database, "select">, rows: PaymentRow[]) {
  const given = rows.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
    : [];
  return rows.map((row) =>
    toPayment(
      row,
      given.filter((r) => r.paymentId === row.id),
    ),
  );
}

export function createPayments(db: Database, options: { mailer: Mailer; now?: () => Date }) {
  const { mailer, now = () => new Date() } = options;

  async function paymentsOf(executor: Pick<Database, "select">, bookingId: string) {
    const rows = await executor
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId))
      .orderBy(asc(payments.createdAt), asc(payments.id));
    return withRefunds(executor, rows);
  }

  /** Why a payment of `cents` was refused, read after its UPDATE found no row to change. */
  async function refusal(tx: Pick<Database, "select">, id: string, cents: number): Promise<never> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
    if (!row) throw notFound("Booking");
    if (row.status === "cancelled") throw new AppError("conflict", CANCELLED);
    const owed = balanceCents(row);
    throw new AppError(
      "conflict",
      owed === 0
        ? "This visit is paid in full: nothing is owed."
        : `${formatMoney(toDollars(cents))} is more than the balance of ${formatMoney(toDollars(owed))}.`,
    );
  }

  return {
    paymentsOf: async (actor: Actor | null, bookingId: string) => {
      requireJob(actor, "till");
      return paymentsOf(db, bookingId);
    },

    /**
     * A visit's receipt as the desk prints it (the receipt page): the e-mail's, settled at its last
     * payment once nothing is owed; while something is, as of now.
     */
    async receipt(actor: Actor | null, bookingId: string) {
      requireJob(actor, "till");
      const [row] = isObjectId(bookingId) ? await db.select().from(bookings).where(eq(bookings.id, bookingId)) : [];
      if (!row) throw notFound("Booking");
      const taken = await paymentsOf(db, bookingId);
      const last = taken.at(-1);
      const settled = (row.totalCents ?? 0) <= row.paidCents && last;
      return receiptOf(row, taken, settled ? new Date(last.createdAt) : now());
    },

    /** Takes a payment towards a visit's balance (POST /api/bookings/{id}/payments). */
    async take(actor: Actor | null, bookingId: string, request: PaymentRequest) {
      const who = requireJob(actor, "till");
      if (!isObjectId(bookingId)) throw notFound("Booking");
      const cents = toCents(request.amount);
      const tipCents = toCents(request.tip ?? 0);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(bookings)
          .set({ paidCents: sql`${bookings.paidCents} + ${cents}` })
          .where(
            and(
              eq(bookings.id, bookingId),
              ne(bookings.status, "cancelled"),
              sql`coalesce(${bookings.totalCents}, 0) - ${bookings.paidCents} >= ${cents}`,
            ),
          )
          .returning();
        if (!row) return refusal(tx, bookingId, cents);
        // A tip by gift card is paid by the card too.
        const card =
          request.method === "gift-card" ? await spendGiftCard(tx, request.reference!, cents + tipCents) : null;
        const id = newObjectId();
        await tx.insert(payments).values({
          id,
          bookingId,
          method: request.method,
          amountCents: cents,
          tipCents,
          // A gift card's code is a key to its money: the payment keeps its last four only.
          reference: card ? card.lastFour : (request.reference ?? ""),
          giftCardId: card?.id ?? null,
          takenById: who.id,
          takenByName: takerName(who),
        });
        const owed = balanceCents(row);
        await recordChange(tx, auditActor(who), {
          kind: "payment.take",
          subjectType: "booking",
          subjectId: bookingId,
          summary:
            `${METHOD_LABELS[request.method]} payment of ${formatMoney(request.amount)}` +
            (tipCents ? ` with a ${formatMoney(toDollars(tipCents))} tip` : "") +
            (owed ? `; ${formatMoney(toDollars(owed))} still owed` : "; paid in full"),
          after: { payment: id, method: request.method, amount: request.amount, tip: toDollars(tipCents) },
        });
        if (owed === 0 && row.email) {
          const receipt = receiptOf(row, await paymentsOf(tx, bookingId), now());
          // Once a visit: a refund and a payment again do not send a second receipt.
          await queueOnceIn(tx, mailer, [
            { key: `receipt:${bookingId}`, email: receiptEmail(row.email, receipt), bookingId },
          ]);
        }
        return {
          insertedId: id,
          paid: toDollars(row.paidCents - row.refundedCents),
          balance: toDollars(owed),
        };
      });
    },

    /**
     * Gives back part or all of one payment (managers): never more than it took, less what was
     * given back before. The visit's refunded_cents goes up with it; a gift card's payment goes back
     * on the card. What the visit owes does not grow back: a refund is money returned, not a debt.
     */
    async refund(actor: Actor | null, paymentId: string, request: RefundRequest) {
      const who = requireJob(actor, "refunds");
      if (!isObjectId(paymentId)) throw notFound("Payment");
      const cents = toCents(request.amount);
      return db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
        if (!payment) throw notFound("Payment");
        if (!payment.bookingId)
          throw new AppError("conflict", "A gift card sold is not refunded here: its balance stays to be spent.");
        const [given] = await tx
          .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
          .from(refunds)
          .where(eq(refunds.paymentId, paymentId));
        const left = payment.amountCents - given!.cents;
        if (cents > left)
          throw new AppError(
            "conflict",
            left === 0
              ? "This payment has been refunded in full."
              : `${formatMoney(request.amount)} is more than this payment has left to refund: ${formatMoney(toDollars(left))}.`,
          );
        const id = newObjectId();
        await tx.insert(refunds).values({
          id,
          paymentId,
          amountCents: cents,
          reason: request.reason,
          refundedById: who.id,
          refundedByName: takerName(who),
        });
        await tx
          .update(bookings)
          .set({ refundedCents: sql`${bookings.refundedCents} + ${cents}` })
          .where(eq(bookings.id, payment.bookingId));
        if (payment.giftCardId) await restoreGiftCard(tx, payment.giftCardId, cents);
        await recordChange(tx, auditActor(who), {
          kind: "payment.refund",
          subjectType: "booking",
          subjectId: payment.bookingId,
          summary: `Refunded ${formatMoney(request.amount)} of a ${METHOD_LABELS[payment.method as Payment["method"]].toLowerCase()} payment: ${request.reason}`,
          after: { payment: paymentId, refund: id, amount: request.amount, reason: request.reason },
        });
        return { insertedId: id, refunded: toDollars(given!.cents + cents), left: toDollars(left - cents) };
      });
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
