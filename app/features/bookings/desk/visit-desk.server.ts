import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookingPhoneDigits, bookings, customerIdOf, users, type BookingRow } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { addDays } from "~/lib/business-date";
import { isObjectId } from "~/lib/object-id";
import { zonedClock } from "~/lib/opening-hours";
import { carReadyEmail, type MailPlace } from "../booking-emails";
import { openingOnWeekday, type ShopHours } from "../shop-hours";
import { toBooking } from "../booking-rows.server";
import { stageRefusal } from "../stage-guards";
import { ON_SITE_STAGES, STAGE_LABELS, type VisitStage } from "../visit-stages";
import { auditActor, recordChange, type AuditChange } from "~/.server/audit/audit-log";

const CANCELLED = "This booking was cancelled.";
/** How many of a customer's bookings the history lists (the counts cover them all). */
export const HISTORY_LIMIT = 50;
const QUEUE_LIMIT = 20;
const ARRIVALS_LIMIT = 8;
/** How far back the desk looks for visits left without an outcome, and how many it lists. */
export const LOOSE_ENDS_DAYS = 7;
const LOOSE_ENDS_LIMIT = 20;
/** A phone number's digits (the indexed expression), which is how one customer's bookings are matched whatever the spacing. */
const phoneDigits = bookingPhoneDigits(bookings);

/**
 * Running the day at the counter (admins): moving a visit through its stages, the customer's
 * history from any booking, and the day's counts, queue of requests and next arrivals.
 */
export function createVisitDesk(
  db: Database,
  options: {
    mailer: Mailer;
    place: MailPlace;
    /** The shop's hours (Booking Settings): the window each booking's car must arrive in. */
    shopHours: () => Promise<ShopHours>;
    /**
     * A visit collected, in the stage change's transaction with its row locked: a Wash Club pack's
     * wash is used (issue 47). Answers the record's words, or null when there was nothing to do.
     */
    onCollected?: (tx: Database, row: BookingRow) => Promise<string | null>;
    now?: () => Date;
  },
) {
  const { mailer, place, now = () => new Date() } = options;
  const shown = async () => {
    const shop = await options.shopHours();
    return (row: BookingRow) => toBooking(row, shop);
  };

  /** "6 PM": when the shop closes today (Booking Settings' hours), or null on a day it is closed. */
  async function closesToday() {
    const hours = openingOnWeekday(await options.shopHours(), zonedClock(now(), place.timeZone).day);
    return hours ? hours.closes : null;
  }

  return {
    /**
     * Sets where the visit is (or clears a mistaken tap with null). Not for a cancelled booking,
     * whose place is free, nor a stage its time does not allow yet (stage-guards.ts: check-in on the
     * visit's day, no-show once its arrival window has passed). The row is locked, so two taps queue up; "ready" e-mails the customer
     * in the same transaction, and the outbox keeps that to one message per booking.
     */
    async setStage(actor: Actor | null, id: string, stage: VisitStage | null) {
      const who = auditActor(requireJob(actor, "desk"));
      const asBooking = await shown();
      return db.transaction(async (tx) => {
        const [current] = isObjectId(id)
          ? await tx.select().from(bookings).where(eq(bookings.id, id)).for("update")
          : [];
        if (!current) throw notFound("Booking");
        if (current.status === "cancelled") throw new AppError("conflict", CANCELLED);
        if (current.visitStage === stage) return asBooking(current);
        const refusal = stageRefusal(asBooking(current), stage, now(), place.timeZone);
        if (refusal) throw new AppError("conflict", refusal);
        let [row] = await tx
          .update(bookings)
          .set({ visitStage: stage, visitStageAt: stage ? new Date() : null })
          .where(eq(bookings.id, id))
          .returning();
        await recordChange(tx, who, stageRecord(id, current.visitStage as VisitStage | null, stage));
        const used = stage === "collected" && options.onCollected ? await options.onCollected(tx, row!) : null;
        if (used) {
          await recordChange(tx, who, {
            kind: "membership.wash",
            subjectType: "booking",
            subjectId: id,
            summary: used,
          });
          [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
        }
        const booking = asBooking(row!);
        if (stage === "ready")
          await mailer.send(carReadyEmail(booking, place, await closesToday()), {
            executor: tx,
            bookingId: id,
            kind: "ready",
          });
        return booking;
      });
    },

    /**
     * The customer of a booking, as the counter knows them: every booking with the same e-mail or
     * the same phone digits (seven or more), soonest-last, and counts of visits, cancellations and
     * no-shows over all of them. A booking whose customer was removed (decision 036) has nobody
     * behind it: its history is itself. `account` says a member's account has the e-mail (they
     * export and delete their data themselves).
     */
    async customerHistory(actor: Actor | null, id: string, today: string) {
      requireJob(actor, "customerCard");
      const asBooking = await shown();
      const [booking] = isObjectId(id) ? await db.select().from(bookings).where(eq(bookings.id, id)) : [];
      if (!booking) throw notFound("Booking");
      const digits = booking.phone.replace(/\D/g, "");
      const samePerson =
        or(
          // A booking made at the counter without an e-mail shares "" with every other such booking.
          booking.email ? eq(bookings.email, booking.email) : undefined,
          digits.length >= 7 ? eq(phoneDigits, digits) : undefined,
        ) ?? eq(bookings.id, booking.id);
      const notCancelled = ne(bookings.status, "cancelled");
      const [rows, [counts]] = await Promise.all([
        db
          .select()
          .from(bookings)
          .where(samePerson)
          .orderBy(desc(bookings.preferredDate), desc(bookings.preferredTimeSlot), desc(bookings.createdAt))
          .limit(HISTORY_LIMIT),
        db
          .select({
            bookings: count(),
            cancellations: count(sql`case when ${bookings.status} = 'cancelled' then 1 end`),
            noShows: count(sql`case when ${bookings.visitStage} = 'no-show' and ${notCancelled} then 1 end`),
            // Visits that happened: past ones not cancelled nor missed, and today's cars that came.
            visits: count(
              sql`case when ${notCancelled} and ${bookings.visitStage} is distinct from 'no-show'
                and (${bookings.preferredDate} < ${today} or ${bookings.visitStage} is not null) then 1 end`,
            ),
            upcoming: count(
              sql`case when ${notCancelled} and ${bookings.preferredDate} >= ${today} and ${bookings.visitStage} is null then 1 end`,
            ),
          })
          .from(bookings)
          .where(samePerson),
      ]);
      const [account] = booking.email
        ? await db.select({ id: users.id }).from(users).where(eq(users.email, booking.email))
        : [];
      return {
        customer: { fullName: asBooking(booking).fullName, email: booking.email, phone: booking.phone },
        removed: booking.personalDataRemovedAt !== null,
        account: account !== undefined,
        counts: counts!,
        bookings: rows.map(asBooking),
        more: counts!.bookings > rows.length,
        customerId: booking.customerKey ? customerIdOf(booking.customerKey) : null,
      };
    },

    /**
     * The counter's first screen for `today`: how many cars are booked, how many requests wait for
     * a confirmation (from today on), how many cars are on site; the requests soonest first;
     * today's cars still to arrive, in time order; and the loose ends of the days before (the last
     * week's visits, not cancelled, never collected nor marked a no-show), latest day first.
     */
    async desk(actor: Actor | null, today: string) {
      requireJob(actor, "desk");
      const asBooking = await shown();
      const ofToday = and(eq(bookings.preferredDate, today), notCancelledBooking);
      const waiting = and(eq(bookings.status, "pending"), gte(bookings.preferredDate, today));
      const loose = and(
        gte(bookings.preferredDate, addDays(today, -LOOSE_ENDS_DAYS)),
        lt(bookings.preferredDate, today),
        notCancelledBooking,
        or(isNull(bookings.visitStage), inArray(bookings.visitStage, [...ON_SITE_STAGES])),
      );
      const [[counts], queue, arrivals, looseEnds] = await Promise.all([
        db
          .select({
            today: count(sql`case when ${ofToday} then 1 end`),
            waiting: count(sql`case when ${waiting} then 1 end`),
            onSite: count(
              sql`case when ${ofToday} and ${inArray(bookings.visitStage, [...ON_SITE_STAGES])} then 1 end`,
            ),
          })
          .from(bookings)
          .where(gte(bookings.preferredDate, today)),
        db
          .select()
          .from(bookings)
          .where(waiting)
          .orderBy(asc(bookings.preferredDate), asc(bookings.preferredTimeSlot), asc(bookings.createdAt))
          .limit(QUEUE_LIMIT),
        db
          .select()
          .from(bookings)
          .where(and(ofToday, isNull(bookings.visitStage)))
          .orderBy(asc(bookings.preferredTimeSlot), asc(bookings.createdAt))
          .limit(ARRIVALS_LIMIT),
        db
          .select()
          .from(bookings)
          .where(loose)
          .orderBy(desc(bookings.preferredDate), asc(bookings.preferredTimeSlot), asc(bookings.createdAt))
          .limit(LOOSE_ENDS_LIMIT),
      ]);
      return {
        counts: counts!,
        queue: queue.map(asBooking),
        arrivals: arrivals.map(asBooking),
        looseEnds: looseEnds.map(asBooking),
      };
    },
  };
}

const notCancelledBooking = ne(bookings.status, "cancelled");

const stageWords = (stage: VisitStage | null) => (stage ? STAGE_LABELS[stage] : "none");

/** "Stage: Checked in → In progress", "Stage cleared (was Ready for pickup)". */
function stageRecord(id: string, was: VisitStage | null, stage: VisitStage | null): AuditChange {
  return {
    kind: "booking.stage",
    subjectType: "booking",
    subjectId: id,
    summary: stage ? `Stage ${stageWords(was)} → ${stageWords(stage)}` : `Stage cleared (was ${stageWords(was)})`,
    before: { visitStage: was },
    after: { visitStage: stage },
  };
}

export type VisitDesk = ReturnType<typeof createVisitDesk>;
