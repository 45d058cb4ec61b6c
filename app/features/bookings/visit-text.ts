import { clockMinutes, formatClock } from "~/lib/opening-hours";
import { zonedFormatter } from "~/lib/business-date";
import { formatLength } from "~/lib/service-length";
import { slotHours, type Booking } from "./bookings.schema";

/**
 * The product's one way of saying when: "Thu, Nov 26" and "9–11 AM" (as the e-mails always did),
 * in the business's time zone, on every page and e-mail. Stored values, the API's values and the
 * CSV keep their machine forms ("2026-11-26", "09:00–11:00").
 */

// One formatter for the process: building one costs ten times a format, and lists call this per row.
const shortDay = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const shortDayWithYear = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Thu, Nov 26": a booking's date (the date is the business's own, never shifted by the reader's zone). */
export function friendlyDate(date: string): string {
  return shortDay.format(new Date(`${date}T12:00:00Z`));
}

const longDay = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** "Saturday, December 12": a day said in full, where it is the point of the sentence (the waitlist, as its e-mails say it). */
export function longDate(date: string): string {
  return longDay.format(new Date(`${date}T12:00:00Z`));
}

/** "Thu, Nov 26, 2026": the same, in a list that spans years (a customer's history, closed dates). */
export function dateWithYear(date: string): string {
  return shortDayWithYear.format(new Date(`${date}T12:00:00Z`));
}

/** "Thu, Nov 26, 9–11 AM" or "Thu, Nov 26, any time": a visit's day and arrival window. */
export function dayAndWindow(date: string, slot: string): string {
  return `${friendlyDate(date)}, ${slotHours(slot) ? arrivalWindow(slot) : "any time"}`;
}

/** "Wed, Nov 25, 9:05 AM": an instant (a request, a deadline) on the business's clock. */
export function momentText(at: Date | string, timeZone: string): string {
  const parts = zonedFormatter("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const date = `${part("year")}-${part("month")}-${part("day")}`;
  return `${friendlyDate(date)}, ${formatClock(Number(part("hour")) * 60 + Number(part("minute")))}`;
}

/** "Eastern Time": the business's zone as a customer choosing a time reads it, the same all year. */
export function zoneGenericName(timeZone: string): string {
  return (
    zonedFormatter("en-US", { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone
  );
}

/** "9–11 AM", "11 AM–1 PM": the arrival window of a slot; 'Anytime' stays as it is. */
export function arrivalWindow(slot: string): string {
  const hours = slotHours(slot);
  if (!hours) return slot;
  const [start, end] = [clockMinutes(hours.start), clockMinutes(hours.end)];
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
  return formatClock((clockMinutes(hours.start) + booking.minutes) % (24 * 60));
}

/**
 * "Platinum Full Detail" or "Hand Wash": the work booked, as the confirmation, the board and the
 * lists name it. A package is the work priced and names it (it is for its own service, decision 047).
 */
export function serviceText(booking: Pick<Booking, "serviceType" | "packageName">): string {
  return booking.packageName ?? booking.serviceType;
}

/** "30 min · ready around 9:30 AM" ("30 min" alone for 'Anytime'): how long the job takes and when it ends. */
export function lengthAndFinish(booking: Pick<Booking, "preferredTimeSlot" | "minutes">): string {
  const finish = finishTime(booking);
  return finish ? `${formatLength(booking.minutes)} · ready around ${finish}` : formatLength(booking.minutes);
}
