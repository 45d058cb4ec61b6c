import { and, between, count, eq, ne, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/.server/db/client";
import { bookings, closedDates } from "~/.server/db/schema";
import { bookingRulesJson } from "./booking-settings.server";
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

/** What a booking's transaction learns in the statement that takes its locks. */
export interface Locked {
  /** Whether the date is closed to bookings. */
  closed: boolean;
  /** The settings that are set, for BookingSettingsService.bookingRules. */
  rules: Record<string, unknown> | null;
}

/**
 * Holds, for the rest of the transaction, the customer's bookings (when `customer` is given: their
 * requests queue up) and then every bay slot a booking of `minutes` arriving at `slot` on `date`
 * occupies, in one statement that also reads whether the date is closed and the booking rules. The
 * locks are taken in that order (customer, then slots in BAY_SLOTS order; PostgreSQL evaluates a
 * select list left to right), so two requests that share any of them queue up and never wait on each
 * other. The closed date and rules are read as the statement starts: neither is guarded by these
 * locks, and a date closed at that very moment is the admin's to sort out (its bookings stay).
 */
export async function lockPlace(
  tx: Tx,
  { date, slot, minutes, customer }: { date: string; slot: string; minutes: number; customer?: string },
): Promise<Locked> {
  const keys = [
    ...(customer ? [`customer:${customer}`] : []),
    ...occupiedSlots(slot, minutes).map((l) => `slot:${date}:${l}`),
  ];
  const [row] = await tx
    .select({
      ...Object.fromEntries(keys.map((key, i) => [`lock${i}`, sql`pg_advisory_xact_lock(hashtext(${key}))`])),
      closed: sql<boolean>`exists (select 1 from ${closedDates} where ${eq(closedDates.date, date)})`,
      rules: bookingRulesJson,
    })
    .from(sql`(select 1) as one`);
  return { closed: row!.closed, rules: row!.rules };
}

/**
 * Refuses a booking of `minutes` arriving at `slot` on `date` when any slot it occupies has no bay
 * left (not counting `excludeId`, the booking being moved). Call after lockPlace: every booking that
 * holds a slot took its lock, so the count read after the locks is exact.
 */
export async function refuseFullSlots(
  tx: Tx,
  {
    date,
    slot,
    minutes,
    bays,
    excludeId,
  }: { date: string; slot: string; minutes: number; bays: number; excludeId?: string },
) {
  const wanted = occupiedSlots(slot, minutes);
  if (wanted.length === 0) return;
  const taken = (await heldPlaces(tx, date, date, excludeId)).get(date);
  if (wanted.some((label) => (taken?.get(label) ?? 0) >= bays))
    throw new AppError("conflict", SLOT_FULL, { preferredTimeSlot: SLOT_FULL });
}
