import { and, eq, sql } from "drizzle-orm";
import { requireActor, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { addDays, businessToday } from "~/lib/business-date";
import { newObjectId } from "~/lib/object-id";
import type { Database } from "~/.server/db/client";
import { causeChain } from "~/.server/db/database-error";
import { insertWhen } from "~/.server/db/one-statement";
import { auditActor, auditRows, type AuditChange } from "~/.server/audit/audit-log";
import { auditEvents, bookings, outbox, vehicles, type BookingRow } from "~/.server/db/schema";
import { suggestedServiceType } from "~/features/offerings/offerings.schema";
import type { PricedVisit } from "~/features/pricing/pricing.schema";
import { slotInterval } from "./booking-calendar";
import { toBooking } from "./booking-rows.server";
import type { BookingRules } from "./settings/booking-settings.server";
import {
  ANYTIME,
  bookingRequestLimits,
  CLOSED_DATE,
  PROMO_CODE,
  REBOOK_REFUSED,
  type BookedVehicle,
  type BookingRequest,
  type ServiceChoice,
} from "./bookings.schema";
import type { BookingServiceOptions } from "./bookings.server";
import { claimPlaceCall, SLOT_FULL, type ClaimOutcome, type PlaceToClaim, type Tx } from "./slot-claims.server";
import { slotPlan } from "./slot-plan";
import { dayAndWindow } from "./visit-text";
import { tooFarMessage, windowLabels, type ShopHours } from "./shop-hours";

/**
 * A booking request: what it books (bookedService), the checks made before its place is claimed
 * (started, fits before closing, the promo, the package still offered), the claim itself
 * (claim_place, in SQL: see slot-claims.server.ts) and the words a refusal is answered with.
 * docs/booking-write-path.md follows a request from the form to the outbox.
 */

export const TOO_LATE = "That service doesn't fit before closing. Please choose an earlier time.";
const UNKNOWN_VEHICLE = "Choose one of your vehicles.";
const STARTED = "That time slot has already started. Please choose another.";
const TOO_MANY_THAT_DAY = `You already have ${bookingRequestLimits.perDay} bookings on this date. Choose another date or call us to book more.`;
/**
 * A second WASH5 for one e-mail. Only the e-mail's own account (or an admin) is told why: anyone
 * else who types an address would learn that it has booked here before (decisions/029).
 */
export const PROMO_USED = {
  member: "You have already used this code.",
  admin: "This customer has already used the promo code on another booking.",
  visitor: "This code can't be applied to this booking.",
} as const;
const TOO_MANY_UPCOMING = `You already have ${bookingRequestLimits.upcoming} upcoming bookings. Cancel one or call us to book more.`;
const STAFF_ONLY = "Only staff may book over capacity.";
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
  }: Pick<BookingServiceOptions, "settings" | "notices" | "timeZone" | "links" | "pricing" | "rebook">,
) {
  /** Whether a window is past booking: it has started, or starts within the settings' lead time. */
  const hasStarted = (date: string, slot: string, now = Date.now(), leadMinutes = 0) =>
    (slotInterval(date, slot, timeZone)?.start.getTime() ?? Infinity) - leadMinutes * 60_000 <= now;

  /**
   * What a booking request books, priced from ids alone (pricing: price-visit.ts): the package asked
   * for by id, or the catalogue's newest package of the chosen tier, or the service alone, for the
   * vehicle's size class with its add-ons and the promo; its length is the visit's.
   */
  const bookedService = (choice: ServiceChoice & { promoCode?: string }): Promise<PricedVisit> =>
    pricing.quoteVisit(choice);

  /** The place a booking is to hold, as claimPlaceCall takes it, judged by today's date and the rules' bays. */
  const toClaim = (place: Omit<PlaceToClaim, "bays" | "today" | "windows">, rules: BookingRules): PlaceToClaim => ({
    ...place,
    bays: rules.bays,
    windows: windowLabels(rules.shop),
    today: businessToday(timeZone),
  });

  /**
   * Claims the place a booking is to hold, for the rest of the transaction (claimPlaceCall: its
   * locks, then a closed date when it is `newDate`, the customer's limits when `customer` is given,
   * and the slots' bays), or refuses it. Answers the rules, which its e-mails need.
   */
  async function claimPlace(tx: Tx, place: Omit<PlaceToClaim, "bays" | "today" | "windows">): Promise<BookingRules> {
    const rules = await settings.rules(tx);
    const result = (await tx.execute(sql`select ${claimPlaceCall(toClaim(place, rules))} as outcome`)) as unknown as {
      rows: { outcome: ClaimOutcome }[];
    };
    refuseUnclaimed(result.rows[0]!.outcome);
    return rules;
  }

  function refuseStarted(date: string, slot: string, leadMinutes = 0) {
    if (hasStarted(date, slot, Date.now(), leadMinutes))
      throw new AppError("conflict", STARTED, { preferredTimeSlot: STARTED });
  }

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
      insertWhen(db, claimPlaceCall(claim), "claimed", [
        { table: bookings, rows: [written] },
        { table: outbox, rows: notices.requestMessages(toBooking(written), rules) },
        {
          table: auditEvents,
          rows: actor?.role === "admin" ? auditRows(auditActor(actor), [counterRecord(written)]) : [],
        },
      ]).catch((error: unknown) => {
        if (isPromoReuse(error)) throw promoError(PROMO_USED[promoAudience(actor, email)]);
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
    const atCounter = actor?.role === "admin";
    if (request.overCapacity !== undefined && !atCounter) throw new AppError("forbidden", STAFF_ONLY);
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
    const customer = actor?.role !== "admin";
    refuseUnknownSlot(request.preferredTimeSlot, rules.shop);
    refuseStarted(request.preferredDate, request.preferredTimeSlot, customer ? rules.shop.leadMinutes : 0);
    if (customer) refuseTooFar(request.preferredDate, rules.shop);

    const { vehicle, promoCode, service } = await quoteBooking(actor, request);
    if (!slotPlan(request.preferredDate, request.preferredTimeSlot, service.minutes, rules.shop).fits)
      throw new AppError("conflict", TOO_LATE, { preferredTimeSlot: TOO_LATE });
    // The promo is once per customer, known by their e-mail.
    if (promoCode && !email) throw promoError("The promo code needs the customer's e-mail.");

    // The row as the database will hold it, so its e-mails are made before it is written, in the
    // statement that claims its place: one round trip, and nothing is written unless it is claimed.
    const now = new Date();
    const row: BookingRow = {
      id: newObjectId(),
      fullName: request.fullName,
      phone: request.phone,
      email,
      ...vehicle,
      serviceType: request.serviceType,
      packageSelection: service.packageSelection,
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
   * counted (`offerId`), so the held place becomes this booking; then the row and its e-mails.
   */
  async function bookHeldPlace(tx: Tx, prepared: PreparedBooking, offerId: string) {
    const { row, place, rules, email, actor } = prepared;
    const result = (await tx.execute(sql`select ${claimPlaceCall({ ...place, offerId })} as outcome`)) as unknown as {
      rows: { outcome: ClaimOutcome }[];
    };
    refuseUnclaimed(result.rows[0]!.outcome);
    try {
      await tx.insert(bookings).values(row);
    } catch (error) {
      if (isPromoReuse(error)) throw promoError(PROMO_USED[promoAudience(actor, email)]);
      throw error;
    }
    await tx.insert(outbox).values(notices.requestMessages(toBooking(row), rules));
    return { acknowledged: true, insertedId: row.id, manageToken: links.manageToken(row.id) };
  }

  /**
   * Whether WASH5 applies to this choice, before the form shows what it takes off: the code, a
   * package's price, and for a signed-in member their own earlier use. A visitor's e-mail is never
   * looked up, so the answer is the same for every address (decisions/029); the booking's claim
   * judges it again.
   */
  /**
   * What a booking body costs and takes, as the form's quote (POST /api/bookings/quote) and the
   * booking itself compute it: the vehicle (a member's garage vehicle decides its own type), the
   * promo's code, and the visit priced from ids alone.
   */
  async function quoteBooking(actor: Actor | null, request: QuoteBody) {
    const vehicle = await chosenVehicle(actor, request);
    const promoCode = request.promoCode.trim().toUpperCase();
    refusePromo(promoCode);
    const service = await bookedService({ ...request, vehicleType: vehicle.vehicleType, promoCode });
    if (request.planId) refuseOtherService(service, request.serviceType);
    refuseUnpriced(promoCode, service);
    return { vehicle, promoCode, service };
  }

  /**
   * The form's quote (POST /api/bookings/quote): priced as the booking will be, and a signed-in
   * member who has used WASH5 is told so at once, as the booking would tell them (decisions/029).
   */
  async function quoteForForm(actor: Actor | null, request: QuoteBody) {
    const { promoCode, service } = await quoteBooking(actor, request);
    if (promoCode) await refuseOwnUsedPromo(actor);
    return service;
  }

  async function checkPromo(actor: Actor | null, choice: ServiceChoice & { promoCode: string }) {
    const promoCode = choice.promoCode.trim().toUpperCase();
    if (!promoCode) throw promoError("Enter a promo code.");
    refusePromo(promoCode);
    const quote = await bookedService({ ...choice, promoCode });
    refuseUnpriced(promoCode, quote);
    await refuseOwnUsedPromo(actor);
    return { promoCode, discount: quote.discountCents / 100, finalPrice: quote.totalCents / 100 };
  }

  /** A member's own earlier WASH5 (never a visitor's e-mail: that would tell strangers who booked). */
  async function refuseOwnUsedPromo(actor: Actor | null) {
    if (actor && actor.role !== "admin" && (await promoUsedBy(actor.email))) throw promoError(PROMO_USED.member);
  }

  /**
   * The vehicle as the booking keeps it: the oil change's vehicle when the form came from a due
   * reminder's link (its garage id or plate too, so the booking counts as that vehicle's next oil
   * change and the reminders stop), a member's garage vehicle when one is chosen (its type, year,
   * make, model and plate: the server's, not the form's), else what the form says.
   */
  async function chosenVehicle(actor: Actor | null, request: QuoteBody) {
    if (request.rebook !== undefined) {
      const vehicle = rebook ? await rebook.vehicle(request.rebook) : null;
      if (!vehicle) throw new AppError("validation_failed", REBOOK_REFUSED, { rebook: REBOOK_REFUSED });
      return vehicle;
    }
    if (request.vehicleId) {
      const [car] = actor
        ? await db
            .select()
            .from(vehicles)
            .where(and(eq(vehicles.id, request.vehicleId), eq(vehicles.userId, actor.id)))
        : [];
      if (!car) throw new AppError("validation_failed", UNKNOWN_VEHICLE, { vehicleId: UNKNOWN_VEHICLE });
      return {
        vehicleId: car.id,
        vehicleType: car.vehicleType,
        vehicleYear: car.year,
        vehicleMake: car.make,
        vehicleModel: car.model,
        vehicleColor: car.color,
        vehiclePlate: car.plate,
      };
    }
    return {
      vehicleId: null,
      vehicleType: request.vehicleType as string,
      vehicleYear: request.vehicleYear ?? null,
      vehicleMake: request.vehicleMake ?? "",
      vehicleModel: request.vehicleModel ?? "",
      vehicleColor: request.vehicleColor ?? "",
      vehiclePlate: request.vehiclePlate ?? "",
    };
  }

  async function promoUsedBy(email: string): Promise<boolean> {
    const [used] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.email, email.toLowerCase()),
          eq(bookings.promoCode, PROMO_CODE),
          sql`${bookings.status} <> 'cancelled'`,
        ),
      )
      .limit(1);
    return used !== undefined;
  }

  /** A customer books from today up to the settings' days ahead. */
  function refuseTooFar(date: string, shop: ShopHours) {
    if (date > addDays(businessToday(timeZone), shop.daysAhead)) {
      const message = tooFarMessage(shop.daysAhead);
      throw new AppError("conflict", message, { preferredDate: message });
    }
  }

  return {
    createBooking,
    prepareBooking,
    bookHeldPlace,
    toClaim,
    quoteBooking,
    quoteForForm,
    checkPromo,
    bookedService,
    claimPlace,
    refuseStarted,
    refuseTooFar,
    refuseUnknownSlot,
    hasStarted,
  };
}

/** Who may be told that an e-mail has used WASH5: its own account, an admin, else nobody. */
function promoAudience(actor: Actor | null, email: string): keyof typeof PROMO_USED {
  if (actor?.role === "admin") return "admin";
  return actor && actor.email.toLowerCase() === email ? "member" : "visitor";
}

function refusePromo(promoCode: string) {
  if (promoCode && promoCode !== PROMO_CODE) throw promoError("This promo code isn't valid.");
}

/** WASH5 takes 5 % off the visit's total (decision 030): a visit with no price has none to take it from. */
function refuseUnpriced(promoCode: string, quote: PricedVisit) {
  if (promoCode && quote.lines.length === 0)
    throw promoError("Promo codes apply to a priced service: choose a service to use it.");
}

/**
 * A package asked for by id is for one service (its name says which): a request naming another is
 * refused, so the staff never read "Oil Change" on a Platinum Full Detail. A package no service
 * matches takes any. (The contact form's tiers are a separate choice, left as they are.)
 */
function refuseOtherService(service: PricedVisit, serviceType: string) {
  if (service.planId === null || service.packageName === null) return;
  const own = suggestedServiceType(service.packageName);
  if (own && own !== serviceType) {
    const message = `The ${service.packageName} package is a ${own}, not ${article(serviceType)} ${serviceType}.`;
    throw new AppError("validation_failed", message, { serviceType: message });
  }
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

export type RequestMethods = ReturnType<typeof createBookingRequests>;
/** A booking request checked and made into its row, not yet written (prepareBooking). */
export type PreparedBooking = Exclude<Awaited<ReturnType<RequestMethods["prepareBooking"]>>, { decoy: unknown }>;

/** What a quote reads of a booking body: the rest of the body is neither needed nor trusted. */
export type QuoteBody = Pick<BookingRequest, "vehicleType" | "serviceType" | "promoCode" | "addOns"> &
  Partial<
    Pick<
      BookingRequest,
      | "planId"
      | "packageSelection"
      | "vehicleId"
      | "vehicleYear"
      | "vehicleMake"
      | "vehicleModel"
      | "vehicleColor"
      | "vehiclePlate"
      | "rebook"
    >
  >;

/** Reads a due reminder's rebook link (follow-ups' rebook-links.server.ts, handed in by services.ts). */
export interface RebookVehicles {
  /** The vehicle of the oil change the link is for, or null for a link the server did not write or one past its use. */
  vehicle(token: string): Promise<BookedVehicle | null>;
}

/** A slot that is neither 'Anytime' nor one of the settings' windows is a bad request, as before they were settings. */
function refuseUnknownSlot(slot: string, shop: ShopHours) {
  if (slot !== ANYTIME && !windowLabels(shop).includes(slot))
    throw new AppError("validation_failed", "Please check the highlighted fields.", {
      preferredTimeSlot: "Select a time slot",
    });
}

/** Answers a refused claim with what the customer is to read (nothing for a claimed place). */
function refuseUnclaimed(outcome: ClaimOutcome) {
  switch (outcome) {
    case "claimed":
      return;
    case "closed":
      throw new AppError("conflict", CLOSED_DATE, { preferredDate: CLOSED_DATE });
    case "too many that day":
      throw new AppError("conflict", TOO_MANY_THAT_DAY, { preferredDate: TOO_MANY_THAT_DAY });
    case "too many upcoming":
      throw new AppError("conflict", TOO_MANY_UPCOMING);
    case "full":
      throw new AppError("conflict", SLOT_FULL, { preferredTimeSlot: SLOT_FULL });
  }
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

function promoError(message: string) {
  return new AppError("validation_failed", message, { promoCode: message });
}

function isPromoReuse(error: unknown): boolean {
  for (const pg of causeChain(error)) {
    if (
      pg.code === "23505" &&
      (pg.constraint === "bookings_promo_once_idx" || pg.message?.includes("bookings_promo_once_idx"))
    )
      return true;
  }
  return false;
}

/** A change that would give the promo to a second booking of the customer's is refused in these words. */
export function promoReuseMessage(error: unknown): never {
  if (isPromoReuse(error)) throw promoError("This customer has already used the promo code on another booking.");
  throw error;
}
