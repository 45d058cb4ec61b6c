import { firstName as firstNameOf } from "~/lib/person-name";
import type { Email } from "~/.server/mail/mailer";
import { renderEmail, type EmailContent, type EmailFact } from "~/.server/mail/email-layout";
import { boundedMemo } from "~/lib/bounded-memo";
import { zoneName } from "~/lib/business-date";
import { formatPrice } from "~/lib/money";
import { ARRIVAL_NOTES } from "~/lib/arrival-notes";
import { directionsHref, telHref } from "~/lib/site-config";
import { bookingCalendar, slotInterval, type CalendarPlace } from "./booking-calendar";
import { displayStatus, type Arrival, type Booking } from "./bookings.schema";
import { arriveBetween, arrivalText, bookingReference, friendlyDate, lengthAndFinish, toldArrival } from "./visit-text";
import { bookingVehicleName, isPriced, lineAmount, priceNote, vehicleText } from "./visit-summary";
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
function visitZoneName(booking: Pick<Booking, "preferredDate">, timeZone: string): string {
  return zoneName(timeZone, slotInterval(booking.preferredDate, "09:00–11:00", timeZone)?.start ?? new Date());
}

/** A visit's time as a stored e-mail holds it: `arrival` is missing in those stored before issue 43. */
export type StoredVisit = Pick<Booking, "preferredDate" | "preferredTimeSlot"> & { arrival?: Arrival | null };

/**
 * "Sat, Nov 28" and "Arrive between 11 AM–12:35 PM (Eastern Standard Time)", or the Anytime words:
 * the window the car must arrive in, as the booking says it (visit-text.ts).
 */
export function visitWhen(visit: StoredVisit, timeZone: string): VisitWhen {
  const arrival = toldArrival(visit);
  // Each of a booking's e-mails says it: worked out once per date, window and zone.
  const key = `${timeZone} ${visit.preferredDate} ${arrival ? `${arrival.start}–${arrival.end}` : "any"}`;
  return visitWhens.get(key, () => describeVisitWhen(visit.preferredDate, arrival, timeZone));
}
type VisitWhen = { day: string; arrive: string; short: string };
const visitWhens = boundedMemo<VisitWhen>(1_000);

function describeVisitWhen(date: string, arrival: Arrival | null, timeZone: string): VisitWhen {
  return {
    day: friendlyDate(date),
    arrive: arrival
      ? `${arriveBetween(arrival)} (${visitZoneName({ preferredDate: date }, timeZone)})`
      : "Any time that day (we will call to agree the time)",
    short: `${friendlyDate(date).replace(/^(\w{3})\w*, (\w{3})\w*/, "$1, $2")}, ${arrival ? arrivalText(arrival) : "any time"}`,
  };
}

/** "Full Detail · Platinum Full Detail", with how long it takes and when it should be ready under it. */
export function serviceFact(booking: Booking, withLength = true): EmailFact {
  const value = booking.packageName ? `${booking.serviceType} · ${booking.packageName}` : booking.serviceType;
  return withLength ? { label: "Service", value, note: lengthAndFinish(booking) } : { label: "Service", value };
}

/**
 * "Price: $249.84" with the lines under it (the package or service for the vehicle's class, each
 * add-on, WASH5), as the booking stored them; nothing for a booking with no price.
 */
export function priceFacts(booking: Booking, total = formatPrice): EmailFact[] {
  if (!isPriced(booking)) return [];
  const note = priceNote(booking);
  return [
    {
      label: "Price",
      value: total(booking.total),
      rows: booking.lines.map((line) => ({ label: line.label, amount: lineAmount(line.amount) })),
      ...(note && { note }),
    },
  ];
}

export function visitFacts(booking: Booking, place: MailPlace, notesLabel: string): EmailFact[] {
  const when = visitWhen(booking, place.timeZone);
  return [
    { label: "When", value: when.day, note: when.arrive },
    serviceFact(booking),
    { label: "Vehicle", value: vehicleText(booking) },
    ...priceFacts(booking),
    {
      label: "Where",
      value: `${place.name}, ${place.address}`,
      link: { label: "Get directions", href: directionsHref(place) },
    },
    ...(booking.specialInstructions ? [{ label: notesLabel, value: booking.specialInstructions }] : []),
    { label: "Status", value: displayStatus(booking.status) },
    { label: "Reference", value: bookingReference(booking._id) },
  ];
}

export const business = (place: MailPlace) => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});
export const manageAction = (manageUrl: string) => ({ label: "Manage your booking", href: manageUrl });
/** The manage link inside a sentence: a link in HTML, its address in plain text (which has no button). */
export const manageLink = (manageUrl: string, label = "manage your booking") => ({ label, href: manageUrl });
export const arrival = { heading: "When you arrive", items: [...ARRIVAL_NOTES] };

export function calendarFile(booking: Booking, place: MailPlace, now: Date, sequence: number) {
  return {
    filename: "booking.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: bookingCalendar(booking, place, now, sequence),
  };
}

export function email(to: string, subject: string, content: EmailContent, attachments?: Email["attachments"]): Email {
  return { to, subject, ...renderEmail(content), ...(attachments && { attachments }) };
}

export const firstName = (booking: Booking) => firstNameOf(booking.fullName);

/** To the customer, as soon as a request is stored (confirmed at once when staff booked it at the counter). */
export function bookingReceivedEmail(booking: Booking, place: MailPlace, now: Date, manageUrl: string): Email {
  const when = visitWhen(booking, place.timeZone);
  const confirmed = booking.status === "confirmed";
  return email(
    booking.email,
    confirmed ? `Your booking is confirmed – ${when.short}` : `We received your booking request – ${when.short}`,
    {
      preheader: confirmed ? `${when.day}: see you then.` : `${when.day}: we will confirm your slot shortly.`,
      greeting: `Hi ${firstName(booking)},`,
      lead: [
        confirmed
          ? `Thank you for choosing ${place.name}. We have booked you in.`
          : `Thank you for choosing ${place.name}. We have your request and will confirm your slot shortly.`,
      ],
      facts: visitFacts(booking, place, "Your notes"),
      action: manageAction(manageUrl),
      list: arrival,
      after: [
        confirmed
          ? "The attached calendar file puts it in your calendar."
          : "The attached calendar file puts it in your calendar; we will send an update when we confirm.",
        ["To reschedule or cancel, ", manageLink(manageUrl), ` or call us at ${place.phone}.`],
      ],
      business: business(place),
    },
    [calendarFile(booking, place, now, 0)],
  );
}

/** To the customer, the set number of hours before a visit that is still on. */
export function bookingReminderEmail(booking: Booking, place: MailPlace, manageUrl: string): Email {
  const when = visitWhen(booking, place.timeZone);
  return email(booking.email, `Reminder: your visit on ${when.short}`, {
    preheader: `${when.day}. ${when.arrive}.`,
    greeting: `Hi ${firstName(booking)},`,
    lead: [`A reminder of your visit to ${place.name}. We look forward to seeing you.`],
    facts: visitFacts(booking, place, "Your notes"),
    action: manageAction(manageUrl),
    list: arrival,
    after: [["Can't make it? ", manageLink(manageUrl, "Reschedule or cancel"), `, or call us at ${place.phone}.`]],
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
      ...visitFacts(booking, place, "Customer's note").filter((f) => f.label !== "Where"),
    ],
    action: {
      label: "Open in Manage Bookings",
      href: `${place.publicUrl}/dashboard/manageBooking?q=${encodeURIComponent(booking.email)}`,
    },
    business: business(place),
  });
}

/** "Silver Honda CR-V", or the type in the middle of a sentence ("car", "SUV", "vehicle"). */
function vehicleInLead(booking: Booking): string {
  const name = bookingVehicleName(booking);
  return name === booking.vehicleType ? vehicleInSentence(booking.vehicleType) : name;
}

/**
 * To the customer, when the team marks the car ready for pickup (once per booking), with when the
 * shop closes today ("6 PM"; null on a day it is closed) so they know how long they have.
 */
export function carReadyEmail(booking: Booking, place: MailPlace, closesToday: string | null = null): Email {
  const until = closesToday ? `: we're open until ${closesToday}` : "";
  return email(booking.email, `Your car is ready for pickup – ${place.name}`, {
    preheader: `Your car is ready: come and collect it whenever suits you today${until}.`,
    greeting: `Hi ${firstName(booking)},`,
    lead: [
      `Your ${vehicleInLead(booking)} is ready for pickup at ${place.name}.`,
      `Come and collect it whenever suits you today${until}. Pay at the counter when you arrive.`,
    ],
    facts: [
      serviceFact(booking, false),
      ...priceFacts(booking, (total) => `${formatPrice(total)} to pay at the counter`),
      {
        label: "Where",
        value: `${place.name}, ${place.address}`,
        link: { label: "Get directions", href: directionsHref(place) },
      },
      { label: "Reference", value: bookingReference(booking._id) },
    ],
    after: [`Questions? Call us at ${place.phone}.`],
    business: business(place),
  });
}
