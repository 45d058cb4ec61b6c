import { ANYTIME, BAY_SLOTS, slotHours, type Arrival } from "./bookings.schema";
import { clockMinutes } from "~/lib/opening-hours";
import { DEFAULT_SHOP_HOURS, hhmm, openingOnWeekday, windowLabels, type ShopHours } from "./shop-hours";

/**
 * Where a booking sits in a day: THE ONE PLACE of the rule that decides which arrival windows a
 * service is offered (decision 028). Slots are the shop's arrival windows (Booking Settings). A
 * window is offered to a service of `minutes` only when the car, arriving by the window's last
 * minute, is done by closing: the car must arrive from the window's start (or opening) until
 * min(window's end, closing − minutes). It holds a bay in every window its time from the window's
 * start overlaps. Browser-safe: the forms, the availability API and the claim judge alike.
 */

/** The weekday of a date (YYYY-MM-DD, a calendar day: its weekday needs no time zone). */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The opening hours of a date, minutes after midnight; undefined when the shop is closed that weekday. */
export function openingOn(date: string, shop: Pick<ShopHours, "openingHours"> = DEFAULT_SHOP_HOURS) {
  return openingOnWeekday(shop, weekdayOf(date));
}

/**
 * The windows, in order, whose hours overlap [arrival, arrival + minutes); none for 'Anytime'. A
 * stored booking in a window the settings have since dropped holds the windows its time overlaps.
 */
export function occupiedSlots(slot: string, minutes: number, windows: readonly string[] = BAY_SLOTS): string[] {
  const arrival = slotHours(slot);
  if (!arrival) return [];
  const start = clockMinutes(arrival.start);
  const end = start + minutes;
  return windows.filter((label) => {
    const hours = slotHours(label)!;
    return clockMinutes(hours.start) < end && clockMinutes(hours.end) > start;
  });
}

/**
 * The windows a date has, in order: the shop's windows that start before it closes that day, and
 * the windows stored bookings of the day arrive in that the settings have since dropped.
 */
export function dayWindows(date: string, shop: ShopHours, stored: readonly string[] = []): string[] {
  const open = openingOn(date, shop);
  const set = windowLabels(shop).filter(
    (label) => open && clockMinutes(label.slice(0, 5)) < open.closes && clockMinutes(label.slice(6, 11)) > open.opens,
  );
  const kept = stored.filter((label) => slotHours(label) && !set.includes(label));
  return [...new Set([...set, ...kept])].sort();
}

export interface SlotPlan {
  /** The windows the booking holds a place in. */
  occupies: string[];
  /** Whether the window is offered to the service that day ('Anytime' always is). */
  fits: boolean;
  /** When the car must arrive, minutes after midnight: from `start` to `end` (its latest arrival); null for 'Anytime' or a window not offered. */
  arrive: { start: number; end: number } | null;
}

export function slotPlan(date: string, slot: string, minutes: number, shop: ShopHours = DEFAULT_SHOP_HOURS): SlotPlan {
  const window = slotHours(slot);
  if (!window) return { occupies: [], fits: slot === ANYTIME, arrive: null };
  const windows = windowLabels(shop);
  const open = openingOn(date, shop);
  const occupies = occupiedSlots(slot, minutes, windows);
  if (!open || !windows.includes(slot)) return { occupies, fits: false, arrive: null };
  const start = Math.max(clockMinutes(window.start), open.opens);
  const end = Math.min(clockMinutes(window.end), open.closes - minutes);
  return end >= start ? { occupies, fits: true, arrive: { start, end } } : { occupies, fits: false, arrive: null };
}

/**
 * The window a car must arrive in, THE ONE function every answer and text about a booking's arrival
 * reads (the availability API, the booking's `arrival`, its pages, e-mails and calendar file): the
 * window slotPlan offers the visit (from the window's start or opening, until the latest arrival
 * that is done by closing). Where slotPlan offers none (staff booked past closing, a window the
 * settings have since dropped, a weekday now closed) it is the slot's own hours. Null for 'Anytime'.
 */
export function offeredArrival(
  date: string,
  slot: string,
  minutes: number,
  shop: ShopHours = DEFAULT_SHOP_HOURS,
): Arrival | null {
  const hours = slotHours(slot);
  if (!hours) return null;
  const { arrive } = slotPlan(date, slot, minutes, shop);
  return arrive ? { start: hhmm(arrive.start), end: hhmm(arrive.end) } : { start: hours.start, end: hours.end };
}

/**
 * occupiedSlots turned around, for a query over stored bookings: who holds a place in `slot`. A
 * booking arriving at `arrival` holds it when it is longer than `longerThan` minutes (it starts
 * before the slot ends, and reaches past the slot's start). The arrivals looked at are the
 * windows now set and the specification's, which bookings made before the settings carry.
 */
export function slotHolders(
  slot: string,
  windows: readonly string[] = BAY_SLOTS,
): { arrival: string; longerThan: number }[] {
  const held = slotHours(slot);
  if (!held) return [];
  const arrivals = [...new Set([...windows, ...BAY_SLOTS])];
  return arrivals.flatMap((arrival) => {
    const start = clockMinutes(slotHours(arrival)!.start);
    if (start >= clockMinutes(held.end)) return [];
    return [{ arrival, longerThan: Math.max(0, clockMinutes(held.start) - start) }];
  });
}
