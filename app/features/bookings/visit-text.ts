import { formatClock } from "~/lib/opening-hours";
import { slotHours } from "./bookings.schema";

// One formatter for the process: building one costs ten times a format, and lists call this per row.
const longDay = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** "Saturday, May 31": a booking's date as a person says it (the date is the business's own). */
export function friendlyDate(date: string): string {
  return longDay.format(new Date(`${date}T12:00:00Z`));
}

const dayWithYear = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "May 31, 2026": a date in a list that spans years (a customer's history). */
export function dateWithYear(date: string): string {
  return dayWithYear.format(new Date(`${date}T12:00:00Z`));
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "9–11 AM", "11 AM–1 PM": the arrival window of a slot; 'Anytime' stays as it is. */
export function arrivalWindow(slot: string): string {
  const hours = slotHours(slot);
  if (!hours) return slot;
  const [start, end] = [minutesOf(hours.start), minutesOf(hours.end)];
  const startText = formatClock(start);
  const sameHalf = start < 12 * 60 === end < 12 * 60;
  return `${sameHalf ? startText.replace(/ [AP]M$/, "") : startText}–${formatClock(end)}`;
}

/** The short reference a customer reads out on the phone: the id's last 8 characters. */
export function bookingReference(id: string): string {
  return id.slice(-8).toUpperCase();
}
