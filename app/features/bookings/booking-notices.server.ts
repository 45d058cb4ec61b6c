import type { Mailer } from "~/.server/mail/mailer";
import {
  bookingReceivedEmail,
  bookingUpdatedEmail,
  businessNoticeEmail,
  type BookingChange,
  type MailPlace,
} from "./booking-emails";
import type { Booking } from "./bookings.schema";

/**
 * The e-mails a booking sends: to the customer when it is requested and when its status, date or
 * slot changes, to the business's address when one is requested (or cancelled or moved by the customer).
 * They go out after the booking is committed; a mail failure is logged and never undoes a booking.
 */
export function createBookingNotices(options: {
  mailer: Mailer;
  place: MailPlace;
  notifyEmail(): Promise<string>;
  /** The booking's manage link, which every e-mail to its customer carries. */
  manageUrl(id: string): string;
}) {
  const { mailer, place } = options;

  async function sendAll(emails: Parameters<Mailer["send"]>[0][]) {
    for (const email of emails) {
      try {
        await mailer.send(email);
      } catch (error) {
        console.error(
          `Booking e-mail "${email.subject}" to ${email.to} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  return {
    async requested(booking: Booking) {
      const business = await options.notifyEmail();
      await sendAll([
        bookingReceivedEmail(booking, place, new Date(), options.manageUrl(booking._id)),
        ...(business ? [businessNoticeEmail(booking, "requested", business, place)] : []),
      ]);
    },

    /** `sequence` orders the calendar file's versions: it must grow with every change. */
    async changed(booking: Booking, change: BookingChange, by: "admin" | "customer", sequence: number) {
      // The business hears of what its customers change themselves; its own changes it knows.
      const kind =
        by !== "customer"
          ? null
          : booking.status === "cancelled"
            ? ("cancelled by customer" as const)
            : change.slot || change.date
              ? ("rescheduled by customer" as const)
              : null;
      const business = kind ? await options.notifyEmail() : "";
      await sendAll([
        bookingUpdatedEmail(booking, change, place, new Date(), sequence, options.manageUrl(booking._id)),
        ...(kind && business ? [businessNoticeEmail(booking, kind, business, place)] : []),
      ]);
    },
  };
}

export type BookingNotices = ReturnType<typeof createBookingNotices>;
