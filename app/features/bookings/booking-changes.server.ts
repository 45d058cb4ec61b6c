import { and, asc, eq, getTableColumns, inArray } from "drizzle-orm";
import { requireActor, requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId } from "~/lib/object-id";
import type { Database } from "~/.server/db/client";
import { log } from "~/.server/log";
import { auditActor, recordChange, type AuditActor } from "~/.server/audit/audit-log";
import { bookings, type BookingRow } from "~/.server/db/schema";
import { claimPlace } from "./booking-claim.server";
import type { BookingServiceOptions } from "./booking-context";
import { promoReuseMessage, refuseStarted, refuseTooFar, refuseUnknownSlot, TOO_LATE } from "./booking-refusals.server";
import { calendarVersion, needsNewTimeSql, ownedBy, toBooking, type Placement } from "./booking-rows.server";
import { businessToday } from "~/lib/business-date";
import { ANYTIME, type BookingStatus, type TimeSlot } from "./bookings.schema";
import { ALREADY_CANCELLED, customerChangeRule, customerRescheduleRule } from "./change-window";
import type { ClosureNote } from "./booking-change-emails";
import { bookingChangeRecord } from "./booking-audit.server";
import type { Tx } from "./slot-claims.server";
import { offeredArrival, slotPlan } from "./slot-plan";
import { ON_SITE_STAGES } from "./visit-stages";
import { CAR_ON_SITE } from "~/features/customer-data/customer-data.schema";

export const CANCELLED_MEANWHILE = "This booking was cancelled.";

/**
 * Changing a stored booking: an admin's status, date and slot (one booking, or several confirmed
 * together), and a customer's cancellation. Every change goes through saveChange/applyChange, which
 * lock the row, claim a new place when it moves, and store the e-mails with the change.
 */
export function createBookingChanges(
  db: Database,
  {
    settings,
    notices,
    timeZone,
    placesFreed,
  }: Pick<BookingServiceOptions, "settings" | "notices" | "timeZone" | "placesFreed">,
) {
  /**
   * Applies one change to a booking as it is now: the row is locked (before any slot, so locks are
   * always taken in one order), `decide` computes the new status, slot and date from it (or
   * refuses), and the e-mail tells what was stored. Two changes at once queue up on the row, so
   * neither is lost and every answer is true of what is stored.
   *
   * A move (a new slot or date) takes the new place, under its slot's lock and counted without this
   * booking, before the update frees the old one, all in one transaction: the booking holds one of
   * the two places at every moment, or the move is refused and nothing changes.
   */
  async function saveChange(which: { id: string; owner?: Actor }, decide: Decide, origin: ChangeOrigin) {
    const { before, saved } = await db
      .transaction(async (tx) => {
        const current = await lockBooking(tx, which);
        return { before: current, saved: await applyChange(tx, current, decide, origin) };
      })
      .catch(promoReuseMessage);
    if (saved && freesPlace(before, saved)) await tellPlacesFreed([before.preferredDate]);
    return { acknowledged: true, matchedCount: 1, modifiedCount: saved ? 1 : 0 };
  }

  /** THE ONE PLACE a booking's change says a place may have freed: after it committed, to the waitlist. */
  async function tellPlacesFreed(dates: string[]) {
    try {
      await placesFreed?.(dates);
    } catch (error) {
      log.error("Offering freed places failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The booking's row, locked for the rest of the transaction (the caller's owner only, if given). */
  async function lockBooking(tx: Tx, which: { id: string; owner?: Actor }): Promise<LockedRow> {
    const [current] = isObjectId(which.id)
      ? await tx
          .select({ ...getTableColumns(bookings), needsNewTime: needsNewTimeSql(businessToday(timeZone)) })
          .from(bookings)
          .where(and(eq(bookings.id, which.id), which.owner ? ownedBy(which.owner) : undefined))
          .for("update")
      : [];
    if (!current) throw notFound("Booking");
    return current;
  }

  /**
   * saveChange's work on a row the caller's transaction has locked (several changes that stand or
   * fall together lock all their rows first, in one query). The change is recorded here, in the
   * caller's transaction, so every way a booking's status or time changes leaves one record.
   */
  async function applyChange(
    tx: Tx,
    current: BookingRow,
    decide: Decide,
    { by, who, closure, note }: ChangeOrigin,
  ): Promise<BookingRow | null> {
    const { status, preferredTimeSlot: slot, preferredDate: date = current.preferredDate } = await decide(current);
    const newDate = date !== current.preferredDate;
    const moves = newDate || slot !== current.preferredTimeSlot;
    if (!moves && status === current.status) return null;
    // A move goes to one of the settings' windows; a booking left in a window since dropped keeps it.
    if (slot !== current.preferredTimeSlot) refuseUnknownSlot(slot, (await settings.rules(tx)).shop);
    if (status !== "cancelled" && moves && by === "customer") {
      // The business may record a visit after the fact; a customer picks a time still to come.
      const { shop } = await settings.rules(tx);
      refuseStarted(timeZone, date, slot, shop.leadMinutes);
      refuseTooFar(timeZone, date, shop);
      // A customer's visit must end by closing; admins may run past it (capacity only).
      if (!slotPlan(date, slot, current.durationMinutes, shop).fits)
        throw new AppError("conflict", TOO_LATE, { preferredTimeSlot: TOO_LATE });
    }
    // A booking that starts holding a bay (new place, or back from cancelled) needs one in every
    // slot its length spans; a customer who moves to another date, room among their bookings there.
    const rules =
      status !== "cancelled" && (moves || current.status === "cancelled")
        ? await claimPlace({ settings, timeZone }, tx, {
            date,
            slot,
            minutes: current.durationMinutes,
            newDate,
            customer: by === "customer" && newDate ? current.email : undefined,
            excludeId: current.id,
          })
        : undefined;
    const { shop } = rules ?? (await settings.rules(tx));
    const version = calendarVersion(current, new Date());
    const [row] = await tx
      .update(bookings)
      .set({ status, preferredDate: date, preferredTimeSlot: slot, updatedAt: version.updatedAt })
      .where(eq(bookings.id, current.id))
      .returning();
    const changed = {
      status: row!.status !== current.status,
      slot: row!.preferredTimeSlot !== current.preferredTimeSlot,
      date: row!.preferredDate !== current.preferredDate,
      from: {
        preferredDate: current.preferredDate,
        preferredTimeSlot: current.preferredTimeSlot,
        arrival: offeredArrival(current.preferredDate, current.preferredTimeSlot, current.durationMinutes, shop),
      },
    };
    const record = bookingChangeRecord(
      current,
      row!,
      note ?? (closure && `the shop closed that day: ${closure.reason}`),
    );
    if (record) await recordChange(tx, who, record);
    // Stored with the change, so the customer is told of every change and of nothing that did not happen.
    await notices.changed(tx, toBooking(row!, shop), changed, by, version.sequence, rules, closure);
    return row!;
  }

  /**
   * `decide` for a customer's own change: judged on the locked row against the window (read before
   * the transaction), so a change that raced past the deadline or a cancellation is refused.
   */
  async function customerDecision(
    change: (current: BookingRow) => Placement,
    onCancelled: string,
    action: "cancel" | "reschedule" = "cancel",
  ): Promise<Decide> {
    const [windowHours, { shop }] = await Promise.all([settings.cancelWindowHours(), settings.rules()]);
    return (current) => {
      const options = { windowHours, timeZone, now: new Date() };
      const booking = toBooking(current, shop);
      // A booking on a day the shop has closed may be moved whatever the window says (issue 29).
      const rule =
        action === "reschedule"
          ? customerRescheduleRule(booking, options, current.needsNewTime === true)
          : customerChangeRule(booking, options);
      if (!rule.canChange) throw new AppError("conflict", current.status === "cancelled" ? onCancelled : rule.reason!);
      return change(current);
    };
  }

  return {
    saveChange,
    applyChange,
    customerDecision,
    tellPlacesFreed,

    /**
     * A customer's erasure (docs/decisions/036), on their bookings' rows, which the caller's
     * transaction has locked: refused while a car of theirs is at the shop (its details are needed
     * until it is collected); otherwise their upcoming visits (live, today or later, the car not yet
     * arrived) are cancelled as any cancellation is (the e-mails, the reminder withdrawn), whatever
     * the change window says: they are leaving. `origin` is who asked: the customer (their own
     * account) or staff (for a guest who asked the shop), as the cancellations' records say. Answers how many were cancelled and the dates where
     * a place freed, for tellPlacesFreed once the transaction has committed.
     */
    async cancelForErasure(tx: Tx, locked: BookingRow[], origin: ChangeOrigin) {
      const live = locked.filter((row) => row.status !== "cancelled");
      if (live.some((row) => (ON_SITE_STAGES as readonly (string | null)[]).includes(row.visitStage)))
        throw new AppError("conflict", CAR_ON_SITE);
      const today = businessToday(timeZone);
      const upcoming = live.filter((row) => row.visitStage === null && row.preferredDate >= today);
      for (const row of upcoming) await applyChange(tx, row, cancelling, origin);
      return { cancelled: upcoming.length, freed: upcoming.map((row) => row.preferredDate) };
    },

    /**
     * A customer cancels their own booking, which frees its bay: not once it is cancelled, nor inside
     * the change window before the visit, nor after it has begun.
     */
    async cancelOwnBooking(actor: Actor | null, id: string) {
      const owner = requireActor(actor);
      return saveChange({ id, owner }, await customerDecision(cancelling, ALREADY_CANCELLED), {
        by: "customer",
        who: auditActor(owner),
      });
    },

    /**
     * An admin sets any booking's status, date and time slot, within the new place's capacity and
     * not onto a closed date. A slot or date alone moves a live booking: on one cancelled meanwhile (by its customer, say) it is refused,
     * since a 200 would tell the admin they had moved a booking that no longer holds a place, and
     * the customer would be told of a new time for a booking they cancelled. Sent with a status,
     * the admin says what the booking is to be, and a cancelled one comes back. Sent without one,
     * placing a pending 'Anytime' request into a window confirms it: the shop chose its time, so
     * the customer gets one e-mail with the time ("confirmed"), not "moved" and then "confirmed".
     */
    async updateBooking(
      actor: Actor | null,
      id: string,
      change: { status?: BookingStatus; preferredTimeSlot?: TimeSlot; preferredDate?: string },
    ) {
      const admin = requireJob(actor, "desk");
      return saveChange(
        { id },
        (current) => {
          if (change.status === undefined && current.status === "cancelled")
            throw new AppError("conflict", CANCELLED_MEANWHILE);
          const slot = change.preferredTimeSlot ?? current.preferredTimeSlot;
          const placed = current.status === "pending" && current.preferredTimeSlot === ANYTIME && slot !== ANYTIME;
          return {
            status: change.status ?? (placed ? "confirmed" : (current.status as BookingStatus)),
            preferredTimeSlot: slot,
            preferredDate: change.preferredDate ?? current.preferredDate,
          };
        },
        { by: "admin", who: auditActor(admin) },
      );
    },

    /**
     * Confirms several requests together, as the admin saw them (date and slot), or none: in one
     * transaction the rows are locked (in id order, so two batches never wait on each other), and if
     * any was cancelled, moved or deleted since the list was loaded the whole batch is refused,
     * naming them, since a confirmation e-mail for a time the admin did not see would be wrong. One
     * already confirmed at the time seen is left as it is (no second e-mail).
     */
    async confirmMany(actor: Actor | null, seen: { id: string; preferredDate: string; preferredTimeSlot: string }[]) {
      const who = auditActor(requireJob(actor, "desk"));
      // In the admin's order (the refusal names them so); locked in id order.
      const wanted = [...new Map(seen.map((b) => [b.id, b])).values()];
      const ids = wanted
        .map((b) => b.id)
        .filter(isObjectId)
        .sort();
      const modified = await db.transaction(async (tx) => {
        const rows = ids.length
          ? await tx.select().from(bookings).where(inArray(bookings.id, ids)).orderBy(asc(bookings.id)).for("update")
          : [];
        const byId = new Map(rows.map((row) => [row.id, row]));
        const changed = wanted.filter((b) => {
          const row = byId.get(b.id);
          return (
            !row ||
            row.status === "cancelled" ||
            row.preferredDate !== b.preferredDate ||
            row.preferredTimeSlot !== b.preferredTimeSlot
          );
        });
        if (changed.length > 0) {
          const names = changed.map((b) => byId.get(b.id)?.fullName ?? "a deleted booking");
          throw new AppError(
            "conflict",
            `Nothing was confirmed: ${names.join(", ")} changed since the list was loaded (cancelled or moved). Reload and try again.`,
          );
        }
        let count = 0;
        // Each booking's history says it was one of a batch.
        const note = rows.length > 1 ? `confirmed together with ${rows.length - 1} more` : undefined;
        for (const row of rows) {
          const saved = await applyChange(
            tx,
            row,
            (current) => ({ status: "confirmed", preferredTimeSlot: current.preferredTimeSlot }),
            { by: "admin", who, note },
          );
          if (saved) count += 1;
        }
        return count;
      });
      return { acknowledged: true, matchedCount: wanted.length, modifiedCount: modified };
    },
  };
}

export type ChangeMethods = ReturnType<typeof createBookingChanges>;

/**
 * Who makes a change, and within what: `by` picks the e-mail's words (the customer's own change, or
 * the shop's), `who` is the person the record names, and a closure or a note says why.
 */
export interface ChangeOrigin {
  by: "admin" | "customer";
  who: AuditActor;
  closure?: ClosureNote;
  /** Said after the record's summary: "confirmed together with 2 more". */
  note?: string;
}

/** A locked row, read with whether it needs a new time (its day closed). */
type LockedRow = BookingRow & { needsNewTime?: boolean };
/** Where a change puts the booking, decided from its locked row (or refused by throwing). */
type Decide = (current: LockedRow) => Placement | Promise<Placement>;

/** A live booking cancelled, or moved off its date or slot, leaves its old place free. */
function freesPlace(before: BookingRow, after: BookingRow): boolean {
  if (before.status === "cancelled") return false;
  return (
    after.status === "cancelled" ||
    after.preferredDate !== before.preferredDate ||
    after.preferredTimeSlot !== before.preferredTimeSlot
  );
}

/** A customer's cancellation: the booking keeps its slot and frees its bay. */
export const cancelling = (current: BookingRow): Placement => ({
  status: "cancelled",
  preferredTimeSlot: current.preferredTimeSlot,
});
