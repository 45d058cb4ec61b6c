import { and, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import {
  membershipPlans,
  memberships,
  payments,
  type MembershipPlanRow,
  type MembershipRow,
} from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { requireActor, requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { containsPattern } from "~/lib/like-pattern";
import { isObjectId, newObjectId } from "~/lib/object-id";
import { randomBytes } from "~/lib/random-bytes";
import { formatMoney, toCents } from "~/features/till/till.schema";
import { toPlan } from "./club-plans.server";
import { membershipEmail } from "./club-emails";
import { addPeriod, normalPlate } from "./club-dates";
import type { Membership, MembershipSale } from "./club.schema";

/**
 * Memberships (issue 47): sold and renewed at the counter with a till payment in the same
 * transaction, found by the desk by name, e-mail, phone, plate or number, and shown to the member
 * whose verified e-mail holds them.
 */

const SEARCH_LIMIT = 20;
type Payment = MembershipSale["payment"];

/** "WC-04718265": eight random digits, drawn again in the rare case they are taken. */
const newNumber = () => `WC-${[...randomBytes(8)].map((b) => b % 10).join("")}`;

export function statusOf(row: Pick<MembershipRow, "cancelledAt" | "validUntil" | "washesLeft">, today: string) {
  if (row.cancelledAt) return "cancelled" as const;
  if (row.validUntil < today) return "expired" as const;
  if (row.washesLeft === 0) return "used-up" as const;
  return "active" as const;
}

export const toMembership = (row: MembershipRow, plan: MembershipPlanRow, today: string): Membership => ({
  _id: row.id,
  number: row.number,
  plan: toPlan(plan),
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  plate: row.plate,
  validUntil: row.validUntil,
  washesLeft: row.washesLeft,
  status: statusOf(row, today),
  createdAt: row.createdAt.toISOString(),
});

export function createMemberships(db: Database, options: { mailer: Mailer }) {
  const withPlans = () =>
    db.select().from(memberships).innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId));
  const shown = (today: string) => (r: { memberships: MembershipRow; membership_plans: MembershipPlanRow }) =>
    toMembership(r.memberships, r.membership_plans, today);

  /** The payment's amount must be what the plan costs: the server prices, the desk only records. */
  function refuseOtherAmount(payment: Payment, plan: MembershipPlanRow) {
    if (toCents(payment.amount) !== plan.priceCents) {
      const message = `The ${plan.name} plan costs ${formatMoney(plan.priceCents / 100)}.`;
      throw new AppError("validation_failed", message, { "payment.amount": message });
    }
  }

  const paymentRow = (who: Actor, membershipId: string, payment: Payment, plan: MembershipPlanRow) => ({
    id: newObjectId(),
    membershipId,
    method: payment.method,
    amountCents: plan.priceCents,
    reference: payment.reference ?? "",
    takenById: who.id,
    takenByName: who.name || who.email,
  });

  async function stored(id: string) {
    const [found] = isObjectId(id) ? await withPlans().where(eq(memberships.id, id)) : [];
    if (!found) throw notFound("Membership");
    return found;
  }

  return {
    /** POST /api/memberships (the desk): the membership and its payment, the record, the member's card by e-mail. */
    async sell(actor: Actor | null, sale: MembershipSale, today: string) {
      const who = requireJob(actor, "till");
      const [plan] = isObjectId(sale.planId)
        ? await db.select().from(membershipPlans).where(eq(membershipPlans.id, sale.planId))
        : [];
      if (!plan || plan.retiredAt)
        throw new AppError("validation_failed", "That plan is not on sale.", { planId: "That plan is not on sale." });
      if (plan.priceCents > 0) refuseOtherAmount(sale.payment, plan);
      const row = {
        id: newObjectId(),
        number: newNumber(),
        planId: plan.id,
        fullName: sale.name,
        email: sale.email.toLowerCase(),
        phone: sale.phone ?? "",
        plate: normalPlate(sale.plate ?? ""),
        locale: sale.locale ?? "en",
        validUntil:
          plan.kind === "unlimited" ? addPeriod(today, plan.period as "month" | "year") : addPeriod(today, "year"),
        washesLeft: plan.kind === "pack" ? plan.washes : null,
        soldById: who.id,
        soldByName: who.name || who.email,
      };
      return db.transaction(async (tx) => {
        const [saved] = await tx.insert(memberships).values(row).returning();
        if (plan.priceCents > 0) await tx.insert(payments).values(paymentRow(who, row.id, sale.payment, plan));
        await recordChange(tx, auditActor(who), {
          kind: "membership.sell",
          subjectType: "membership",
          subjectId: row.id,
          summary: `Wash Club ${plan.name} sold (${row.number}), ${formatMoney(plan.priceCents / 100)} ${sale.payment.method}`,
          after: { plan: plan.name, number: row.number, validUntil: row.validUntil, method: sale.payment.method },
        });
        await options.mailer.send(membershipEmail(toMembership(saved!, plan, today), "joined", saved!.locale), {
          executor: tx,
        });
        return { insertedId: row.id, number: row.number, validUntil: row.validUntil, washesLeft: row.washesLeft };
      });
    },

    /**
     * Renews (POST /api/memberships/{id}/renew): an unlimited plan a period on from the later of
     * today and its last day; a pack its washes again and a year. Paid at today's price of the plan.
     */
    async renew(actor: Actor | null, id: string, payment: Payment, today: string) {
      const who = requireJob(actor, "till");
      return db.transaction(async (tx) => {
        const [locked] = isObjectId(id)
          ? await tx.select().from(memberships).where(eq(memberships.id, id)).for("update")
          : [];
        if (!locked) throw notFound("Membership");
        if (locked.cancelledAt) throw new AppError("conflict", "This membership was cancelled: sell a new one.");
        const [plan] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, locked.planId));
        if (plan!.priceCents > 0) refuseOtherAmount(payment, plan!);
        const from = locked.validUntil > today ? locked.validUntil : today;
        const pack = plan!.kind === "pack";
        const [row] = await tx
          .update(memberships)
          .set({
            validUntil: addPeriod(from, pack ? "year" : (plan!.period as "month" | "year")),
            ...(pack && { washesLeft: sql`${memberships.washesLeft} + ${plan!.washes}` }),
            updatedAt: new Date(),
          })
          .where(eq(memberships.id, id))
          .returning();
        if (plan!.priceCents > 0) await tx.insert(payments).values(paymentRow(who, id, payment, plan!));
        await recordChange(tx, auditActor(who), {
          kind: "membership.renew",
          subjectType: "membership",
          subjectId: id,
          summary: `Wash Club ${locked.number} renewed until ${row!.validUntil}`,
          before: { validUntil: locked.validUntil, washesLeft: locked.washesLeft },
          after: { validUntil: row!.validUntil, washesLeft: row!.washesLeft },
        });
        return toMembership(row!, plan!, today);
      });
    },

    /** Ends it now: it covers no visit booked from now on (visits booked already stay covered). */
    async cancel(actor: Actor | null, id: string, today: string) {
      const who = requireJob(actor, "till");
      const { memberships: current, membership_plans: plan } = await stored(id);
      if (current.cancelledAt) return toMembership(current, plan, today);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(memberships)
          .set({ cancelledAt: new Date(), updatedAt: new Date() })
          .where(and(eq(memberships.id, id), isNull(memberships.cancelledAt)))
          .returning();
        await recordChange(tx, auditActor(who), {
          kind: "membership.cancel",
          subjectType: "membership",
          subjectId: id,
          summary: `Wash Club ${current.number} cancelled`,
        });
        return toMembership(row ?? current, plan, today);
      });
    },

    /** GET /api/memberships?q= (the desk): by name, e-mail, phone, plate or number, newest first. */
    async search(actor: Actor | null, q: string, today: string) {
      requireJob(actor, "till");
      const text = q.trim();
      const digits = text.replace(/\D/g, "");
      const plate = normalPlate(text);
      const rows = await withPlans()
        .where(
          text
            ? or(
                ilike(memberships.fullName, containsPattern(text)),
                eq(memberships.email, text.toLowerCase()),
                eq(memberships.number, text.toUpperCase()),
                plate ? eq(memberships.plate, plate) : undefined,
                digits.length >= 7
                  ? sql`regexp_replace(${memberships.phone}, '[^0-9]', '', 'g') = ${digits}`
                  : undefined,
              )
            : undefined,
        )
        .orderBy(desc(memberships.createdAt), desc(memberships.id))
        .limit(SEARCH_LIMIT);
      return rows.map(shown(today));
    },

    /** GET /api/me/memberships: a member's own, once they have verified the e-mail that holds them. */
    async mine(actor: Actor | null, today: string) {
      const me = requireActor(actor);
      if (!me.emailVerified) return [];
      const rows = await withPlans()
        .where(eq(memberships.email, me.email.toLowerCase()))
        .orderBy(desc(memberships.createdAt), desc(memberships.id));
      return rows.map(shown(today));
    },

    /** A customer's memberships (their page in Customers): by their e-mail or phone, newest first. */
    async ofCustomer(actor: Actor | null, who: { email: string; phone: string }, today: string) {
      requireJob(actor, "customerCard");
      const digits = who.phone.replace(/\D/g, "");
      const match = or(
        who.email ? eq(memberships.email, who.email.toLowerCase()) : undefined,
        digits.length >= 7 ? sql`regexp_replace(${memberships.phone}, '[^0-9]', '', 'g') = ${digits}` : undefined,
      );
      if (!match) return [];
      const rows = await withPlans()
        .where(match)
        .orderBy(desc(memberships.createdAt), desc(memberships.id))
        .limit(SEARCH_LIMIT);
      return rows.map(shown(today));
    },

    /** One membership (the desk, a customer's card). */
    async one(actor: Actor | null, id: string, today: string) {
      requireJob(actor, "till");
      return shown(today)(await stored(id));
    },
  };
}

export type Memberships = ReturnType<typeof createMemberships>;
