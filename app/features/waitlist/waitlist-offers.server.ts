import { and, asc, eq, sql } from "drizzle-orm";
import { newObjectId } from "~/lib/object-id";
import { insertWhen } from "~/.server/db/one-statement";
import { auditEvents, outbox, waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import { auditRows, type AuditActor } from "~/.server/audit/audit-log";
import { log } from "~/.server/log";
import { slotText, waitlistDay, waitlistMessage } from "./waitlist-emails";
import type { DayPlaces, WaitlistContext, WaitlistEntryRow, WaitlistOfferRow } from "./waitlist-context";
import { isOneOpenOffer } from "./waitlist-rows.server";

/**
 * Offering freed places (decision 032): a place that frees is offered to the first waiting entry
 * it fits, in the order they joined, and HELD for it (an open offer counts in claim_place like a
 * booking). An offer is made by ONE statement (hold) that locks the entry, claims the place and
 * inserts the offer and its e-mail only when claimed.
 */

/** What a hold statement answers: claim_place's words, or 'gone' when the entry stopped waiting. */
export type HoldOutcome = "claimed" | "closed" | "full" | "gone" | string;

const offerMessage = (
  { links }: Pick<WaitlistContext, "links">,
  day: DayPlaces,
  entry: WaitlistEntryRow,
  offer: WaitlistOfferRow,
) =>
  waitlistMessage("waitlist-offer", entry.email, {
    fullName: entry.fullName,
    locale: entry.locale,
    date: offer.date,
    slot: offer.slot,
    arrival: day.arrival(offer.slot, offer.durationMinutes),
    summary: entry.summary,
    expiresAt: offer.expiresAt.toISOString(),
    offerUrl: links.offerUrl(offer.id),
    leaveUrl: links.leaveUrl(entry.id),
  });

/**
 * Holds `slot` for `entry` in ONE statement (insertWhen): the entry's row is locked and must still
 * be waiting, claim_place takes the slots' locks and counts bookings and open offers, and the
 * offer and its e-mail are inserted only when it answers 'claimed'. A second open offer for the
 * entry (another process was quicker) breaks the unique index: nothing is written, 'gone'.
 * `byAdmin`: the admin offering it by hand, whose record is one more insert of the statement.
 */
export async function hold(
  context: WaitlistContext,
  day: DayPlaces,
  entry: WaitlistEntryRow,
  slot: string,
  byAdmin?: AuditActor,
): Promise<HoldOutcome> {
  const { db, clock, mailer } = context;
  const now = clock.now();
  const offer: WaitlistOfferRow = {
    id: newObjectId(now),
    entryId: entry.id,
    date: entry.date,
    slot,
    durationMinutes: entry.durationMinutes,
    status: "open",
    expiresAt: new Date(now.getTime() + (await context.holdMinutes()) * 60_000),
    byAdmin: byAdmin !== undefined,
    bookingId: null,
    createdAt: now,
    endedAt: null,
  };
  const decision = sql<HoldOutcome>`case when exists (select 1 from ${waitlistEntries}
    where ${waitlistEntries.id} = ${entry.id} and ${waitlistEntries.status} = 'waiting' for update)
    then ${day.holdCall(slot, entry.durationMinutes)} else 'gone' end`;
  try {
    return await insertWhen(db, decision, "claimed", [
      { table: waitlistOffers, rows: [offer] },
      { table: outbox, rows: mailer.rows([offerMessage(context, day, entry, offer)]) },
      // An admin's offer is their change, recorded in the statement that makes it (a full slot: neither).
      {
        table: auditEvents,
        rows: byAdmin
          ? auditRows(byAdmin, [
              {
                kind: "waitlist.offer",
                subjectType: "waitlist-entry",
                subjectId: entry.id,
                summary: `Offered the ${slotText(slot)} window on ${waitlistDay(entry.date)} to a waiting customer`,
                before: { status: "waiting", date: entry.date },
                after: { offerId: offer.id, date: entry.date, slot, expiresAt: offer.expiresAt.toISOString() },
              },
            ])
          : [],
      },
    ]);
  } catch (error) {
    if (isOneOpenOffer(error)) return "gone";
    throw error;
  }
}

/**
 * A waiting entry's place in the line: when it joined, or, once a hold of theirs lapsed, when it
 * lapsed: behind everyone waiting then, so the place they let go reaches the next person first.
 */
const placeInLine = sql`coalesce((select max(${waitlistOffers.endedAt}) from ${waitlistOffers}
  where ${waitlistOffers.entryId} = ${waitlistEntries.id} and ${waitlistOffers.status} = 'lapsed'), ${waitlistEntries.createdAt})`;

/** Waiting entries of a date with no open offer, in their order in the line. */
const waitingWithoutOffer = ({ db }: WaitlistContext, date: string) =>
  db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.date, date),
        eq(waitlistEntries.status, "waiting"),
        sql`not exists (select 1 from ${waitlistOffers} where ${waitlistOffers.entryId} = ${waitlistEntries.id} and ${waitlistOffers.status} = 'open')`,
      ),
    )
    .orderBy(placeInLine, asc(waitlistEntries.id));

/** The windows an entry would take, in the day's order: its own, or any. */
const wantedSlots = (day: DayPlaces, entry: Pick<WaitlistEntryRow, "slots">) =>
  entry.slots.length ? day.windows.filter((slot) => entry.slots.includes(slot)) : day.windows;

/** Offers a date's free places to its waiting entries: each, in join order, gets its first window that has room. */
async function offerDay(context: WaitlistContext, date: string): Promise<number> {
  const { places, clock } = context;
  if (date < places.today(clock.now())) return 0;
  const entries = await waitingWithoutOffer(context, date);
  if (entries.length === 0) return 0;
  const day = await places.day(date);
  let offered = 0;
  for (const entry of entries) {
    for (const slot of wantedSlots(day, entry)) {
      if (!day.fits(slot, entry.durationMinutes) || day.started(slot)) continue;
      if (!day.hasRoom(slot, entry.durationMinutes)) continue;
      const outcome = await hold(context, day, entry, slot);
      if (outcome === "closed") return offered;
      if (outcome === "claimed") {
        day.take(slot, entry.durationMinutes);
        offered += 1;
      }
      // 'full': another process took the place meanwhile; the next window may still have room.
      if (outcome !== "full") break;
    }
  }
  return offered;
}

/** THE ONE PLACE a freed place is offered on: after the change that freed it committed. */
export async function placesFreed(context: WaitlistContext, dates: string[]): Promise<number> {
  let offered = 0;
  for (const date of [...new Set(dates)].sort()) offered += await offerDay(context, date);
  return offered;
}

/** The same, for a caller whose own answer must not fail with it: a failure is logged, the sweep offers later. */
export async function placesFreedQuietly(context: WaitlistContext, dates: string[]) {
  try {
    await placesFreed(context, dates);
  } catch (error) {
    log.error("Offering freed places failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Offers the free places of every day from today that has waiting entries (more bays: any day may have room). */
export async function offerWaiting(context: WaitlistContext, now: Date = context.clock.now()): Promise<number> {
  const { db, places } = context;
  const dates = await db
    .selectDistinct({ date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "waiting"), sql`${waitlistEntries.date} >= ${places.today(now)}`))
    .orderBy(asc(waitlistEntries.date));
  return placesFreed(
    context,
    dates.map((d) => d.date),
  );
}
