import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { PROMO_CODE, PROMO_PERCENT, type Booking } from "./bookings.schema";
import {
  bookingCancelledEmail,
  bookingClosureEmail,
  bookingConfirmedEmail,
  bookingMovedEmail,
  storedUpdateEmail,
  type CancelledInput,
  type ClosureInput,
  type ConfirmedInput,
  type MovedInput,
  type UpdatedInput,
} from "./booking-change-emails";
import {
  bookingReceivedEmail,
  bookingReminderEmail,
  businessNoticeEmail,
  type BusinessNoticeKind,
  type MailPlace,
} from "./booking-emails";
import { toldArrival } from "./visit-text";
import { promoLineLabel } from "~/lib/price-lines";

/**
 * A booking's e-mails as they are stored: what each needs (the booking as it was, the moment, the
 * manage link, who changed it and its old time), written out by these templates when the message is
 * sent or shown. The business's details are the site's own at that moment (a reminder sent after a
 * move of premises gives the new address). The names are a stored API (decision 023): a template is
 * kept while messages naming it may wait or be shown, see MessageTemplates.
 */
export function bookingTemplates(place: MailPlace) {
  return {
    "booking-received": (d: { booking: Booking; at: string; manageUrl: string }) =>
      bookingReceivedEmail(stored(d.booking), place, new Date(d.at), d.manageUrl),
    "booking-confirmed": (d: ConfirmedInput) => bookingConfirmedEmail(withStored(d), place),
    "booking-moved": (d: MovedInput) => bookingMovedEmail(withStored(d), place),
    "booking-cancelled": (d: CancelledInput) => bookingCancelledEmail(withStored(d), place),
    // The booking's day was closed: choose a new time (issue 29).
    "booking-closure": (d: ClosureInput) => bookingClosureEmail(withStored(d), place),
    // Before the three above, every change was stored under this name; still used for a change that
    // is none of them (a booking back to waiting for confirmation).
    "booking-updated": (d: UpdatedInput) => storedUpdateEmail(withStored(d), place),
    "booking-reminder": (d: { booking: Booking; manageUrl: string }) =>
      bookingReminderEmail(stored(d.booking), place, d.manageUrl),
    "booking-business-notice": (d: { booking: Booking; kind: BusinessNoticeKind }, to: string) =>
      businessNoticeEmail(stored(d.booking), d.kind, to, place),
  } satisfies MessageTemplates;
}

/**
 * A booking as a stored message holds it. Messages stored before visits were priced by the vehicle
 * (issue 27) have no lines, total or vehicle: they get the lines migration 0018 gave their bookings
 * (the package's price, then WASH5's discount), so a waiting reminder still gives the price. Those
 * stored before a booking said the window it must arrive in (issue 43) say its slot's hours, as
 * they did when stored.
 */
export function stored(message: Booking): Booking {
  const arrived = message.arrival === undefined ? { ...message, arrival: toldArrival(message) } : message;
  // Stored before a booking kept its customer's language (issue 49): English, as it was written then.
  const booking = arrived.locale === undefined ? { ...arrived, locale: "en" as const } : arrived;
  if (Array.isArray(booking.lines)) return booking;
  const priced = booking.packagePrice !== null && booking.packageName !== null;
  return {
    ...booking,
    lines: priced
      ? [
          { label: booking.packageName!, amount: booking.packagePrice! },
          ...(booking.discount > 0
            ? [{ kind: "promo" as const, label: promoLineLabel(PROMO_CODE, PROMO_PERCENT), amount: -booking.discount }]
            : []),
        ]
      : [],
    total: priced ? booking.finalPrice : null,
    sizeClass: null,
    addOns: [],
    vehicleId: null,
    vehicleMake: "",
    vehicleModel: "",
    vehicleColor: "",
    vehiclePlate: "",
  };
}
const withStored = <T extends { booking: Booking }>(d: T): T => ({ ...d, booking: stored(d.booking) });
type BookingTemplates = ReturnType<typeof bookingTemplates>;

/** A booking e-mail to store: its template's name and input, checked against the template. */
export function bookingMessage<K extends keyof BookingTemplates>(
  template: K,
  to: string,
  data: Parameters<BookingTemplates[K]>[0],
): TemplatedEmail {
  return { to, template, data };
}
