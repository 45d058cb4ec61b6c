import { firstName as firstNameOf } from "~/lib/person-name";
import type { Email } from "~/.server/mail/mailer";
import { renderEmail, type EmailContent, type EmailFact } from "~/.server/mail/email-layout";
import { mailClock, mailClockSpan, mailDay, mailZoneName } from "~/.server/mail/mail-format";
import { boundedMemo } from "~/lib/bounded-memo";
import type { Locale } from "~/lib/i18n/locale";
import { formatPrice } from "~/lib/money";
import { clockMinutes, timeInSentence } from "~/lib/opening-hours";
import { directionsHref, telHref } from "~/lib/site-config";
import { bookingCalendar, slotInterval, type CalendarPlace } from "./booking-calendar";
import type { Arrival, Booking } from "./bookings.schema";
import {
  arrivalList,
  arriveWords,
  calendarWords,
  ENGLISH,
  greeting,
  lengthAndFinishWords,
  serviceWords,
  lineText,
  siteLink,
  statusWords,
  vehicleWords,
  wordsFor,
  type MailWords,
} from "./booking-email-words";
import { bookingReference, toldArrival } from "./visit-text";
import { bookingVehicleName, isPriced, lineAmount } from "./visit-summary";
import { CONFIRMED_AT_SHOP_TYPE } from "~/features/pricing/pricing.schema";
import { vehicleInSentence } from "~/features/garage/garage.schema";

/** What the e-mails say about the business, and where customers and staff follow links to. */
export interface MailPlace extends CalendarPlace {
  publicUrl: string;
}

/** What changed in an admin's (or the customer's) update, as stored with `booking-updated` messages. */
export interface ChangedFields {
  status: boolean;
  slot: boolean;
  date: boolean;
}

/** "Eastern Standard Time": the business's zone on the visit's day, as the customer's calendar will say it. */
function visitZoneName(booking: Pick<Booking, "preferredDate">, timeZone: string, locale: Locale): string {
  return mailZoneName(
    timeZone,
    slotInterval(booking.preferredDate, "09:00–11:00", timeZone)?.start ?? new Date(),
    locale,
  );
}

/** A visit's time as a stored e-mail holds it: `arrival` is missing in those stored before issue 43. */
export type StoredVisit = Pick<Booking, "preferredDate" | "preferredTimeSlot"> & { arrival?: Arrival | null };

/**
 * "Sat, Nov 28" and "Arrive between 11 AM–12:35 PM (Eastern Standard Time)", or the Anytime words:
 * the window the car must arrive in, as the booking says it (visit-text.ts).
 */
export function visitWhen(visit: StoredVisit, timeZone: string, words: MailWords = ENGLISH): VisitWhen {
  const arrival = toldArrival(visit);
  // Each of a booking's e-mails says it: worked out once per language, date, window and zone.
  const key = `${words.locale} ${timeZone} ${visit.preferredDate} ${arrival ? `${arrival.start}–${arrival.end}` : "any"}`;
  return visitWhens.get(key, () => describeVisitWhen(visit.preferredDate, arrival, timeZone, words));
}
type VisitWhen = { day: string; arrive: string; short: string };
const visitWhens = boundedMemo<VisitWhen>(1_000);

function describeVisitWhen(date: string, arrival: Arrival | null, timeZone: string, words: MailWords): VisitWhen {
  const { i18n, locale } = words;
  const day = mailDay(date, locale);
  const span = arrival && mailClockSpan(clockMinutes(arrival.start), clockMinutes(arrival.end), locale);
  return {
    day,
    arrive: arrival
      ? `${arriveWords(words, arrival)} (${visitZoneName({ preferredDate: date }, timeZone, locale)})`
      : i18n._("Any time that day (we will call to agree the time)"),
    short: `${locale === "en" ? day.replace(/^(\w{3})\w*, (\w{3})\w*/, "$1, $2") : day}, ${span ?? i18n._("any time")}`,
  };
}

/** "Full Detail · Platinum Full Detail", with how long it takes and when it should be ready under it. */
export function serviceFact(booking: Booking, withLength = true, words: MailWords = ENGLISH): EmailFact {
  const service = serviceWords(words, booking.serviceType);
  const value = booking.packageName ? `${service} · ${booking.packageName}` : service;
  const label = words.i18n._("Service");
  return withLength ? { label, value, note: lengthAndFinishWords(words, booking) } : { label, value };
}

/**
 * "Price: $249.84" with the lines under it (the package or service for the vehicle's class, each
 * add-on, WASH5), as the booking stored them; nothing for a booking with no price.
 */
export function priceFacts(booking: Booking, total = formatPrice, words: MailWords = ENGLISH): EmailFact[] {
  if (!isPriced(booking)) return [];
  const note = booking.vehicleType === CONFIRMED_AT_SHOP_TYPE ? words.i18n._("Price confirmed at the shop") : undefined;
  return [
    {
      label: words.i18n._("Price"),
      value: total(booking.total),
      rows: booking.lines.map((line) => ({ label: lineText(words, line), amount: lineAmount(line.amount) })),
      ...(note && { note }),
    },
  ];
}

/**
 * The visit's facts. `notesLabel` names the customer's note ("Your notes"; the team's notice says
 * "Customer's note"); `words` are the e-mail's language (the booking's; English for the team).
 */
export function visitFacts(
  booking: Booking,
  place: MailPlace,
  notesLabel?: string,
  words: MailWords = wordsFor(booking.locale),
): EmailFact[] {
  const { i18n } = words;
  const when = visitWhen(booking, place.timeZone, words);
  return [
    { label: i18n._("When"), value: when.day, note: when.arrive },
    serviceFact(booking, true, words),
    { label: i18n._("Vehicle"), value: vehicleWords(words, booking) },
    ...priceFacts(booking, formatPrice, words),
    whereFact(place, words),
    ...(booking.specialInstructions
      ? [{ label: notesLabel ?? i18n._("Your notes"), value: booking.specialInstructions }]
      : []),
    { label: i18n._("Status"), value: statusWords(words, booking.status) },
    { label: i18n._("Reference"), value: bookingReference(booking._id) },
  ];
}

const whereFact = (place: MailPlace, { i18n }: MailWords): EmailFact => ({
  label: i18n._("Where"),
  value: `${place.name}, ${place.address}`,
  link: { label: i18n._("Get directions"), href: directionsHref(place) },
});

export const business = (place: MailPlace) => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});
export const manageAction = (manageUrl: string, words: MailWords = ENGLISH) => ({
  label: words.i18n._("Manage your booking"),
  href: manageUrl,
});
/** The manage link inside a sentence: a link in HTML, its address in plain text (which has no button). */
export const manageLink = (manageUrl: string, label: string) => ({ label, href: manageUrl });
/** The manage link's address in the e-mail's language (/es/booking/manage/… in Spanish). */
export const manageHref = (words: MailWords, manageUrl: string, place: MailPlace) =>
  siteLink(words, manageUrl, place.publicUrl);

export function calendarFile(booking: Booking, place: MailPlace, now: Date, sequence: number) {
  return {
    filename: "booking.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: bookingCalendar(booking, place, now, sequence, calendarWords(wordsFor(booking.locale), booking, place)),
  };
}

export function email(to: string, subject: string, content: EmailContent, attachments?: Email["attachments"]): Email {
  return { to, subject, ...renderEmail(content), ...(attachments && { attachments }) };
}

export const firstName = (booking: Booking) => firstNameOf(booking.fullName);

/** To the customer, as soon as a request is stored (confirmed at once when staff booked it at the counter). */
export function bookingReceivedEmail(booking: Booking, place: MailPlace, now: Date, manageUrl: string): Email {
  const words = wordsFor(booking.locale);
  const { i18n } = words;
  const when = visitWhen(booking, place.timeZone, words);
  const confirmed = booking.status === "confirmed";
  const manage = manageHref(words, manageUrl, place);
  const values = { when: when.short, day: when.day, name: place.name, phone: place.phone };
  return email(
    booking.email,
    confirmed
      ? i18n._("Your booking is confirmed – {when}", values)
      : i18n._("We received your booking request – {when}", values),
    {
      preheader: confirmed
        ? i18n._("{day}: see you then.", values)
        : i18n._("{day}: we will confirm your slot shortly.", values),
      greeting: greeting(words, firstName(booking)),
      lead: [
        confirmed
          ? i18n._("Thank you for choosing {name}. We have booked you in.", values)
          : i18n._("Thank you for choosing {name}. We have your request and will confirm your slot shortly.", values),
      ],
      facts: visitFacts(booking, place),
      action: manageAction(manage, words),
      list: arrivalList(words),
      after: [
        confirmed
          ? i18n._("The attached calendar file puts it in your calendar.")
          : i18n._("The attached calendar file puts it in your calendar; we will send an update when we confirm."),
        [
          i18n._("To reschedule or cancel, "),
          manageLink(manage, i18n._("manage your booking")),
          i18n._(" or call us at {phone}.", values),
        ],
      ],
      lang: words.locale,
      business: business(place),
    },
    [calendarFile(booking, place, now, 0)],
  );
}

/** To the customer, the set number of hours before a visit that is still on. */
export function bookingReminderEmail(booking: Booking, place: MailPlace, manageUrl: string): Email {
  const words = wordsFor(booking.locale);
  const { i18n } = words;
  const when = visitWhen(booking, place.timeZone, words);
  const manage = manageHref(words, manageUrl, place);
  return email(booking.email, i18n._("Reminder: your visit on {when}", { when: when.short }), {
    preheader: `${when.day}. ${when.arrive}.`,
    greeting: greeting(words, firstName(booking)),
    lead: [i18n._("A reminder of your visit to {name}. We look forward to seeing you.", { name: place.name })],
    facts: visitFacts(booking, place),
    action: manageAction(manage, words),
    list: arrivalList(words),
    after: [
      [
        i18n._("Can't make it? "),
        manageLink(manage, i18n._("Reschedule or cancel")),
        i18n._(", or call us at {phone}.", { phone: place.phone }),
      ],
    ],
    lang: words.locale,
    business: business(place),
  });
}

const BUSINESS_NOTICES = {
  requested: {
    subject: "New booking request",
    lead: "A customer asked for a slot. Confirm it (or move it) in Manage Bookings.",
  },
  "cancelled by customer": {
    subject: "Booking cancelled by customer",
    lead: "The customer cancelled this booking; its bay is free again.",
  },
  "rescheduled by customer": {
    subject: "Booking rescheduled by customer",
    lead: "The customer moved this booking to the time below; its old bay is free again.",
  },
} as const;

export type BusinessNoticeKind = keyof typeof BUSINESS_NOTICES;

/** To the business's address: a new request to confirm, or a customer's own cancellation or move. */
export function businessNoticeEmail(booking: Booking, kind: BusinessNoticeKind, to: string, place: MailPlace): Email {
  const notice = BUSINESS_NOTICES[kind];
  const when = visitWhen(booking, place.timeZone);
  return email(to, `${notice.subject}: ${booking.fullName}, ${when.short}`, {
    preheader: notice.lead,
    greeting: "Hi team,",
    lead: [notice.lead],
    facts: [
      {
        label: "Customer",
        value: booking.fullName,
        note: `${booking.phone} · ${booking.email}`,
        // At the counter the next step is a call: one tap on a phone.
        link: { label: `Call ${booking.phone}`, href: telHref(booking.phone) },
      },
      ...visitFacts(booking, place, "Customer's note", ENGLISH).filter((f) => f.label !== "Where"),
    ],
    action: {
      label: "Open in Manage Bookings",
      href: `${place.publicUrl}/dashboard/manageBooking?q=${encodeURIComponent(booking.email)}`,
    },
    business: business(place),
  });
}

/** "Silver Honda CR-V", or the type in the middle of a sentence ("car", "SUV", "vehicle"; in Spanish "vehículo"). */
function vehicleInLead(booking: Booking, { i18n, locale }: MailWords): string {
  const name = bookingVehicleName(booking);
  if (name !== booking.vehicleType) return name;
  return locale === "en" ? vehicleInSentence(booking.vehicleType) : i18n._("vehicle");
}

/**
 * To the customer, when the team marks the car ready for pickup (once per booking), with when the
 * shop closes today (minutes after midnight; null on a day it is closed) so they know how long they have.
 */
export function carReadyEmail(booking: Booking, place: MailPlace, closesToday: number | null = null): Email {
  const words = wordsFor(booking.locale);
  const { i18n } = words;
  const values = {
    name: place.name,
    phone: place.phone,
    vehicle: vehicleInLead(booking, words),
    // "hasta las 6 p. m." ("la 1"): a Spanish hour takes its article.
    until: closesToday === null ? "" : timeInSentence(mailClock(closesToday, words.locale), words.locale),
  };
  const today =
    closesToday === null
      ? i18n._("Come and collect it whenever suits you today.")
      : i18n._("Come and collect it whenever suits you today: we're open until {until}.", values);
  return email(booking.email, i18n._("Your car is ready for pickup – {name}", values), {
    preheader:
      closesToday === null
        ? i18n._("Your car is ready: come and collect it whenever suits you today.")
        : i18n._("Your car is ready: come and collect it whenever suits you today: we're open until {until}.", values),
    greeting: greeting(words, firstName(booking)),
    lead: [
      i18n._("Your {vehicle} is ready for pickup at {name}.", values),
      `${today} ${i18n._("Pay at the counter when you arrive.")}`,
    ],
    facts: [
      serviceFact(booking, false, words),
      ...priceFacts(booking, (total) => i18n._("{total} to pay at the counter", { total: formatPrice(total) }), words),
      whereFact(place, words),
      { label: i18n._("Reference"), value: bookingReference(booking._id) },
    ],
    after: [i18n._("Questions? Call us at {phone}.", values)],
    lang: words.locale,
    business: business(place),
  });
}
