import { clockMinutes, formatClock, formatClockSpan, type ClockLanguage } from "~/lib/opening-hours";
import { zonedFormatter } from "~/lib/business-date";
import { friendlyDate } from "~/lib/day-text";
import { formatLength } from "~/lib/service-length";
import { arrivalText, bookingReference, slotHours, type Arrival, type Booking } from "./bookings.schema";

/**
 * The product's one way of saying when: "Thu, Nov 26" and "9–11 AM" (as the e-mails always did),
 * in the business's time zone, on every page and e-mail. Stored values, the API's values and the
 * CSV keep their machine forms ("2026-11-26", "09:00–11:00").
 */

export { dateWithYear, friendlyDate, longDate, momentText } from "~/lib/day-text";

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

/**
 * "Eastern Time" ("hora del este" in es-US): the business's zone as a customer choosing a time reads
 * it, the same all year.
 */
export function zoneGenericName(timeZone: string, languageTag = "en-US"): string {
  return (
    zonedFormatter(languageTag, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone
  );
}

/**
 * "9–11 AM", "11 AM–1 PM" ("9–11 a. m." in Spanish): a slot's window as the shop sets it (a
 * booking's: visitWindow); 'Anytime' stays as it is.
 */
export function arrivalWindow(slot: string, language: ClockLanguage = "en"): string {
  const hours = slotHours(slot);
  return hours ? formatClockSpan(clockMinutes(hours.start), clockMinutes(hours.end), "–", language) : slot;
}

export { bookingReference };

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

/**
 * "between 2:25 and 4:25 PM" (ready …), or "around 4:25 PM" for one arrival time; null for
 * 'Anytime'. In Spanish "entre las 2:25 y las 4:25 p. m.", "alrededor de la 1 p. m." (the pages';
 * the e-mails say it with their own catalog).
 */
export function readyWhen(booking: Parameters<typeof readyTimes>[0], language: ClockLanguage = "en"): string | null {
  const ready = readyTimes(booking);
  if (!ready) return null;
  if (language === "es") {
    // "la 1", "las 2": the hour's article.
    const the = (minutes: number) => (Math.floor(minutes / 60) % 12 === 1 ? "la" : "las");
    return ready.from === ready.to
      ? `alrededor de ${the(ready.to)} ${formatClock(ready.to, "es")}`
      : `entre ${the(ready.from)} ${formatClockSpan(ready.from, ready.to, ` y ${the(ready.to)} `, "es")}`;
  }
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
