import { and, eq } from "drizzle-orm";
import { causeChain } from "~/.server/db/database-error";
import { waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import type { Clock } from "~/.server/clock";
import type { WaitlistEntryStatus, WaitlistOfferStatus } from "./waitlist.schema";
import type { Tx, WaitlistEntryRow, WaitlistOfferRow } from "./waitlist-context";

/**
 * The waitlist's rows as every part takes them. Locks, always in this order, so no two writers
 * wait on each other: the entry's row, then its offer's row, then claim_place's advisory locks (the
 * customer's, then each slot's).
 */

/** The entry's row, locked (first of the waitlist's locks). */
export async function lockEntry(tx: Tx, id: string): Promise<WaitlistEntryRow | undefined> {
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for("update");
  return entry;
}

/** The entry's open offer, locked (after the entry), if it has one. */
export async function lockOpenOffer(tx: Tx, entryId: string): Promise<WaitlistOfferRow | undefined> {
  const [offer] = await tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, "open")))
    .for("update");
  return offer;
}

/** Ends a waiting entry (and withdraws its open offer) in the caller's transaction; answers the offer's date if one was open. */
export async function endEntry(
  { clock }: { clock: Clock },
  tx: Tx,
  entry: WaitlistEntryRow,
  status: WaitlistEntryStatus,
  offerStatus: WaitlistOfferStatus,
) {
  const now = clock.now();
  const offer = await lockOpenOffer(tx, entry.id);
  if (offer)
    await tx.update(waitlistOffers).set({ status: offerStatus, endedAt: now }).where(eq(waitlistOffers.id, offer.id));
  await tx.update(waitlistEntries).set({ status, endedAt: now }).where(eq(waitlistEntries.id, entry.id));
  return offer;
}

function isUnique(error: unknown, index: string): boolean {
  for (const pg of causeChain(error))
    if (pg.code === "23505" && (pg.constraint === index || pg.message?.includes(index))) return true;
  return false;
}
export const isOneOpenOffer = (error: unknown) => isUnique(error, "waitlist_offers_one_open_idx");
export const isOneLiveEntry = (error: unknown) => isUnique(error, "waitlist_entries_one_live_idx");
