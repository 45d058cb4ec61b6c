import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookings, closedDates, outbox } from "~/.server/db/schema";
import type { Mailer, OutgoingEmail } from "~/.server/mail/mailer";
import { queueOnceIn } from "~/.server/mail/queue-once";
import type { ChangedFields, MailPlace } from "./booking-emails";
import type { ChangedBy, ClosureNote, VisitTime } from "./booking-change-emails";
import { bookingMessage } from "./booking-templates";

import type { BookingRules } from "./settings/booking-settings.server";
import type { Booking } from "./bookings.schema";
import { visitStart } from "./change-window";

/** The booking's transaction: every message is stored with the change that causes it, or neither is. */
type Tx = Pick<Database, "select" | "insert" | "delete">;
/** What changed, and the date and window the booking had before (a move's e-mail names both). */
export type BookingChange = ChangedFields & { from: VisitTime };
/** What the e-mails need of the settings: the transaction has them when it claimed a place. */
type MailRules = Pick<BookingRules, "notifyEmail" | "reminderHours">;

/**
 * The e-mails a booking sends: to the customer when it is requested and when its status, date or
 * slot changes, to the business's address when one is requested (or cancelled or moved by the
 * customer), and a reminder before the visit. They are written to the outbox inside the booking's
 * transaction; the outbox worker sends them after it commits.
 */
export function createBookingNotices(options: {
  mailer: Mailer;
  place: MailPlace;
  /** The business's address for its copies and the reminder's hours: the booking rules, through the transaction when not kept. */
  rules(executor: Tx): Promise<MailRules>;
  /** The booking's manage link, which every e-mail to its customer carries. */
  manageUrl(id: string): string;
  now?: () => Date;
}) {
  const { mailer, place, now = () => new Date() } = options;

  const store = (tx: Tx, bookingId: string, emails: OutgoingEmail[]) =>
    mailer.send(emails, { executor: tx, bookingId });

  /**
   * The booking's one reminder, for its time as it is now: none when it is cancelled, reminders are
   * off, or the moment has passed (a booking made or moved inside the reminder time gets none).
   */
  function reminder(booking: Booking, hours: number): OutgoingEmail[] {
    if (booking.status === "cancelled" || hours === 0) return [];
    const at = new Date(visitStart(booking, place.timeZone).getTime() - hours * 3_600_000);
    if (at.getTime() <= now().getTime()) return [];
    const data = { booking, manageUrl: options.manageUrl(booking._id) };
    return [{ ...bookingMessage("booking-reminder", booking.email, data), kind: "reminder", sendAfter: at }];
  }

  /** The customer's e-mail of a change: the template of the event, with who made it and the old time. */
  function changeMessage(
    booking: Booking,
    change: BookingChange,
    by: ChangedBy,
    sequence: number,
    closure: ClosureNote | undefined,
  ) {
    const input = { booking, at: now().toISOString(), sequence, manageUrl: options.manageUrl(booking._id) };
    const moved = change.slot || change.date;
    const to = booking.email;
    if (booking.status === "cancelled")
      return bookingMessage("booking-cancelled", to, { ...input, by, ...(closure && { closure }) });
    if (booking.status === "confirmed" && change.status)
      return bookingMessage("booking-confirmed", to, { ...input, ...(moved && { from: change.from }) });
    if (moved) return bookingMessage("booking-moved", to, { ...input, from: change.from, by });
    const { from: _, ...fields } = change;
    return bookingMessage("booking-updated", to, { ...input, change: fields });
  }

  return {
    /**
     * The e-mails asking each booking's customer to choose a new time, their day being closed
     * (issue 29), in the closure's transaction: each booking's once ever for that date (its key in
     * sent_follow_ups), however often the date is closed or the request is sent. Answers how many
     * were queued.
     */
    async closed(tx: Tx, closedBookings: Booking[], closure: ClosureNote): Promise<number> {
      return queueOnceIn(
        tx,
        mailer,
        closedBookings
          .filter((booking) => booking.email)
          .map((booking) => ({
            key: `closure:${booking.preferredDate}:${booking._id}`,
            bookingId: booking._id,
            email: bookingMessage("booking-closure", booking.email, {
              booking,
              closure,
              manageUrl: options.manageUrl(booking._id),
            }),
          })),
      );
    },

    /**
     * The messages a new request sends (its notices and reminder), made from `booking`, as the
     * outbox rows that store them: the booking's own insert writes them with itself. The business
     * hears of a request it must confirm; one confirmed at once (staff's at the counter, a held
     * waitlist place taken) it has nothing to do about, and the board shows it.
     */
    requestMessages(booking: Booking, rules: MailRules) {
      const { notifyEmail: business, reminderHours } = rules;
      return mailer.rows(
        [
          bookingMessage("booking-received", booking.email, {
            booking,
            at: now().toISOString(),
            manageUrl: options.manageUrl(booking._id),
          }),
          ...(business && booking.status === "pending"
            ? [bookingMessage("booking-business-notice", business, { booking, kind: "requested" })]
            : []),
          ...reminder(booking, reminderHours),
        ],
        { bookingId: booking._id },
      );
    },

    /** `sequence` orders the calendar file's versions: it must grow with every change. */
    async changed(
      tx: Tx,
      booking: Booking,
      change: BookingChange,
      by: "admin" | "customer",
      sequence: number,
      rules?: MailRules,
      closure?: ClosureNote,
    ) {
      // The business hears of what its customers change themselves; its own changes it knows.
      const kind =
        by !== "customer"
          ? null
          : booking.status === "cancelled"
            ? ("cancelled by customer" as const)
            : change.slot || change.date
              ? ("rescheduled by customer" as const)
              : null;
      const { notifyEmail: business, reminderHours } = rules ?? (await options.rules(tx));
      // The reminder is planned again after every change: the one waiting is withdrawn first.
      await tx
        .delete(outbox)
        .where(and(eq(outbox.bookingId, booking._id), eq(outbox.kind, "reminder"), eq(outbox.state, "queued")));
      await store(tx, booking._id, [
        changeMessage(booking, change, by === "customer" ? "customer" : "staff", sequence, closure),
        ...(kind && business ? [bookingMessage("booking-business-notice", business, { booking, kind })] : []),
        ...reminder(booking, reminderHours),
      ]);
    },
  };
}

export type BookingNotices = ReturnType<typeof createBookingNotices>;

/**
 * The outbox rows the worker holds back (outbox-worker.ts `held`): a reminder of a visit on a day
 * the shop has closed. Held, not deleted: reopening the day lets it go at its time; moving the
 * booking plans a new one (changed, above); cancelling it withdraws it.
 */
export const heldOutboxRows = sql<boolean>`(${outbox.kind} = 'reminder' and exists (select 1 from ${bookings} join ${closedDates} on ${closedDates.date} = ${bookings.preferredDate} where ${bookings.id} = ${outbox.bookingId}))`;
