import { z } from "zod";

/**
 * The years a date from a request can mean: bookings, closed dates, a list's range, a day's board.
 * The business opened after 2000 and books a year ahead; 2100 leaves room for any range a list
 * or the calendar reads past it (a date past 9999 reached PostgreSQL and answered 500).
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/**
 * Whether a string is a real calendar day as YYYY-MM-DD (not 2026-02-30) between FIRST_YEAR and
 * LAST_YEAR: every date the API and the pages read from a request is checked by this.
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A real calendar day (YYYY-MM-DD) within the years above, with the message for anything else. */
export function calendarDay(message: string) {
  return z.string({ message }).refine(isCalendarDay, message);
}
