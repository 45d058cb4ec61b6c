import { clockMinutes, formatClock, formatClockSpan } from "~/lib/opening-hours";
import { zonedFormatter } from "~/lib/business-date";
import { formatLength } from "~/lib/service-length";
import { arrivalText, slotHours, type Arrival, type Booking } from "./bookings.schema";

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

/** "Thu, Nov 26, 9–11 AM" or "Thu, Nov 26, any time": a day and a slot's window (a record of the slot stored). */
export function dayAndWindow(date: string, slot: string): string {
  return `${friendlyDate(date)}, ${slotHours(slot) ? arrivalWindow(slot) : "any time"}`;
}

/** A booking's time as it is told: its day, its slot, and the window it must arrive in (`arrival`). */
export type VisitArrival = Pick<Booking, "preferredDate" | "preferredTimeSlot" | "arrival">;

/**
 * The window a stored e-mail's visit is told by: its `arrival`, or in a message stored before
 * bookings said it (issue 43) its slot's own hours, as that message said when it was stored.
 */
export function toldArrival(visit: Pick<Booking, "preferredTimeSlot"> & { arrival?: Arrival | null }): Arrival | null {
  return visit.arrival !== undefined ? visit.arrival : (slotHours(visit.preferredTimeSlot) ?? null);
}

export { arrivalText };

/** "Arrive between 11 AM–12:35 PM", or "Arrive at 3 PM" when the car must arrive at one time. */
export function arriveBetween(arrival: Arrival): string {
  return `Arrive ${arrival.start === arrival.end ? "at" : "between"} ${arrivalText(arrival)}`;
}

/**
 * "11 AM–12:35 PM": the window a booking's car must arrive in, as availability offered it (its slot
 * shortened so the visit is done by closing: slot-plan.ts offeredArrival); "Anytime" for 'Anytime'.
 */
export function visitWindow(visit: Omit<VisitArrival, "preferredDate">): string {
  return visit.arrival ? arrivalText(visit.arrival) : visit.preferredTimeSlot;
}

/** "Thu, Dec 3, 11 AM–12:35 PM" or "Thu, Dec 3, any time": a booking's day and the window it must arrive in. */
export function visitDayAndWindow(visit: VisitArrival): string {
  return `${friendlyDate(visit.preferredDate)}, ${visit.arrival ? arrivalText(visit.arrival) : "any time"}`;
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

/** "9–11 AM", "11 AM–1 PM": a slot's window as the shop sets it (a booking's: visitWindow); 'Anytime' stays as it is. */
export function arrivalWindow(slot: string): string {
  const hours = slotHours(slot);
  return hours ? formatClockSpan(clockMinutes(hours.start), clockMinutes(hours.end)) : slot;
}

/** The short reference a customer reads out on the phone: the id's last 8 characters. */
export function bookingReference(id: string): string {
  return id.slice(-8).toUpperCase();
}

/**
 * When the job should be done, minutes after midnight on the business's clock: from the earliest
 * arrival plus the booking's length to the latest arrival plus it (the window it must arrive in);
 * null for 'Anytime', whose arrival is not known yet.
 */
function readyTimes(booking: Pick<Booking, "arrival" | "minutes">) {
  const { arrival } = booking;
  if (!arrival) return null;
  const at = (clock: string) => (clockMinutes(clock) + booking.minutes) % (24 * 60);
  return { from: at(arrival.start), to: at(arrival.end) };
}

/**
 * "2:25–4:25 PM" ("4:25 PM" when the car must arrive at one time): when the job should be done,
 * for a car arriving in its window and worked on for the booking's length. Null for 'Anytime'. The
 * one place every card, list and sheet reads it from.
 */
export function finishTime(booking: Parameters<typeof readyTimes>[0]): string | null {
  const ready = readyTimes(booking);
  return ready && formatClockSpan(ready.from, ready.to);
}

/** "between 2:25 and 4:25 PM" (ready …), or "around 4:25 PM" for one arrival time; null for 'Anytime'. */
export function readyWhen(booking: Parameters<typeof readyTimes>[0]): string | null {
  const ready = readyTimes(booking);
  if (!ready) return null;
  return ready.from === ready.to
    ? `around ${formatClock(ready.to)}`
    : `between ${formatClockSpan(ready.from, ready.to, " and ")}`;
}

/**
 * "Platinum Full Detail" or "Hand Wash": the work booked, as the confirmation, the board and the
 * lists name it. A package is the work priced and names it (it is for its own service, decision 048).
 */
export function serviceText(booking: Pick<Booking, "serviceType" | "packageName">): string {
  return booking.packageName ?? booking.serviceType;
}

/** "30 min · ready between 9:30 and 11:30 AM" ("30 min" alone for 'Anytime'): how long the job takes and when it ends. */
export function lengthAndFinish(booking: Parameters<typeof readyTimes>[0]): string {
  const ready = readyWhen(booking);
  return ready ? `${formatLength(booking.minutes)} · ready ${ready}` : formatLength(booking.minutes);
}
