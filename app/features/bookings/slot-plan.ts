import { OPENING_HOURS, type OpeningPeriod } from "~/lib/opening-hours";
import { ANYTIME, BAY_SLOTS, slotHours } from "./bookings.schema";

/**
 * Where a booking sits in a day. Slots are arrival windows: a service of `minutes` arriving at a
 * slot's start holds a bay in every slot its time overlaps, and is offered only when it ends by
 * that day's closing time. Browser-safe: the forms and the server judge with the same rules.
 */

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The opening hours of a date (YYYY-MM-DD, a calendar day: its weekday needs no time zone). */
export function openingOn(date: string, hours: readonly OpeningPeriod[] = OPENING_HOURS): OpeningPeriod | undefined {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return hours.find((period) => period.days.includes(weekday));
}

/** The bay slots, in BAY_SLOTS order, whose hours overlap [arrival, arrival + minutes); none for 'Anytime'. */
export function occupiedSlots(slot: string, minutes: number): string[] {
  const arrival = slotHours(slot);
  if (!arrival) return [];
  const start = clockMinutes(arrival.start);
  const end = start + minutes;
  return BAY_SLOTS.filter((label) => {
    const hours = slotHours(label)!;
    return clockMinutes(hours.start) < end && clockMinutes(hours.end) > start;
  });
}

export interface SlotPlan {
  /** The bay slots the booking holds a place in. */
  occupies: string[];
  /** Whether the service, arriving at the slot's start, ends by closing time ('Anytime' always fits). */
  fits: boolean;
  /** When the service would end, minutes after midnight; null for 'Anytime'. */
  ends: number | null;
}

export function slotPlan(
  date: string,
  slot: string,
  minutes: number,
  hours: readonly OpeningPeriod[] = OPENING_HOURS,
): SlotPlan {
  const arrival = slotHours(slot);
  if (!arrival) return { occupies: [], fits: slot === ANYTIME, ends: null };
  const start = clockMinutes(arrival.start);
  const open = openingOn(date, hours);
  const ends = start + minutes;
  return {
    occupies: occupiedSlots(slot, minutes),
    fits: open !== undefined && start >= open.opens && ends <= open.closes,
    ends,
  };
}

/**
 * occupiedSlots turned around, for a query over stored bookings: who holds a place in `slot`. A
 * booking arriving at `arrival` holds it when it is longer than `longerThan` minutes (it starts
 * before the slot ends, and reaches past the slot's start).
 */
export function slotHolders(slot: string): { arrival: string; longerThan: number }[] {
  const held = slotHours(slot);
  if (!held) return [];
  return BAY_SLOTS.flatMap((arrival) => {
    const start = clockMinutes(slotHours(arrival)!.start);
    if (start >= clockMinutes(held.end)) return [];
    return [{ arrival, longerThan: Math.max(0, clockMinutes(held.start) - start) }];
  });
}
