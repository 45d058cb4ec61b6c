import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import type { AuditActor } from "~/.server/audit/audit-log";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import {
  auditEvents,
  bookings,
  customerIdOf,
  customerNotes,
  emailOptOuts,
  giftCards,
  outbox,
  reviews,
  serviceRecords,
  waitlistEntries,
  waitlistOffers,
  type BookingRow,
} from "~/.server/db/schema";
import type { Erasure } from "./customer-data.schema";
import { messagesToOrAbout, ofBookings, type OwnedBy, type Person, type Tx } from "./customer-person.server";

/**
 * Erasing a customer (decision 036): what a deleted account or a guest's request removes, and what
 * the shop's books keep. customer-data.server.ts wraps it for the member and for the admin.
 */

/** Who erased: the admin (for a guest) or the customer (their own account). */
export type ErasureOrigin = { by: "admin" | "customer"; who: AuditActor };

/** The bookings' side (bookings.server.ts forErasure): whose bookings, and the cancellation path. */
export interface ErasureBookings {
  ownedBy: OwnedBy;
  cancel(tx: Tx, locked: BookingRow[], origin: ErasureOrigin): Promise<{ cancelled: number; freed: string[] }>;
  /** After the commit: the waitlist offers the places freed. */
  placesFreed(dates: string[]): Promise<void>;
}

/**
 * How long after an erasure its own messages (the cancellations) may still be on their way: the
 * outbox gives up on one after about 2 h 43 min of retries (outbox-worker.ts RETRY_DELAYS_MS).
 */
const MESSAGES_SETTLE_MS = 24 * 60 * 60_000;
/**
 * Locks the person's waitlist places before anything else: accepting an offer locks its entry
 * and then books (naming the account), so taking the entries first means an acceptance either
 * finished (its booking is found and erased) or waits and then finds its entry gone.
 */
export async function lockWaitlist(tx: Tx, person: Person) {
  return tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(person.waitlist).for("update");
}

/**
 * The erasure's common part, in the caller's transaction: the person's bookings locked; stored
 * e-mails to or about them deleted (before the cancellations queue theirs); their upcoming visits
 * cancelled by the bookings' own path; every booking of theirs kept without their details; their
 * service records, reviews, waitlist places and e-mail choices deleted; their bookings' audit
 * records kept without the values before and after (they may hold the details).
 */
export async function eraseIn(
  deps: { bookings: Pick<ErasureBookings, "cancel">; now: () => Date },
  tx: Tx,
  person: Person,
  origin: ErasureOrigin,
) {
  const rows = await tx.select().from(bookings).where(person.bookings).orderBy(asc(bookings.id)).for("update");
  const ids = rows.map((r) => r.id);
  const messages = await tx.delete(outbox).where(messagesToOrAbout(person, ids)).returning({ id: outbox.id });
  const { cancelled, freed } = await deps.bookings.cancel(tx, rows, origin);
  if (ids.length)
    await tx
      .update(bookings)
      .set({
        fullName: "",
        phone: "",
        email: "",
        vehiclePlate: "",
        vehicleMake: "",
        vehicleModel: "",
        vehicleColor: "",
        vehicleId: null,
        specialInstructions: "",
        // WASH5's once-per-address index would hold every erased booking's "" as one customer;
        // the promo's line and discount stay in the booking's lines and total.
        promoCode: "",
        userId: null,
        personalDataRemovedAt: deps.now(),
      })
      .where(inArray(bookings.id, ids));
  // The admins' notes about them go too, and the record of each note keeps no text.
  const keys = [...new Set([...rows.map((r) => r.customerKey), person.address])].filter((k): k is string => !!k);
  if (keys.length) {
    await tx.delete(customerNotes).where(inArray(customerNotes.customerKey, keys));
    await tx
      .update(auditEvents)
      .set({ before: null, after: null })
      .where(and(eq(auditEvents.subjectType, "customer"), inArray(auditEvents.subjectId, keys.map(customerIdOf))));
  }
  const records = await tx
    .delete(serviceRecords)
    .where(ofBookings(serviceRecords.bookingId, ids))
    .returning({ id: serviceRecords.id });
  const deletedReviews = await tx
    .delete(reviews)
    .where(ofBookings(reviews.bookingId, ids))
    .returning({ id: reviews.id });
  const held = await tx
    .select({ date: waitlistOffers.date })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(and(person.waitlist, eq(waitlistOffers.status, "open")));
  // Their offers go with their entries (cascade): a place an open one held is free again.
  const entries = await tx.delete(waitlistEntries).where(person.waitlist).returning({ id: waitlistEntries.id });
  if (person.address) {
    await tx.delete(emailOptOuts).where(eq(emailOptOuts.email, person.address));
    // A gift card they were e-mailed stays spendable by its code; where it went is forgotten.
    await tx.update(giftCards).set({ email: "" }).where(eq(giftCards.email, person.address));
  }
  if (ids.length)
    await tx
      .update(auditEvents)
      .set({ before: null, after: null })
      .where(and(eq(auditEvents.subjectType, "booking"), inArray(auditEvents.subjectId, ids)));
  const erasure: Erasure = {
    acknowledged: true,
    bookingsKept: ids.length,
    cancelled,
    vehicles: 0,
    serviceRecords: records.length,
    reviews: deletedReviews.length,
    waitlistEntries: entries.length,
    messages: messages.length,
  };
  return { erasure, freed: [...freed, ...held.map((h) => h.date)] };
}

/** Runs an erasure in one transaction that also tells every process reviews may have gone; offers freed places after. */
export async function inErasure(
  deps: { bookings: Pick<ErasureBookings, "placesFreed">; reviewChanges: Pick<ChangeSignal, "write"> },
  work: (tx: Tx) => Promise<{ erasure: Erasure; freed: string[] }>,
): Promise<Erasure> {
  // ChangeSignal.write hands its transaction over typed as the database.
  const { erasure, freed } = await deps.reviewChanges.write((tx) => work(tx as unknown as Tx));
  if (freed.length) await deps.bookings.placesFreed([...new Set(freed)]);
  return erasure;
}

/** The audit record's line of an erasure. */
export const erasureSummary = (erasure: Erasure) =>
  `Removed a customer's details: ${erasure.bookingsKept} bookings kept without them, ${erasure.cancelled} upcoming cancelled`;
/** An erasure's numbers, as its audit record keeps them. */
export const erasureCounts = ({ acknowledged: _, ...numbers }: Erasure) => numbers;

/**
 * Messages about bookings whose customer was removed are kept only until they are sent: the
 * cancellations an erasure queues need the address until then. The follow-ups' sweep (once a
 * minute) drops those delivered, kept (no mail server) or given up on, among the bookings
 * removed in the last day (found by their empty address's index, bookings_email_created_idx).
 */
export async function dropSentAboutRemoved(db: Database, at: Date): Promise<number> {
  const removedLately = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.email, ""), gt(bookings.personalDataRemovedAt, new Date(at.getTime() - MESSAGES_SETTLE_MS))),
    );
  const dropped = await db
    .delete(outbox)
    .where(and(ne(outbox.state, "queued"), inArray(outbox.bookingId, removedLately)))
    .returning({ id: outbox.id });
  return dropped.length;
}
