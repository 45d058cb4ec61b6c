import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import { businessToday } from "~/lib/business-date";
import { notFound } from "~/lib/app-error";
import type { Database } from "~/.server/db/client";
import { GUEST } from "~/.server/audit/audit-log";
import { bookings, closedDates } from "~/.server/db/schema";
import { bookingCalendar } from "../booking-calendar";
import { cancelling, CANCELLED_MEANWHILE, type ChangeMethods } from "../booking-changes.server";
import {
  currentSequence,
  needsNewTimeSql,
  toBooking,
  withManageToken,
  type BookingRowRead,
} from "../booking-rows.server";
import type { BookingStatus } from "../bookings.schema";
import type { BookingServiceOptions } from "../booking-context";
import { ALREADY_CANCELLED, customerChangeRule, customerRescheduleRule } from "../change-window";

/** A change through the link is the customer's own; the record names the link, not an account. */
const BY_LINK = { by: "customer", who: GUEST } as const;

/**
 * The customer's side of a booking, reached by its manage link: see it, cancel it, move it, and
 * download its calendar file. The link is the holder's key: no account is needed, and the same
 * rules as My Bookings apply (the change window, a place to move to).
 */
export function createManageByToken(
  db: Database,
  { settings, timeZone, links, place }: Pick<BookingServiceOptions, "settings" | "timeZone" | "links" | "place">,
  { saveChange, customerDecision }: Pick<ChangeMethods, "saveChange" | "customerDecision">,
) {
  /**
   * The booking a manage link names. A token the server did not sign, one whose booking is gone, and
   * one whose customer's details were removed (decision 036: it is no longer theirs) are all "not
   * found": a guess learns nothing.
   */
  async function bookingByToken(token: string): Promise<BookingRowRead> {
    const id = links.bookingIdFromToken(token);
    const [row] = id
      ? await db
          .select({ ...getTableColumns(bookings), needsNewTime: needsNewTimeSql(businessToday(timeZone)) })
          .from(bookings)
          .where(and(eq(bookings.id, id), isNull(bookings.personalDataRemovedAt)))
      : [];
    if (!row) throw notFound("Booking");
    return row;
  }

  return {
    /**
     * The booking a manage link names, and whether its holder may still change it: canChange for
     * both, canReschedule alone for a booking whose day has been closed (then closedReason says why).
     */
    async findByManageToken(token: string) {
      const row = await bookingByToken(token);
      const [windowHours, shop] = await Promise.all([settings.cancelWindowHours(), settings.shopHours()]);
      const booking = toBooking(row, shop);
      const options = { windowHours, timeZone, now: new Date() };
      const rule = customerChangeRule(booking, options);
      const needsNewTime = row.needsNewTime === true;
      const closedReason = needsNewTime
        ? ((
            await db
              .select({ reason: closedDates.reason })
              .from(closedDates)
              .where(eq(closedDates.date, row.preferredDate))
          )[0]?.reason ?? "")
        : null;
      return {
        booking: withManageToken(links, booking),
        canChange: rule.canChange,
        canReschedule: customerRescheduleRule(booking, options, needsNewTime).canChange,
        changeDeadline: rule.deadline?.toISOString() ?? null,
        ...(rule.reason !== undefined && { reason: rule.reason }),
        ...(closedReason !== null && { closedReason }),
      };
    },

    /** The manage link's Cancel: as the customer's own cancellation. */
    async cancelByManageToken(token: string) {
      const { id } = await bookingByToken(token);
      return saveChange({ id }, await customerDecision(cancelling, ALREADY_CANCELLED), BY_LINK);
    },

    /**
     * The manage link's Reschedule: the booking moves to another date and slot in one transaction
     * (saveChange), within the window, to an open date and a slot still to come with a place left.
     */
    async rescheduleByManageToken(token: string, to: { preferredDate: string; preferredTimeSlot: string }) {
      const { id } = await bookingByToken(token);
      const decide = await customerDecision(
        (current) => ({ status: current.status as BookingStatus, ...to }),
        CANCELLED_MEANWHILE,
        "reschedule",
      );
      return saveChange({ id }, decide, BY_LINK);
    },

    /** The booking's calendar file as the e-mails last sent it: same UID, the current SEQUENCE. */
    async calendarByManageToken(token: string) {
      const row = await bookingByToken(token);
      const booking = toBooking(row, await settings.shopHours());
      return {
        filename: `${fileSlug(place.name)}-booking-${row.preferredDate}.ics`,
        content: bookingCalendar(booking, place, new Date(), currentSequence(row)),
      };
    },
  };
}

/** "Sparkle Auto Spa" → "sparkle-auto-spa": a name safe in a download's file name. */
const fileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "booking";
