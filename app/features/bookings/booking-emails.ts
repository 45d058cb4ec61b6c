import type { Email } from "~/.server/mail/mailer";
import { bookingCalendar, slotInterval, type CalendarPlace } from "./booking-calendar";
import { displayStatus, packageLabel, type Booking } from "./bookings.schema";

/** What the e-mails say about the business, and where customers and staff follow links to. */
export interface MailPlace extends CalendarPlace {
  publicUrl: string;
}

/** What changed in an admin's (or the customer's) update, as the e-mail tells it. */
export interface BookingChange {
  status: boolean;
  slot: boolean;
  date: boolean;
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "Sunday, November 22, 2026, 09:00–11:00 Eastern Standard Time": the slot on the business's clock. */
export function whenText(booking: Pick<Booking, "preferredDate" | "preferredTimeSlot">, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${booking.preferredDate}T12:00:00Z`),
  );
  const interval = slotInterval(booking.preferredDate, booking.preferredTimeSlot, timeZone);
  if (!interval) return `${day}, any time that day (we will call to agree the time)`;
  const zone = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
    .formatToParts(interval.start)
    .find((p) => p.type === "timeZoneName");
  return `${day}, ${booking.preferredTimeSlot} ${zone?.value ?? timeZone}`;
}

/** "Mon, Nov 23, 09:00–11:00": the slot for a subject line (times are always the business's). */
function shortWhen(booking: Booking): string {
  const day = new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${booking.preferredDate}T12:00:00Z`));
  return `${day}, ${booking.preferredTimeSlot}`;
}

function details(booking: Booking, place: MailPlace): string[] {
  const price =
    booking.packagePrice === null
      ? ""
      : booking.discount > 0
        ? ` (${money.format(booking.packagePrice)}, ${booking.promoCode} −${money.format(booking.discount)}: ${money.format(booking.finalPrice ?? booking.packagePrice)})`
        : ` (${money.format(booking.packagePrice)})`;
  return [
    `When: ${whenText(booking, place.timeZone)}`,
    `Service: ${booking.serviceType}`,
    ...(booking.packageName !== null || price ? [`Package: ${packageLabel(booking)}${price}`] : []),
    `Vehicle: ${booking.vehicleType}${booking.vehicleYear ? ` (${booking.vehicleYear})` : ""}`,
    ...(booking.specialInstructions ? [`Your notes: ${booking.specialInstructions}`] : []),
    `Status: ${displayStatus(booking.status)}`,
  ];
}

function signature(place: MailPlace): string[] {
  return ["", place.name, place.address, place.phone];
}

function calendarFile(booking: Booking, place: MailPlace, now: Date, sequence: number) {
  return {
    filename: "booking.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: bookingCalendar(booking, place, now, sequence),
  };
}

/** The booking's own page, where its holder sees, reschedules or cancels it without an account. */
const manageLine = (manageUrl: string) => `Manage your booking: ${manageUrl}`;

/** To the customer, as soon as a request is stored. */
export function bookingReceivedEmail(booking: Booking, place: MailPlace, now: Date, manageUrl: string): Email {
  return {
    to: booking.email,
    subject: `We received your booking request – ${shortWhen(booking)}`,
    text: [
      `Hi ${booking.fullName},`,
      "",
      `Thank you for choosing ${place.name}. We have your request and will confirm your slot shortly.`,
      "",
      ...details(booking, place),
      "",
      "The attached calendar file puts it in your calendar; we will send an update when we confirm.",
      "To reschedule or cancel, open the link below or call us.",
      manageLine(manageUrl),
      ...signature(place),
    ].join("\n"),
    attachments: [calendarFile(booking, place, now, 0)],
  };
}

/** To the customer, after a confirmation, a cancellation or a new time slot. */
export function bookingUpdatedEmail(
  booking: Booking,
  change: BookingChange,
  place: MailPlace,
  now: Date,
  sequence: number,
  manageUrl: string,
): Email {
  const when = shortWhen(booking);
  const moved = change.slot || change.date;
  const headline =
    booking.status === "cancelled"
      ? {
          subject: `Your booking was cancelled – ${when}`,
          lead: "Your booking has been cancelled. If that is a surprise, please call us.",
        }
      : booking.status === "confirmed" && change.status
        ? {
            subject: `Your booking is confirmed${moved ? " for a new time" : ""} – ${when}`,
            lead: `Good news: your booking is confirmed${moved ? " for the time below (it has changed)" : ""}. We look forward to seeing you.`,
          }
        : moved
          ? { subject: `Your booking has a new time – ${when}`, lead: "We have moved your booking to the time below." }
          : { subject: `Your booking was updated – ${when}`, lead: "We have updated your booking." };
  return {
    to: booking.email,
    subject: headline.subject,
    text: [
      `Hi ${booking.fullName},`,
      "",
      headline.lead,
      "",
      ...details(booking, place),
      "",
      booking.status === "cancelled"
        ? "The attached calendar file removes it from your calendar."
        : "The attached calendar file updates it in your calendar.",
      manageLine(manageUrl),
      ...signature(place),
    ].join("\n"),
    attachments: [calendarFile(booking, place, now, sequence)],
  };
}

const BUSINESS_NOTICES = {
  requested: {
    subject: "New booking request",
    lead: "A customer asked for a slot. Confirm it (or move it) in Manage Bookings:",
  },
  "cancelled by customer": {
    subject: "Booking cancelled by customer",
    lead: "The customer cancelled this booking; its bay is free again:",
  },
  "rescheduled by customer": {
    subject: "Booking rescheduled by customer",
    lead: "The customer moved this booking to the time below; its old bay is free again:",
  },
} as const;

/** To the business's address: a new request to confirm, or a customer's own cancellation or move. */
export function businessNoticeEmail(
  booking: Booking,
  kind: keyof typeof BUSINESS_NOTICES,
  to: string,
  place: MailPlace,
): Email {
  const notice = BUSINESS_NOTICES[kind];
  return {
    to,
    subject: `${notice.subject}: ${booking.fullName}, ${shortWhen(booking)}`,
    text: [
      notice.lead,
      `${place.publicUrl}/dashboard/manageBooking?q=${encodeURIComponent(booking.email)}`,
      "",
      `Customer: ${booking.fullName}, ${booking.phone}, ${booking.email}`,
      ...details(booking, place),
    ].join("\n"),
  };
}
