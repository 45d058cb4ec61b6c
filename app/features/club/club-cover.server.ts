import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookings, membershipPlans, memberships, type BookingRow } from "~/.server/db/schema";
import { longDate } from "~/lib/day-text";
import { normalPlate } from "./club-dates";
import type { ClubHolder, CoverAnswer } from "./club.schema";

/**
 * Whether the Wash Club covers a visit (issue 47, decision 055), asked by the quote and the booking:
 * for a signed-in member, the memberships their verified e-mail holds; at the counter, those of the
 * customer's e-mail, phone or plate. A visitor's quote never asks, so it tells nobody who is a
 * member. Unlimited: until its last day, at most the plan's visits a day (each covered booking
 * holds a numbered place of its day, unique among live bookings). Pack: while its washes left
 * outnumber its covered visits not yet collected; a wash is used when the visit is collected.
 */

const live = ne(bookings.status, "cancelled");

/** The cover for `serviceType` on `date`, or why there is none (null note: not a member at all). */
export async function findCover(
  db: Pick<Database, "select">,
  holder: ClubHolder,
  visit: { serviceType: string | null | undefined; date: string },
): Promise<CoverAnswer> {
  const digits = holder.phone?.replace(/\D/g, "") ?? "";
  const plate = normalPlate(holder.plate ?? "");
  const who = or(
    holder.email ? eq(memberships.email, holder.email.toLowerCase()) : undefined,
    digits.length >= 7 ? sql`regexp_replace(${memberships.phone}, '[^0-9]', '', 'g') = ${digits}` : undefined,
    plate ? eq(memberships.plate, plate) : undefined,
  );
  if (!who) return { cover: null, note: null };
  const held = await db
    .select({ membership: memberships, plan: membershipPlans })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(who, isNull(memberships.cancelledAt)))
    .orderBy(desc(memberships.validUntil), desc(memberships.id));
  if (held.length === 0) return { cover: null, note: null };
  const service = visit.serviceType ?? "";
  const covering = held.filter(({ plan }) => plan.covers.includes(service));
  if (covering.length === 0)
    return { cover: null, note: `Your Wash Club membership doesn't cover ${service || "this visit"}.` };
  let note: string | null = null;
  for (const { membership, plan } of covering) {
    if (membership.validUntil < visit.date) {
      note ??= `Your Wash Club membership ended on ${longDate(membership.validUntil)}: this visit is priced as usual.`;
      continue;
    }
    const base = { membershipId: membership.id, planName: plan.name, covers: plan.covers };
    if (plan.kind === "unlimited") {
      const taken = await db
        .select({ claim: bookings.clubClaim })
        .from(bookings)
        .where(and(eq(bookings.membershipId, membership.id), eq(bookings.preferredDate, visit.date), live));
      const claims = new Set(taken.map((t) => t.claim));
      const seat = Array.from({ length: plan.perDay ?? 1 }, (_, i) => i + 1).find(
        (n) => !claims.has(`${membership.id}:${visit.date}:${n}`),
      );
      if (seat !== undefined)
        return { cover: { ...base, claim: `${membership.id}:${visit.date}:${seat}`, lastWash: false }, note: null };
      const perDay = plan.perDay ?? 1;
      note ??= `Your Wash Club covers ${perDay === 1 ? "one visit" : `${perDay} visits`} a day: ${longDate(visit.date)} is booked already, so this visit is priced as usual.`;
      continue;
    }
    const [booked] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookings)
      .where(
        and(
          eq(bookings.membershipId, membership.id),
          live,
          eq(bookings.clubWashUsed, false),
          sql`${bookings.visitStage} is distinct from 'no-show'`,
        ),
      );
    const free = (membership.washesLeft ?? 0) - booked!.n;
    if (free > 0) return { cover: { ...base, claim: null, lastWash: free === 1 }, note: null };
    note ??= `Your ${plan.name} pack has no washes left: this visit is priced as usual.`;
  }
  return { cover: null, note };
}

/**
 * A pack's wash used by a covered visit's collection, in the stage change's transaction (the
 * booking's row is locked): once per visit. When the pack has none left (more covered visits
 * than washes, booked at once), the visit is collected all the same and owes the price the club
 * took off, said by a line of its own. Answers what to tell the record.
 */
export async function useWash(tx: Database, row: BookingRow): Promise<string | null> {
  if (!row.membershipId || row.clubWashUsed) return null;
  const [spent] = await tx
    .update(memberships)
    .set({ washesLeft: sql`${memberships.washesLeft} - 1`, updatedAt: new Date() })
    .where(and(eq(memberships.id, row.membershipId), gt(memberships.washesLeft, 0)))
    .returning({ left: memberships.washesLeft, number: memberships.number });
  if (spent) {
    await tx.update(bookings).set({ clubWashUsed: true }).where(eq(bookings.id, row.id));
    return spent.left === 0
      ? `Wash Club ${spent.number}: the last wash of the pack used`
      : `Wash Club ${spent.number}: a wash used, ${spent.left} left`;
  }
  const [membership] = await tx.select().from(memberships).where(eq(memberships.id, row.membershipId));
  // An unlimited membership has no washes to use.
  if (!membership || membership.washesLeft === null) return null;
  const covered = -row.lines.filter((l) => l.kind === "club").reduce((sum, l) => sum + l.amountCents, 0);
  await tx
    .update(bookings)
    .set({
      clubWashUsed: true,
      lines: [
        ...row.lines,
        { kind: "club", label: "Wash Club: no washes left on the pack", amountCents: covered, minutes: 0 },
      ],
      totalCents: sql`coalesce(${bookings.totalCents}, 0) + ${covered}`,
    })
    .where(eq(bookings.id, row.id));
  return `Wash Club ${membership.number}: no washes left on the pack, the visit owes its price`;
}
