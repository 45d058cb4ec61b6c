import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";
import type { Email, Mailer } from "~/.server/mail/mailer";
import {
  bookingReceivedEmail,
  bookingReminderEmail,
  bookingUpdatedEmail,
  businessNoticeEmail,
  type BookingChange,
  type MailPlace,
} from "./booking-emails";

import type { Booking } from "./bookings.schema";
import { visitStart } from "./change-window";

/** The booking's transaction: every message is stored with the change that causes it, or neither is. */
type Tx = Pick<Database, "select" | "insert" | "delete">;

/**
 * The e-mails a booking sends: to the customer when it is requested and when its status, date or
 * slot changes, to the business's address when one is requested (or cancelled or moved by the
 * customer), and a reminder before the visit. They are written to the outbox inside the booking's
 * transaction; the outbox worker sends them after it commits.
 */
export function createBookingNotices(options: {
  mailer: Mailer;
  place: MailPlace;
  /** The business's address for its copies and the reminder's hours, read in the booking's transaction. */
  mailSettings(executor: Tx): Promise<{ notifyEmail: string; reminderHours: number }>;
  /** The booking's manage link, which every e-mail to its customer carries. */
  manageUrl(id: string): string;
  now?: () => Date;
}) {
  const { mailer, place, now = () => new Date() } = options;

  const store = (tx: Tx, bookingId: string, emails: Email[]) => mailer.send(emails, { executor: tx, bookingId });

  /**
   * The booking's one reminder, planned again after every change: withdrawn while it waits, then
   * written for the booking's time as it is now, unless it is cancelled, reminders are off, or the
   * moment has passed (a booking made or moved inside the reminder time gets none).
   */
  async function planReminder(tx: Tx, booking: Booking, hours: number, { replacing }: { replacing: boolean }) {
    if (replacing)
      await tx
        .delete(outbox)
        .where(and(eq(outbox.bookingId, booking._id), eq(outbox.kind, "reminder"), eq(outbox.state, "queued")));
    if (booking.status === "cancelled" || hours === 0) return;
    const at = new Date(visitStart(booking, place.timeZone).getTime() - hours * 3_600_000);
    if (at.getTime() <= now().getTime()) return;
    await mailer.send(bookingReminderEmail(booking, place, options.manageUrl(booking._id)), {
      executor: tx,
      bookingId: booking._id,
      kind: "reminder",
      sendAfter: at,
    });
  }

  return {
    async requested(tx: Tx, booking: Booking) {
      const { notifyEmail: business, reminderHours } = await options.mailSettings(tx);
      await store(tx, booking._id, [
        bookingReceivedEmail(booking, place, now(), options.manageUrl(booking._id)),
        ...(business ? [businessNoticeEmail(booking, "requested", business, place)] : []),
      ]);
      await planReminder(tx, booking, reminderHours, { replacing: false });
    },

    /** `sequence` orders the calendar file's versions: it must grow with every change. */
    async changed(tx: Tx, booking: Booking, change: BookingChange, by: "admin" | "customer", sequence: number) {
      // The business hears of what its customers change themselves; its own changes it knows.
      const kind =
        by !== "customer"
          ? null
          : booking.status === "cancelled"
            ? ("cancelled by customer" as const)
            : change.slot || change.date
              ? ("rescheduled by customer" as const)
              : null;
      const { notifyEmail: business, reminderHours } = await options.mailSettings(tx);
      await store(tx, booking._id, [
        bookingUpdatedEmail(booking, change, place, now(), sequence, options.manageUrl(booking._id)),
        ...(kind && business ? [businessNoticeEmail(booking, kind, business, place)] : []),
      ]);
      await planReminder(tx, booking, reminderHours, { replacing: true });
    },
  };
}

export type BookingNotices = ReturnType<typeof createBookingNotices>;
