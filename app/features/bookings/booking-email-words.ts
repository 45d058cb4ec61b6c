import {
  ENGLISH,
  greeting,
  lineText,
  serviceWords,
  siteLink,
  wordsFor,
  type MailWords,
} from "~/.server/mail/mail-i18n";
import { formatPrice } from "~/lib/money";
import { mailClockSpan, mailLength } from "~/.server/mail/mail-format";
import { ARRIVAL_NOTES } from "~/lib/arrival-notes";
import { clockMinutes } from "~/lib/opening-hours";
import type { Arrival, Booking } from "./bookings.schema";
import { displayStatus } from "./bookings.schema";
import { lengthAndFinish, readyWhen } from "./visit-text";
import { bookingVehicleName, isPriced, vehicleText } from "./visit-summary";
import { withTypeAndYear } from "~/features/garage/garage.schema";

export { ENGLISH, greeting, lineText, serviceWords, siteLink, wordsFor, type MailWords };

/**
 * The words a booking's e-mails share, in the customer's language (issue 49): English exactly as
 * before (visit-text.ts says it for the pages too), Spanish from the e-mails' catalog.
 */
/** "Arrive between 11 AM–12:35 PM", "Arrive at 3 PM"; in Spanish "Llegada: 11 a. m.–12:35 p. m.". */
export function arriveWords({ i18n, locale }: MailWords, arrival: Arrival): string {
  const span = mailClockSpan(clockMinutes(arrival.start), clockMinutes(arrival.end), locale);
  return arrival.start === arrival.end
    ? i18n._("Arrive at {time}", { time: span })
    : i18n._("Arrive between {span}", { span });
}

/** "Confirmed", "Cancelled", "Pending" as the customer reads them. */
export function statusWords({ i18n }: MailWords, status: string): string {
  const shown = displayStatus(status);
  if (shown === "Confirmed") return i18n._("Confirmed");
  if (shown === "Cancelled") return i18n._("Cancelled");
  return i18n._("Pending");
}

/**
 * "30 min · ready between 9:30 and 11:30 AM" (visit-text.ts's words in English); in Spanish
 * "30 min · listo entre la 1:30 y las 3:30 p. m." (the hour's article: visit-text.ts readyWhen).
 */
export function lengthAndFinishWords(w: MailWords, booking: Pick<Booking, "arrival" | "minutes">): string {
  if (w.locale === "en") return lengthAndFinish(booking);
  const length = mailLength(booking.minutes, w.locale);
  const ready = readyWhen(booking, w.locale);
  return ready ? w.i18n._("{length} · ready {ready}", { length, ready }) : length;
}

/** What a customer should know on arrival (ARRIVAL_NOTES in English), under its heading. */
export function arrivalList({ i18n, locale }: MailWords) {
  const items =
    locale === "en"
      ? [...ARRIVAL_NOTES]
      : [
          i18n._('Pull into the lane marked "Check-in" and a team member will meet you.'),
          i18n._("Free customer parking and a lounge with coffee and Wi-Fi."),
        ];
  return { heading: i18n._("When you arrive"), items };
}

/** The vehicle types as the pages name them in the customer's language ("Car" is "Auto"). */
function vehicleTypeWords({ i18n }: MailWords, type: string): string {
  const names: Record<string, () => string> = {
    Car: () => i18n._("Car"),
    SUV: () => i18n._("SUV"),
    Truck: () => i18n._("Truck"),
    Minivan: () => i18n._("Minivan"),
    Coupe: () => i18n._("Coupe"),
    Hatchback: () => i18n._("Hatchback"),
    Other: () => i18n._("Other"),
  };
  return names[type]?.() ?? type;
}

/** "Silver Honda CR-V (SUV, 2020)" (visit-summary.ts's words in English); "Auto (2019)" in Spanish. */
export function vehicleWords(w: MailWords, booking: Parameters<typeof vehicleText>[0]): string {
  if (w.locale === "en") return vehicleText(booking);
  const name = bookingVehicleName(booking);
  const type = vehicleTypeWords(w, booking.vehicleType);
  return withTypeAndYear(name === booking.vehicleType ? type : name, type, booking.vehicleYear);
}

/**
 * The calendar file's event in the customer's language (booking-calendar.ts writes English itself):
 * undefined for English, so the file is byte for byte as before.
 */
export function calendarWords(w: MailWords, booking: Booking, place: { name: string; phone: string }) {
  if (w.locale === "en") return undefined;
  const { i18n } = w;
  const service = serviceWords(w, booking.serviceType);
  const what = booking.packageName !== null ? `${service}, ${booking.packageName}` : service;
  const values = { service, what, name: place.name, customer: booking.fullName, phone: place.phone };
  return {
    summary:
      booking.status === "pending"
        ? i18n._("{service} at {name} (awaiting confirmation)", values)
        : i18n._("{service} at {name}", values),
    description: [
      i18n._("Booking for {customer}: {what}.", values),
      i18n._("Vehicle: {vehicle}.", { vehicle: vehicleWords(w, booking) }),
      isPriced(booking) ? i18n._("Price: {price}.", { price: formatPrice(booking.total) }) : "",
      booking.arrival ? "" : i18n._("Any time that day: we will call to agree the time."),
      i18n._("Questions or changes: {phone}.", values),
    ]
      .filter(Boolean)
      .join("\n"),
  };
}
