import { and, count, eq } from "drizzle-orm";
import type { Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import type { BookingRequest } from "~/features/bookings/bookings.schema";
import { OFFER_ENDED, offerLapsed, type WaitlistContext } from "./waitlist-context";
import { placesFreedQuietly } from "./waitlist-offers.server";
import { endEntry, lockEntry, lockOpenOffer } from "./waitlist-rows.server";
import { lapseHold } from "./waitlist-sweep.server";
import { MISSED_HOLDS_MAX, type WaitlistOfferPage, type WaitlistOfferStatus } from "./waitlist.schema";

/**
 * The customer's answer to an offer, from its link: the page, one tap to book the held place, or
 * decline it. An offer's lapse is a status change made under the waitlist's clock (here, for an
 * acceptance that came too late, or by the sweep), never a time comparison in SQL.
 */

async function offerAndEntry({ db, links }: WaitlistContext, token: string) {
  const offerId = links.offerIdFromToken(token);
  if (!offerId) return null;
  const [found] = await db
    .select({ offer: waitlistOffers, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.id, offerId));
  return found ?? null;
}

/** How many of an entry's holds have lapsed. */
async function missedHolds({ db }: WaitlistContext, entryId: string): Promise<number> {
  const [missed] = await db
    .select({ n: count() })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, "lapsed")));
  return missed?.n ?? 0;
}

/** An offer as its link's page shows it; null for a link the server did not write. */
export async function offerPage(context: WaitlistContext, token: string): Promise<WaitlistOfferPage | null> {
  const { clock, places } = context;
  const found = await offerAndEntry(context, token);
  if (!found) return null;
  const { offer, entry } = found;
  // Its hold is over, the sweep not yet by (within a minute): the page says what the lapse will do.
  const lapsing = offer.status === "open" && offer.expiresAt.getTime() <= clock.now().getTime();
  const stillWaiting =
    entry.status === "waiting" && (!lapsing || (await missedHolds(context, entry.id)) + 1 < MISSED_HOLDS_MAX);
  return {
    date: offer.date,
    slot: offer.slot,
    arrival: await places.arrival(offer.date, offer.slot, offer.durationMinutes),
    summary: entry.summary,
    fullName: entry.fullName,
    status: lapsing ? "lapsed" : (offer.status as WaitlistOfferStatus),
    expiresAt: offer.expiresAt.toISOString(),
    stillWaiting,
  };
}

/** Why an offer that is no longer open cannot be taken, in the words of its status. */
function ended(status: string, entryWaiting: boolean) {
  return status === "lapsed" ? offerLapsed(entryWaiting) : OFFER_ENDED[status as keyof typeof OFFER_ENDED];
}

/**
 * One tap books the held place: in one transaction the entry and the offer are locked, the offer
 * must be open and its hold not yet over (by the waitlist's clock), and the booking is made with
 * the same rules as POST /api/bookings, its claim not counting this offer's hold, so the held
 * place becomes the booking. Too late: the offer lapses, the place goes on, and 409 says so.
 */
export async function accept(context: WaitlistContext, token: string) {
  const { db, clock, places } = context;
  const found = await offerAndEntry(context, token);
  if (!found) throw notFound("Offer");
  const { offer: seen, entry: joined } = found;
  if (seen.status !== "open") throw new AppError("conflict", ended(seen.status, joined.status === "waiting"));
  const member: Actor | null = joined.userId
    ? { id: joined.userId, name: joined.fullName, email: joined.email, role: "member", emailVerified: true }
    : null;
  const request = {
    ...joined.request,
    fullName: joined.fullName,
    phone: joined.phone,
    email: joined.email,
    preferredDate: seen.date,
    preferredTimeSlot: seen.slot,
  } as unknown as BookingRequest;
  const now = clock.now();
  // The booking's checks and row, made before the transaction as a request's are (not for a lapsed hold).
  const prepared = seen.expiresAt.getTime() > now.getTime() ? await places.prepare(member, request) : null;
  const outcome = await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, joined.id);
    const offer = await lockOpenOffer(tx, joined.id);
    if (!entry || !offer || offer.id !== seen.id) return { refused: "ended" as const };
    if (offer.expiresAt.getTime() <= now.getTime())
      return { refused: "lapsed" as const, stays: await lapseHold(context, tx, entry, offer, now) };
    if (!prepared) return { refused: "ended" as const };
    const booked = await places.book(tx, prepared as never, offer.id);
    await tx
      .update(waitlistOffers)
      .set({ status: "accepted", bookingId: booked.insertedId, endedAt: now })
      .where(eq(waitlistOffers.id, offer.id));
    await tx
      .update(waitlistEntries)
      .set({ status: "booked", bookingId: booked.insertedId, endedAt: now })
      .where(eq(waitlistEntries.id, entry.id));
    return { booked };
  });
  if ("booked" in outcome) return outcome.booked;
  if (outcome.refused === "lapsed") {
    await placesFreedQuietly(context, [seen.date]);
    throw new AppError("conflict", offerLapsed(outcome.stays));
  }
  throw new AppError("conflict", await endedNow(context, seen.id));
}

/** The customer declines the place: the entry ends (declined) and the place goes to the next that fits. */
export async function decline(context: WaitlistContext, token: string) {
  const { db } = context;
  const found = await offerAndEntry(context, token);
  if (!found) throw notFound("Offer");
  const { offer: seen, entry: joined } = found;
  const declined = await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, joined.id);
    const offer = await lockOpenOffer(tx, joined.id);
    if (!entry || !offer || offer.id !== seen.id) return false;
    await endEntry(context, tx, entry, "declined", "declined");
    return true;
  });
  if (!declined) throw new AppError("conflict", await endedNow(context, seen.id));
  await placesFreedQuietly(context, [seen.date]);
  return { acknowledged: true, status: "declined" as const };
}

/** Why an offer another answer ended meanwhile cannot be taken, as it is now. */
async function endedNow({ db }: WaitlistContext, offerId: string) {
  const [current] = await db
    .select({ status: waitlistOffers.status, entryStatus: waitlistEntries.status })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.id, offerId));
  return ended(current?.status ?? "withdrawn", current?.entryStatus === "waiting");
}
