import { formatClock } from "~/lib/opening-hours";
import { formatLength } from "~/lib/service-length";
import { slotHours, type Booking } from "./bookings.schema";

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

/**
 * "1:30 PM": when the job should be done, for a car arriving at its window's start and worked on for
 * the booking's length, on the business's clock (the windows are its wall-clock hours). Null for
 * 'Anytime', whose arrival is not known yet. The one place every card, list and sheet reads it from.
 */
export function finishTime(booking: Pick<Booking, "preferredTimeSlot" | "minutes">): string | null {
  const hours = slotHours(booking.preferredTimeSlot);
  if (!hours) return null;
  return formatClock((minutesOf(hours.start) + booking.minutes) % (24 * 60));
}

/** "Full Detail, Platinum Full Detail" or "Hand Wash": the job, with the package beside it when there is one. */
export function serviceText(booking: Pick<Booking, "serviceType" | "packageName">): string {
  return booking.packageName ? `${booking.serviceType}, ${booking.packageName}` : booking.serviceType;
}

/** "30 min · ready around 9:30 AM" ("30 min" alone for 'Anytime'): how long the job takes and when it ends. */
export function lengthAndFinish(booking: Pick<Booking, "preferredTimeSlot" | "minutes">): string {
  const finish = finishTime(booking);
  return finish ? `${formatLength(booking.minutes)} · ready around ${finish}` : formatLength(booking.minutes);
}
