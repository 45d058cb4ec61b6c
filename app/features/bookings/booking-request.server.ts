import { actorCan, requireActor, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { newObjectId } from "~/lib/object-id";
import type { Database } from "~/.server/db/client";
import { insertWhen } from "~/.server/db/one-statement";
import { customerLocale } from "~/.server/member-locale";
import { auditActor, auditRows, type AuditChange } from "~/.server/audit/audit-log";
import { auditEvents, bookings, outbox, type BookingRow } from "~/.server/db/schema";
import { claimOrRefuse, toClaim } from "./booking-claim.server";
import type { BookingServiceOptions } from "./booking-context";
import { quoteBooking } from "./booking-quote.server";
import {
  isPromoReuse,
  refuseTakenClubDay,
  promoAudience,
  promoError,
  PROMO_USED,
  refuseStarted,
  refuseTooFar,
  refuseUnclaimed,
  refuseUnknownSlot,
  OVER_CAPACITY_MANAGERS,
  TOO_LATE,
} from "./booking-refusals.server";
import { toBooking } from "./booking-rows.server";
import type { BookingRequest } from "./bookings.schema";
import { claimPlaceQuery, type ClaimOutcome, type PlaceToClaim, type Tx } from "./slot-claims.server";
import { slotPlan } from "./slot-plan";
import { dayAndWindow } from "./visit-text";

/**
 * A booking request: the checks made before its place is claimed (started, fits before closing,
 * the promo, the package still offered: booking-refusals.server.ts), its row, and the claim itself
 * (claim_place, in SQL: see slot-claims.server.ts), written in one statement with its e-mails.
 * What it costs is booking-quote.server.ts's. docs/booking-write-path.md follows a request from
 * the form to the outbox.
 */

/** Bays enough for any slot: a booking over capacity claims its slots' locks but meets no bay limit. */
const NO_BAY_LIMIT = 2_147_483_647;

export function createBookingRequests(
  db: Database,
  {
    settings,
    notices,
    timeZone,
    links,
    pricing,
    rebook,
    club,
  }: Pick<BookingServiceOptions, "settings" | "notices" | "timeZone" | "links" | "pricing" | "rebook" | "club">,
) {
  const quoting = { db, pricing, rebook, club, timeZone };

  /**
   * The server decides e-mail, status, dates, prices and the visit's length; the client only
   * asks. A package booking (one with a planId) needs a signed-in user or, from a guest's contact
   * form, an e-mail; anyone may send the contact form.
   *
   * Staff booking at the counter (an admin) book for the customer: the form's e-mail, which may be
   * left out (no e-mail to the customer then), no per-customer limits, confirmed at once, and with
   * `overCapacity` a walk-in fitted into a full slot (decision 026).
   */
  async function createBooking(actor: Actor | null, request: BookingRequest) {
    const prepared = await prepareBooking(actor, request);
    if ("decoy" in prepared) return prepared.decoy;
    const { row, place, rules, email } = prepared;
    // Staff's booking is a change of theirs, recorded in the statement that writes it (a refused
    // claim writes neither); a customer's request is the booking itself, and records nothing.
    const write = (claim: PlaceToClaim, written: BookingRow) =>
      insertWhen<ClaimOutcome>(db, claimPlaceQuery(claim), "claimed", [
        { table: bookings, rows: [written] },
        { table: outbox, rows: notices.requestMessages(toBooking(written, rules.shop), rules) },
        {
          table: auditEvents,
          rows: actorCan(actor, "desk") ? auditRows(auditActor(actor), [counterRecord(written)]) : [],
        },
      ]).catch((error: unknown) => {
        if (isPromoReuse(error)) throw promoError(PROMO_USED[promoAudience(actor, email)]);
        refuseTakenClubDay(error);
        throw error;
      });
    let outcome = await write(place, row);
    // Only a slot that was full is booked over capacity, and only so marked: the same claim (its
    // locks, the closed date) with no bay limit. Ordinary claims still count this booking.
    if (outcome === "full" && request.overCapacity)
      outcome = await write({ ...place, bays: NO_BAY_LIMIT }, { ...row, overCapacity: true });
    refuseUnclaimed(outcome);
    const id = row.id;
    return { acknowledged: true, insertedId: id, manageToken: links.manageToken(id) };
  }

  /**
   * A booking request's checks and its row, made before anything is written (createBooking writes
   * it in one statement; a waitlist offer's acceptance in its own transaction: bookHeldPlace). A
   * honeypot's request answers a decoy instead.
   */
  async function prepareBooking(actor: Actor | null, request: BookingRequest) {
    const atCounter = actorCan(actor, "desk");
    // Staff may send the box unticked; only a manager may tick it.
    const overCapacityRefused = request.overCapacity ? !actorCan(actor, "overCapacity") : !atCounter;
    if (request.overCapacity !== undefined && overCapacityRefused)
      throw new AppError("forbidden", OVER_CAPACITY_MANAGERS);
    if (request.planId && !request.email) requireActor(actor);
    const email = ((atCounter ? undefined : actor?.email) ?? request.email ?? "").toLowerCase();
    if (!email && !atCounter)
      throw new AppError("validation_failed", "Please check the highlighted fields.", { email: "Email is required" });
    if (request.website) {
      const decoy = newObjectId();
      return { decoy: { acknowledged: true, insertedId: decoy, manageToken: links.manageToken(decoy) } };
    }
    const rules = await settings.rules();
    // Staff booking for a caller are bound by neither the lead time nor how far ahead customers book.
    const customer = !atCounter;
    refuseUnknownSlot(request.preferredTimeSlot, rules.shop);
    refuseStarted(timeZone, request.preferredDate, request.preferredTimeSlot, customer ? rules.shop.leadMinutes : 0);
    if (customer) refuseTooFar(timeZone, request.preferredDate, rules.shop);

    const { vehicle, promoCode, service, club: cover } = await quoteBooking(quoting, actor, request);
    if (!slotPlan(request.preferredDate, request.preferredTimeSlot, service.minutes, rules.shop).fits)
      throw new AppError("conflict", TOO_LATE, { preferredTimeSlot: TOO_LATE });
    // The promo is once per customer, known by their e-mail.
    if (promoCode && !email) throw promoError("The promo code needs the customer's e-mail.");

    // The row as the database will hold it, so its e-mails are made before it is written, in the
    // statement that claims its place: one round trip, and nothing is written unless it is claimed.
    const locale = await customerLocale(db, request.locale, atCounter ? null : actor);
    const now = new Date();
    const row: BookingRow = {
      id: newObjectId(),
      fullName: request.fullName,
      phone: request.phone,
      email,
      locale,
      ...vehicle,
      // A package books its own service (decision 048); the quote refused any other.
      serviceType: service.serviceType ?? request.serviceType,
      packageSelection: service.packageSelection,
      oilType: service.oilType,
      planId: service.planId,
      packageName: service.packageName,
      packagePriceCents: service.packagePriceCents,
      promoCode,
      discountCents: service.discountCents,
      sizeClass: service.sizeClass.id,
      addOnIds: service.addOnIds,
      lines: service.lines,
      // A visit with no price line (a service the shop has not priced) has no total, as before prices.
      totalCents: service.lines.length ? service.totalCents : null,
      paidCents: 0,
      refundedCents: 0,
      // The Wash Club's cover, fixed when booked as the price is (issue 47).
      membershipId: cover?.membershipId ?? null,
      clubClaim: cover?.claim ?? null,
      clubWashUsed: false,
      finalPriceCents: service.lines.length ? service.totalCents : null,
      preferredDate: request.preferredDate,
      preferredTimeSlot: request.preferredTimeSlot,
      durationMinutes: service.minutes,
      specialInstructions: request.specialInstructions,
      status: atCounter ? "confirmed" : "pending",
      // Staff's booking is the customer's, not in staff's own My Bookings.
      userId: atCounter ? null : (actor?.id ?? null),
      createdAt: now,
      updatedAt: now,
      visitStage: null,
      visitStageAt: null,
      overCapacity: false,
      personalDataRemovedAt: null,
      // Whose it is in the Customers list: the database's trigger sets it (migration 0024).
      customerKey: null,
    };
    const place = toClaim(
      timeZone,
      {
        date: request.preferredDate,
        slot: request.preferredTimeSlot,
        minutes: service.minutes,
        newDate: true,
        // Admins book for customers who call: what one customer may hold is not theirs to meet.
        customer: atCounter ? undefined : email,
      },
      rules,
    );
    return { row, place, rules, email, actor };
  }

  /**
   * Books a place a waitlist offer holds (issue 29), inside the caller's transaction (which has
   * locked the entry and the offer): the same claim as a request's, with the offer's own hold not
   * counted (`offerId`), so the held place becomes this booking; then the row and its e-mails. The
   * shop offered this very place, held for the customer, so there is nothing left to confirm: the
   * booking is confirmed ("one tap books it", as the offer said).
   */
  async function bookHeldPlace(tx: Tx, prepared: PreparedBooking, offerId: string) {
    const { place, rules, email, actor } = prepared;
    const row: BookingRow = { ...prepared.row, status: "confirmed" };
    await claimOrRefuse(tx, { ...place, offerId });
    try {
      await tx.insert(bookings).values(row);
    } catch (error) {
      if (isPromoReuse(error)) throw promoError(PROMO_USED[promoAudience(actor, email)]);
      refuseTakenClubDay(error);
      throw error;
    }
    await tx.insert(outbox).values(notices.requestMessages(toBooking(row, rules.shop), rules));
    return { acknowledged: true, insertedId: row.id, manageToken: links.manageToken(row.id) };
  }

  return { createBooking, prepareBooking, bookHeldPlace };
}

/** The record of a booking staff made at the counter (decision 026): when, and over capacity if so. */
function counterRecord(row: BookingRow): AuditChange {
  const when = dayAndWindow(row.preferredDate, row.preferredTimeSlot);
  return {
    kind: "booking.create",
    subjectType: "booking",
    subjectId: row.id,
    // No customer's name or address: a record outlives a customer's erasure of their details.
    summary: `Booked at the counter for ${when}${row.overCapacity ? ", over capacity" : ""}`,
    before: null,
    after: {
      status: row.status,
      preferredDate: row.preferredDate,
      preferredTimeSlot: row.preferredTimeSlot,
      serviceType: row.serviceType,
      overCapacity: row.overCapacity,
    },
  };
}

export type RequestMethods = ReturnType<typeof createBookingRequests>;
/** A booking request checked and made into its row, not yet written (prepareBooking). */
export type PreparedBooking = Exclude<Awaited<ReturnType<RequestMethods["prepareBooking"]>>, { decoy: unknown }>;
