import { and, asc, eq, ne } from "drizzle-orm";
import { requireJob, type Actor } from "~/lib/access";
import { log } from "~/.server/log";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import type { Database } from "~/.server/db/client";
import { bookings, closedDates } from "~/.server/db/schema";
import type { ChangeMethods } from "./booking-changes.server";
import { toBooking } from "./booking-rows.server";
import { dateWithYear } from "./visit-text";
import type { BookingServiceOptions } from "./booking-context";
import type { CloseDate } from "./settings/booking-settings.schema";

/**
 * Closing a date that has bookings (issue 29): in one transaction the date is closed and its live
 * bookings, locked, are either asked to choose a new time (one e-mail each, once ever for that
 * date; they need a new time until they move or the date reopens: booking-rows.server.ts
 * needsNewTimeSql) or cancelled as an admin cancels, their e-mails giving the closure's reason.
 */
export function createClosures(
  db: Database,
  { settings, notices, dayClosed }: Pick<BookingServiceOptions, "settings" | "notices" | "dayClosed">,
  { applyChange }: Pick<ChangeMethods, "applyChange">,
) {
  return {
    async closeDate(actor: Actor | null, closure: CloseDate) {
      const who = auditActor(requireJob(actor, "bookingSettings"));
      const { date, reason, message } = closure;
      const choice = closure.bookings ?? "reschedule";
      const note = { reason, ...(message && { message }) };
      const answer = await db.transaction(async (tx) => {
        // A new closure, or the one there (waited for if another request is closing it now) and its reason.
        const [added] = await tx.insert(closedDates).values({ date, reason }).onConflictDoNothing().returning();
        const [was] = added ? [] : await tx.select().from(closedDates).where(eq(closedDates.date, date)).for("update");
        if (!added)
          await tx
            .insert(closedDates)
            .values({ date, reason })
            .onConflictDoUpdate({ target: closedDates.date, set: { reason } });
        // Sent again with the same reason (a double click) changes nothing and is not recorded.
        if (added || was?.reason !== reason)
          await recordChange(tx, who, {
            kind: "closed-date.close",
            subjectType: "closed-date",
            subjectId: date,
            summary: `Closed ${dateWithYear(date)}: ${was ? `reason ${was.reason} → ${reason}` : reason}${choice === "cancel" ? " (its bookings cancelled)" : ""}`,
            before: was ? { reason: was.reason } : null,
            after: { reason, bookings: choice },
          });
        // Locked in id order (as confirmMany), so a customer's move meanwhile is either before
        // (the booking is no longer here) or after (it is moved away from a closed day).
        const live = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.preferredDate, date), ne(bookings.status, "cancelled")))
          .orderBy(asc(bookings.id))
          .for("update");
        if (choice === "cancel") {
          for (const row of live)
            await applyChange(
              tx,
              row,
              (current) => ({ status: "cancelled", preferredTimeSlot: current.preferredTimeSlot }),
              { by: "admin", who, closure: note },
            );
          return { liveBookings: 0, cancelled: live.length, emailed: live.filter((row) => row.email).length };
        }
        const { shop } = await settings.rules(tx);
        const emailed = await notices.closed(
          tx,
          live.map((row) => toBooking(row, shop)),
          note,
        );
        return { liveBookings: live.length, cancelled: 0, emailed };
      });
      // The day's waitlist is told it closed, after the closure committed; a failure is logged, never
      // the closure's (its entries can be offered nothing on a closed day, and end when it passes).
      await dayClosed?.(date, reason).catch((error: unknown) =>
        log.error("Telling the waitlist of a closure failed", {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      // liveBookings: those still on the date (after "reschedule", whose customers have not moved yet);
      // emailed: e-mails queued now (none for a customer already told of this date, nor without an address).
      return { acknowledged: true, insertedId: date, bookings: choice, ...answer };
    },
  };
}
