import { and, between, count, ne, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/.server/db/client";
import { bookings } from "~/.server/db/schema";
import { readBays } from "./booking-settings.server";
import { ANYTIME } from "./bookings.schema";
import { occupiedSlots } from "./slot-plan";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

export const SLOT_FULL = "That time slot is full. Please choose another.";

/** Places taken per date and bay slot: date → slot label → live bookings holding a bay in it. */
export type HeldPlaces = Map<string, Map<string, number>>;

/**
 * The bay places live bookings hold from `from` to `to`, in one query: bookings are grouped by
 * date, arrival slot and length, and each group counts in every slot its length overlaps (a
 * 4-hour wash arriving at 09:00 holds a place at 09:00 and at 11:00). 'Anytime' holds none.
 */
export async function heldPlaces(executor: Reader, from: string, to: string, excludeId?: string): Promise<HeldPlaces> {
  const groups = await executor
    .select({
      date: bookings.preferredDate,
      slot: bookings.preferredTimeSlot,
      minutes: bookings.durationMinutes,
      n: count(),
    })
    .from(bookings)
    .where(
      and(
        between(bookings.preferredDate, from, to),
        ne(bookings.status, "cancelled"),
        ne(bookings.preferredTimeSlot, ANYTIME),
        excludeId ? ne(bookings.id, excludeId) : undefined,
      ),
    )
    .groupBy(bookings.preferredDate, bookings.preferredTimeSlot, bookings.durationMinutes);
  const held: HeldPlaces = new Map();
  for (const group of groups) {
    let day = held.get(group.date);
    if (!day) held.set(group.date, (day = new Map()));
    for (const slot of occupiedSlots(group.slot, group.minutes)) day.set(slot, (day.get(slot) ?? 0) + group.n);
  }
  return held;
}

/**
 * Holds, for the rest of the transaction, every bay slot a booking of `minutes` arriving at `slot`
 * on `date` occupies, then refuses when any of them has no bay left (not counting `excludeId`, the
 * booking being moved). The slots' advisory locks are taken in BAY_SLOTS order, so two requests
 * that share slots queue up and never wait on each other; every booking that holds a slot took its
 * lock, so the count read after the locks is exact. Callers take the booking's row lock and the
 * customer's lock first.
 */
export async function claimSlots(tx: Tx, date: string, slot: string, minutes: number, excludeId?: string) {
  const wanted = occupiedSlots(slot, minutes);
  if (wanted.length === 0) return;
  for (const label of wanted) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slot:${date}:${label}`}))`);
  const [held, bays] = [await heldPlaces(tx, date, date, excludeId), await readBays(tx)];
  const taken = held.get(date);
  if (wanted.some((label) => (taken?.get(label) ?? 0) >= bays))
    throw new AppError("conflict", SLOT_FULL, { preferredTimeSlot: SLOT_FULL });
}
