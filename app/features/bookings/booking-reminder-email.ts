import type { Email } from "~/.server/mail/mailer";
import { directionsHref } from "~/lib/site-config";
import type { MailPlace } from "./booking-emails";
import { packageLabel, type Booking } from "./bookings.schema";
import { arrivalWindow, friendlyDate } from "./visit-text";

/** "Saturday, November 28, 11 AM–1 PM" (or "any time that day"): the visit as a person says it. */
function visitWhen(booking: Pick<Booking, "preferredDate" | "preferredTimeSlot">): string {
  const window = arrivalWindow(booking.preferredTimeSlot);
  // arrivalWindow leaves 'Anytime' as it is.
  return `${friendlyDate(booking.preferredDate)}, ${/\d/.test(window) ? window : "any time that day"}`;
}

/** To the customer, the set number of hours before a visit that is still on. */
export function bookingReminderEmail(booking: Booking, place: MailPlace, manageUrl: string): Email {
  const when = visitWhen(booking);
  return {
    to: booking.email,
    subject: `Reminder: your visit on ${when}`,
    text: [
      `Hi ${booking.fullName},`,
      "",
      `A reminder of your visit to ${place.name}:`,
      "",
      `When: ${when}`,
      `Service: ${booking.serviceType}`,
      ...(booking.packageName !== null ? [`Package: ${packageLabel(booking)}`] : []),
      `Vehicle: ${booking.vehicleType}${booking.vehicleYear ? ` (${booking.vehicleYear})` : ""}`,
      `Where: ${place.address}`,
      `Directions: ${directionsHref(place)}`,
      "",
      "Can't make it? Reschedule or cancel here, or call us:",
      `Manage your booking: ${manageUrl}`,
      "",
      place.name,
      place.address,
      place.phone,
    ].join("\n"),
  };
}
