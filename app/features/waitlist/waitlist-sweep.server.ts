import { and, asc, count, eq, inArray, lt, lte } from "drizzle-orm";
import { waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import { waitlistMessage } from "./waitlist-emails";
import type { Tx, WaitlistContext, WaitlistEntryRow, WaitlistOfferRow } from "./waitlist-context";
import { offerWaiting } from "./waitlist-offers.server";
import { lockEntry, lockOpenOffer } from "./waitlist-rows.server";
import { MISSED_HOLDS_MAX } from "./waitlist.schema";

/**
 * The waitlist's time passing: the once-a-minute sweep (offers lapse, past days' entries end, free
 * places are offered), and a day closed. Each lapse is a status change made under the waitlist's
 * clock, never a time comparison in SQL.
 */

/**
 * THE ONE PLACE a hold ends unbooked (the sweep, or an acceptance too late), in the caller's
 * transaction, which has locked the entry and the offer: the offer lapses; the customer stays on
 * the list after their first missed hold (behind those waiting: offerDay's order) and leaves it
 * after MISSED_HOLDS_MAX; either way they are e-mailed which. Answers whether they stay.
 */
export async function lapseHold(
  { mailer, links }: Pick<WaitlistContext, "mailer" | "links">,
  tx: Tx,
  entry: WaitlistEntryRow,
  offer: WaitlistOfferRow,
  now: Date,
): Promise<boolean> {
  await tx.update(waitlistOffers).set({ status: "lapsed", endedAt: now }).where(eq(waitlistOffers.id, offer.id));
  if (entry.status !== "waiting") return false;
  const [missed] = await tx
    .select({ n: count() })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "lapsed")));
  const stays = (missed?.n ?? 0) < MISSED_HOLDS_MAX;
  if (!stays)
    await tx.update(waitlistEntries).set({ status: "lapsed", endedAt: now }).where(eq(waitlistEntries.id, entry.id));
  await mailer.send(
    waitlistMessage("waitlist-lapsed", entry.email, {
      fullName: entry.fullName,
      locale: entry.locale,
      date: offer.date,
      expiresAt: offer.expiresAt.toISOString(),
      stillWaiting: stays,
      leaveUrl: links.leaveUrl(entry.id),
    }),
    { executor: tx },
  );
  return stays;
}

/**
 * Lapses one open offer whose hold has ended by `now` (each offer once, however many processes
 * sweep: the entry's lock, then the offer's, and a status check under them). Answers its date.
 */
async function lapseOffer(
  context: WaitlistContext,
  offerId: string,
  entryId: string,
  now: Date,
): Promise<string | null> {
  return context.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    const offer = await lockOpenOffer(tx, entryId);
    if (!entry || !offer || offer.id !== offerId || offer.expiresAt.getTime() > now.getTime()) return null;
    await lapseHold(context, tx, entry, offer, now);
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
      entries.map((e) =>
        waitlistMessage("waitlist-closed", e.email, { fullName: e.fullName, locale: e.locale, date, reason }),
      ),
      { executor: tx },
    );
    return entries.length;
  });
}
