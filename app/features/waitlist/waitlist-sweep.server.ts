import { and, asc, eq, inArray, lt, lte } from "drizzle-orm";
import { waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import { waitlistMessage } from "./waitlist-emails";
import type { WaitlistContext } from "./waitlist-context";
import { offerWaiting } from "./waitlist-offers.server";
import { lockEntry, lockOpenOffer } from "./waitlist-rows.server";

/**
 * The waitlist's time passing: the once-a-minute sweep (offers lapse, past days' entries end, free
 * places are offered), and a day closed. Each lapse is a status change made under the waitlist's
 * clock, never a time comparison in SQL.
 */

/**
 * Lapses one open offer whose hold has ended by `now` (each offer once, however many processes
 * sweep: the entry's lock, then the offer's, and a status check under them). Answers its date.
 */
async function lapseOffer(
  { db }: WaitlistContext,
  offerId: string,
  entryId: string,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    const offer = await lockOpenOffer(tx, entryId);
    if (!entry || !offer || offer.id !== offerId || offer.expiresAt.getTime() > now.getTime()) return null;
    await tx.update(waitlistOffers).set({ status: "lapsed", endedAt: now }).where(eq(waitlistOffers.id, offer.id));
    if (entry.status === "waiting")
      await tx.update(waitlistEntries).set({ status: "lapsed", endedAt: now }).where(eq(waitlistEntries.id, entry.id));
    return offer.date;
  });
}

/**
 * The once-a-minute sweep, at `now` by the waitlist's clock: lapses the open offers whose hold
 * has ended (each once), ends the entries of days that have passed, then offers the free places
 * of every day that has waiting entries. Answers how many offers it made.
 */
export async function sweep(context: WaitlistContext, now: Date = context.clock.now()): Promise<number> {
  const { db, places } = context;
  const due = await db
    .select({ id: waitlistOffers.id, entryId: waitlistOffers.entryId })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, "open"), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt));
  for (const offer of due) await lapseOffer(context, offer.id, offer.entryId, now);
  const today = places.today(now);
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(waitlistEntries)
      .set({ status: "ended", endedAt: now })
      .where(and(eq(waitlistEntries.status, "waiting"), lt(waitlistEntries.date, today)))
      .returning({ id: waitlistEntries.id });
    if (ended.length)
      await tx
        .update(waitlistOffers)
        .set({ status: "withdrawn", endedAt: now })
        .where(
          and(
            eq(waitlistOffers.status, "open"),
            inArray(
              waitlistOffers.entryId,
              ended.map((e) => e.id),
            ),
          ),
        );
  });
  return offerWaiting(context, now);
}

/**
 * A day closed (the lead wires it into the closed-dates route): each waiting entry is told, with
 * the reason, and ends (closed); open offers are withdrawn. Answers how many were told.
 */
export async function dayClosed(context: WaitlistContext, date: string, reason: string) {
  const { db, clock, mailer } = context;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.date, date), eq(waitlistEntries.status, "waiting")))
      .orderBy(asc(waitlistEntries.id))
      .for("update");
    if (entries.length === 0) return 0;
    const ids = entries.map((e) => e.id);
    await tx
      .update(waitlistOffers)
      .set({ status: "withdrawn", endedAt: now })
      .where(and(eq(waitlistOffers.status, "open"), inArray(waitlistOffers.entryId, ids)));
    await tx.update(waitlistEntries).set({ status: "closed", endedAt: now }).where(inArray(waitlistEntries.id, ids));
    await mailer.send(
      entries.map((e) => waitlistMessage("waitlist-closed", e.email, { fullName: e.fullName, date, reason })),
      { executor: tx },
    );
    return entries.length;
  });
}
