import { and, asc, between, count, desc, eq, inArray, sql } from "drizzle-orm";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId } from "~/lib/object-id";
import { waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { waitlistDay } from "./waitlist-emails";
import { HAS_OFFER, NOT_WAITING, SLOT_FULL, type WaitlistContext, type WaitlistOfferRow } from "./waitlist-context";
import { hold, placesFreedQuietly } from "./waitlist-offers.server";
import { endEntry, lockEntry } from "./waitlist-rows.server";
import type { WaitlistDay, WaitlistEntryStatus, WaitlistEntryView, WaitlistOfferStatus } from "./waitlist.schema";

/** The admin's side of the waitlist: a day's list, the demand per day, removing an entry, offering a place by hand. */

const toOfferView = (o: WaitlistOfferRow) => ({
  id: o.id,
  slot: o.slot,
  status: o.status as WaitlistOfferStatus,
  expiresAt: o.expiresAt.toISOString(),
  byAdmin: o.byAdmin,
  createdAt: o.createdAt.toISOString(),
});

/** A day's list for an admin: waiting entries first, each group in the order they joined, with their offers. */
export async function dayList(context: WaitlistContext, actor: Actor | null, date: string): Promise<WaitlistDay> {
  const { db } = context;
  requireJob(actor, "desk");
  const entries = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.date, date))
    .orderBy(
      sql`case when ${waitlistEntries.status} = 'waiting' then 0 else 1 end`,
      asc(waitlistEntries.createdAt),
      asc(waitlistEntries.id),
    );
  const offers = entries.length
    ? await db
        .select()
        .from(waitlistOffers)
        .where(
          inArray(
            waitlistOffers.entryId,
            entries.map((e) => e.id),
          ),
        )
        .orderBy(asc(waitlistOffers.createdAt))
    : [];
  const views: WaitlistEntryView[] = entries.map((e) => ({
    id: e.id,
    date: e.date,
    fullName: e.fullName,
    email: e.email,
    phone: e.phone,
    summary: e.summary,
    durationMinutes: e.durationMinutes,
    slots: e.slots,
    status: e.status as WaitlistEntryStatus,
    createdAt: e.createdAt.toISOString(),
    offers: offers.filter((o) => o.entryId === e.id).map(toOfferView),
  }));
  return { date, entries: views, waited: entries.length };
}

/** How many people joined each day's list from `from` to `to`, whatever became of them: for planning staff. */
export async function demand(context: WaitlistContext, actor: Actor | null, from: string, to: string) {
  const { db } = context;
  requireJob(actor, "reports");
  return db
    .select({ date: waitlistEntries.date, waited: count() })
    .from(waitlistEntries)
    .where(between(waitlistEntries.date, from, to))
    .groupBy(waitlistEntries.date)
    .orderBy(asc(waitlistEntries.date));
}

/** An admin removes an entry: its open offer is withdrawn and the place goes on. */
export async function remove(context: WaitlistContext, actor: Actor | null, entryId: string) {
  const { db } = context;
  const who = auditActor(requireJob(actor, "desk"));
  if (!isObjectId(entryId)) throw notFound("Waitlist entry");
  const freed = await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry) throw notFound("Waitlist entry");
    if (entry.status !== "waiting") throw new AppError("conflict", NOT_WAITING);
    const freedOffer = await endEntry(context, tx, entry, "removed", "withdrawn");
    await recordChange(tx, who, {
      kind: "waitlist.remove",
      subjectType: "waitlist-entry",
      subjectId: entry.id,
      summary: `Removed from the waitlist of ${waitlistDay(entry.date)}${freedOffer ? " (its offer withdrawn)" : ""}`,
      before: { status: entry.status, date: entry.date },
      after: { status: "removed", date: entry.date },
    });
    return freedOffer;
  });
  if (freed) await placesFreedQuietly(context, [freed.date]);
  return { acknowledged: true, deletedCount: 1 };
}

/** An admin offers a place to this entry, whatever its place in the line, if the place is free. */
export async function offerByHand(context: WaitlistContext, actor: Actor | null, entryId: string, slot: string) {
  const { db, places } = context;
  const admin = requireJob(actor, "desk");
  const [entry] = isObjectId(entryId)
    ? await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId))
    : [];
  if (!entry) throw notFound("Waitlist entry");
  if (entry.status !== "waiting") throw new AppError("conflict", NOT_WAITING);
  const day = await places.day(entry.date);
  if (!day.windows.includes(slot))
    throw new AppError("validation_failed", "Please check the highlighted fields.", { slot: "Select a time slot" });
  if (!day.fits(slot, entry.durationMinutes)) {
    const message = "That visit doesn't fit before closing in this window.";
    throw new AppError("conflict", message, { slot: message });
  }
  const outcome = await hold(context, day, entry, slot, auditActor(admin));
  if (outcome === "claimed") {
    const [offer] = await db
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "open")));
    return { acknowledged: true, insertedId: offer!.id };
  }
  if (outcome === "full") throw new AppError("conflict", SLOT_FULL, { slot: SLOT_FULL });
  if (outcome === "closed") throw new AppError("conflict", "That date is closed.");
  // Either it stopped waiting or it holds an offer already.
  const [open] = await db
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "open")));
  throw new AppError("conflict", open ? HAS_OFFER : NOT_WAITING);
}

/** The newest offers first, for a test or the board: an entry's offers. */
export async function offersOf(context: WaitlistContext, entryId: string) {
  const { db } = context;
  return db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.entryId, entryId))
    .orderBy(desc(waitlistOffers.createdAt));
}
