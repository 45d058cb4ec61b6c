import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { friendlyDate, momentText } from "~/lib/day-text";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { clockMinutes, formatClockSpan } from "~/lib/opening-hours";
import { formatLength } from "~/lib/service-length";
import { withTypeAndYear } from "~/features/garage/garage.schema";
import { lineLabelIn, type LineKind } from "~/lib/price-lines";
import { displayStatus, slotHours, type Arrival, type Booking } from "./bookings.schema";
import { bookingVehicleName, priceNote } from "./visit-summary";
import { readyWhen } from "./visit-text";

/**
 * visit-text.ts's words for a customer's page in its language (issue 49): the English output is
 * exactly visit-text.ts's ("Thu, Nov 26, 9–11 AM", "Arrive between 9–11 AM"); on a Spanish page
 * "jue, 26 nov, 9–11 a. m.", "Llegada: 9–11 a. m.". `i18n` is the page's (useLingui().i18n).
 */

const language = (i18n: I18n): "en" | "es" => (i18n.locale === "es" ? "es" : "en");

/** "11 AM–12:35 PM" / "11 a. m.–12:35 p. m.": the window a car must arrive in. */
export function arrivalWords(i18n: I18n, arrival: Arrival): string {
  return formatClockSpan(clockMinutes(arrival.start), clockMinutes(arrival.end), "–", language(i18n));
}

/** "Arrive between 11 AM–12:35 PM", or "Arrive at 3 PM" when the car must arrive at one time. */
export function arriveWords(i18n: I18n, arrival: Arrival): string {
  const span = arrivalWords(i18n, arrival);
  return arrival.start === arrival.end ? i18n._(msg`Arrive at ${span}`) : i18n._(msg`Arrive between ${span}`);
}

/** "9–11 AM": a slot's window as the shop sets it; 'Anytime' stays as it is. */
export function slotWindowWords(i18n: I18n, slot: string): string {
  const hours = slotHours(slot);
  return hours ? formatClockSpan(clockMinutes(hours.start), clockMinutes(hours.end), "–", language(i18n)) : slot;
}

/** "Thu, Dec 3, 11 AM–12:35 PM" or "Thu, Dec 3, any time": a booking's day and the window it must arrive in. */
export function dayAndWindowWords(i18n: I18n, visit: Pick<Booking, "preferredDate" | "arrival">): string {
  const day = friendlyDate(visit.preferredDate, language(i18n));
  return `${day}, ${visit.arrival ? arrivalWords(i18n, visit.arrival) : i18n._(msg`any time`)}`;
}

/**
 * "30 min · ready between 9:30 and 11:30 AM" ("30 min" alone for 'Anytime'): how long the job takes
 * and when it ends; in Spanish "listo entre la 1:30 y las 3:30 p. m." (visit-text.ts readyWhen).
 */
export function lengthAndFinishWords(i18n: I18n, booking: Pick<Booking, "arrival" | "minutes">): string {
  const lang = language(i18n);
  const length = formatLength(booking.minutes, lang);
  const ready = readyWhen(booking, lang);
  return ready ? i18n._(msg`${length} · ready ${ready}`) : length;
}

/** "The service's name", a package keeping the name the shop gave it. */
export function serviceWords(i18n: I18n, booking: Pick<Booking, "serviceType" | "packageName">): string {
  return booking.packageName ?? i18n._(catalogueName(booking.serviceType));
}

/** "Silver Toyota Camry (SUV, 2020)", its type named in the page's language. */
export function vehicleWords(
  i18n: I18n,
  booking: Pick<Booking, "vehicleType" | "vehicleMake" | "vehicleModel" | "vehicleColor" | "vehicleYear">,
): string {
  const type = i18n._(catalogueName(booking.vehicleType));
  const name = bookingVehicleName(booking);
  return withTypeAndYear(name === booking.vehicleType ? type : name, type, booking.vehicleYear);
}

/**
 * A priced line's label as price-visit.ts stored it ("Full Detail (Medium)", "Synthetic oil",
 * "Wash Club (Gold): covered", "WASH5 (10% off)") in the page's language, read back by its kind
 * (~/lib/price-lines.ts, which the e-mails share): the service's name and the fixed words translated,
 * what the shop named (size classes, packages, add-ons, oils, plans) kept.
 */
export function lineLabelWords(i18n: I18n, line: { kind?: LineKind; label: string }): string {
  if (i18n.locale === "en") return line.label;
  return lineLabelIn(
    {
      service: (name) => i18n._(catalogueName(name)),
      oil: (oil) => i18n._(msg`${oil} oil`),
      club: (plan) => i18n._(msg`Wash Club (${plan}): covered`),
      promo: (code, percent) => i18n._(msg`${code} (${percent}% off)`),
    },
    line,
  );
}

const STATUS = {
  Confirmed: msg`Confirmed`,
  Cancelled: msg`Cancelled`,
  Pending: msg`Pending`,
} as const;

/**
 * A booking as a customer's page says it, in the page's language (decisions 056, 059): the
 * functions above bound to the page's i18n, for a component. Its day ("jue, 26 nov"), window
 * ("9–11 a. m."), length and finish, vehicle (as the customer typed it, its type in the
 * language), service and status.
 */
export function useVisitWords() {
  const { i18n } = useLingui();
  const locale = language(i18n);
  return {
    day: (date: string) => friendlyDate(date, locale),
    moment: (at: Date | string, timeZone: string) => momentText(at, timeZone, locale),
    window: (visit: Pick<Booking, "arrival" | "preferredTimeSlot">) =>
      visit.arrival
        ? arrivalWords(i18n, visit.arrival)
        : visit.preferredTimeSlot === "Anytime"
          ? i18n._(msg`Anytime`)
          : visit.preferredTimeSlot,
    lengthAndFinish: (booking: Pick<Booking, "arrival" | "minutes">) => lengthAndFinishWords(i18n, booking),
    service: (name: string) => i18n._(catalogueName(name)),
    status: (status: string) => i18n._(STATUS[displayStatus(status)]),
    vehicle: (booking: Parameters<typeof vehicleWords>[1]) => vehicleWords(i18n, booking),
    /** A priced line (a quote's or a booking's) as the page's reader reads it: lineLabelWords. */
    line: (line: { kind?: LineKind; label: string }) => lineLabelWords(i18n, line),
    priceNote: (booking: Parameters<typeof priceNote>[0]) =>
      priceNote(booking) === undefined ? undefined : i18n._(msg`Price confirmed at the shop`),
  };
}
