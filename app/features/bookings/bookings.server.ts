import {
  and,
  asc,
  between,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { requireActor, requireAdmin, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { containsPattern } from "~/lib/like-pattern";
import { addDays, businessToday } from "~/lib/business-date";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { PageQuery } from "~/lib/pagination";
import type { Database } from "~/.server/db/client";
import {
  bookings,
  bookingSearchText,
  closedDates,
  outbox,
  planRecency,
  plans,
  type BookingRow,
  type PlanRow,
} from "~/.server/db/schema";
import { POPULAR_TIERS, type PackageType } from "~/features/plans/plans.schema";
import { bookingCalendar, slotInterval, type CalendarPlace } from "./booking-calendar";
import type { BookingNotices } from "./booking-notices.server";
import type { BookingRules, BookingSettingsService } from "./booking-settings.server";
import { ALREADY_CANCELLED, customerChangeRule } from "./change-window";
import type { ManageLinks } from "./manage-link.server";
import {
  BAY_SLOTS,
  bookingRequestLimits,
  CLOSED_DATE,
  NO_PACKAGE_LABEL,
  ONE_SLOT_MINUTES,
  PROMO_CODE,
  promoDiscountCents,
  selectionOf,
  SELECTION_TIERS,
  SERVICE_MINUTES,
  slotHours,
  TIME_SLOTS,
  type Booking,
  type BookingFilters,
  type BookingRequest,
  type BookingStatus,
  type PackageSelection,
  type ServiceChoice,
  type SlotAvailability,
  type TimeSlot,
} from "./bookings.schema";
import { causeChain } from "~/.server/db/database-error";
import { insertWhen } from "~/.server/db/one-statement";
import {
  claimPlaceCall,
  heldPlaces,
  SLOT_FULL,
  type ClaimOutcome,
  type PlaceToClaim,
  type Tx,
} from "./slot-claims.server";
import { occupiedSlots, slotPlan } from "./slot-plan";

export { SLOT_FULL };
export const TOO_LATE = "That service doesn't fit before closing. Please choose an earlier time.";
const UNKNOWN_PACKAGE = "That package is no longer offered.";
const STARTED = "That time slot has already started. Please choose another.";
const CANCELLED_MEANWHILE = "This booking was cancelled.";
const TOO_MANY_THAT_DAY = `You already have ${bookingRequestLimits.perDay} bookings on this date. Choose another date or call us to book more.`;
const TOO_MANY_UPCOMING = `You already have ${bookingRequestLimits.upcoming} upcoming bookings. Cancel one or call us to book more.`;

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export function toBooking(row: BookingRow): Booking {
  return {
    _id: row.id,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    vehicleType: row.vehicleType,
    vehicleYear: row.vehicleYear,
    serviceType: row.serviceType,
    packageSelection: row.packageSelection,
    planId: row.planId,
    packageName: row.packageName,
    packagePrice: dollars(row.packagePriceCents),
    promoCode: row.promoCode,
    discount: row.discountCents / 100,
    finalPrice: dollars(row.finalPriceCents),
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    minutes: row.durationMinutes,
    specialInstructions: row.specialInstructions,
    status: row.status as Booking["status"],
    visitStage: row.visitStage as Booking["visitStage"],
    createdAt: row.createdAt.toISOString(),
  };
}

/** Price after the promo code: 5% off, rounded to cents. */
export function priceWithPromo(priceCents: number | null, promoCode: string) {
  const discountCents = promoDiscountCents(priceCents, promoCode);
  return { discountCents, finalPriceCents: priceCents === null ? null : priceCents - discountCents };
}

/** The SEQUENCE of the calendar file the customer was last sent: calendarVersion's, read back from updatedAt. */
const currentSequence = (row: Pick<BookingRow, "createdAt" | "updatedAt">) =>
  Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000));

/**
 * The calendar SEQUENCE of a change, and the updatedAt that records it. The SEQUENCE is the seconds
 * since the request, so it grows across restarts with no counter; a change within the same second
 * as the last one takes the next number, and its updatedAt moves on to that second, so the next
 * change, reading updatedAt, counts on from there.
 */
function calendarVersion(current: Pick<BookingRow, "createdAt" | "updatedAt">, now: Date) {
  const secondsSinceRequest = (at: Date) => Math.floor((at.getTime() - current.createdAt.getTime()) / 1000);
  const sequence = Math.max(secondsSinceRequest(now), secondsSinceRequest(current.updatedAt) + 1);
  return { sequence, updatedAt: new Date(Math.max(now.getTime(), current.createdAt.getTime() + sequence * 1000)) };
}

/** Whose bookings a list holds: the caller's own (ownedBy), or everyone's (admins only). */
type BookingScope = "own" | "all";

/**
 * Lists count at most this many matches: an exact count of a million rows reads them all (140 ms
 * on PostgreSQL, 700 ms embedded), and nobody pages through forty pages of bookings: they filter.
 */
export const COUNT_CAP = 1000;
/** A day's live bookings: each slot holds a few bays, so this bounds only 'Anytime'. */
const DAY_LIMIT = 500;
const EXPORT_BATCH = 1000;

const EMAIL = /^[^\s@%_]+@[^\s@%_]+\.[^\s@%_]+$/;
/** The package as a customer's list names it, so that their search finds what they see. */
const shownPackageName = sql`coalesce(${bookings.packageName}, ${NO_PACKAGE_LABEL})`;

interface BookingServiceOptions {
  settings: BookingSettingsService;
  notices: BookingNotices;
  /** The business's time zone: a slot of today that has started can no longer be asked for. */
  timeZone: string;
  /** Signs and reads the bookings' manage links. */
  links: ManageLinks;
  /** What a booking's calendar file says about the business. */
  place: CalendarPlace;
}

/** Where a booking is to be: its status, and the date and slot it holds. */
interface Placement {
  status: BookingStatus;
  preferredTimeSlot: string;
  /** Unchanged when left out. */
  preferredDate?: string;
}

export function createBookingService(
  db: Database,
  { settings, notices, timeZone, links, place }: BookingServiceOptions,
) {
  const bays = settings.bays;
  const hasStarted = (date: string, slot: string, now = Date.now()) =>
    (slotInterval(date, slot, timeZone)?.start.getTime() ?? Infinity) <= now;

  /**
   * What a booking request books: the package asked for by id (its type gives the contact form's
   * choice), or the catalogue's newest package of the chosen tier (Basic, Standard, Premium: the
   * packages the home page features), or the service alone, with its usual length.
   */
  async function bookedService(choice: ServiceChoice): Promise<BookedService> {
    if (choice.planId) {
      const [plan] = await db.select().from(plans).where(eq(plans.id, choice.planId));
      if (!plan || plan.field === "hotel")
        throw new AppError("validation_failed", UNKNOWN_PACKAGE, { planId: "Unknown package" });
      return { ...fromPackage(plan), packageSelection: selectionOf(plan.packageType as PackageType) };
    }
    const selection = choice.packageSelection ?? "None";
    if (selection !== "None") {
      const types = POPULAR_TIERS.find(({ tier }) => tier === SELECTION_TIERS[selection])!.types;
      const [plan] = await db
        .select()
        .from(plans)
        .where(and(isNull(plans.field), inArray(plans.packageType, [...types])))
        .orderBy(desc(planRecency(plans)), desc(plans.id))
        .limit(1);
      if (plan) return { ...fromPackage(plan), packageSelection: selection };
    }
    return {
      planId: null,
      packageName: null,
      packagePriceCents: null,
      packageSelection: selection,
      minutes: choice.serviceType ? SERVICE_MINUTES[choice.serviceType] : ONE_SLOT_MINUTES,
    };
  }

  /** The place a booking is to hold, as claimPlaceCall takes it, judged by today's date and the rules' bays. */
  const toClaim = (place: Omit<PlaceToClaim, "bays" | "today">, rules: BookingRules): PlaceToClaim => ({
    ...place,
    bays: rules.bays,
    today: businessToday(timeZone),
  });

  /**
   * Claims the place a booking is to hold, for the rest of the transaction (claimPlaceCall: its
   * locks, then a closed date when it is `newDate`, the customer's limits when `customer` is given,
   * and the slots' bays), or refuses it. Answers the rules, which its e-mails need.
   */
  async function claimPlace(tx: Tx, place: Omit<PlaceToClaim, "bays" | "today">): Promise<BookingRules> {
    const rules = await settings.rules(tx);
    const result = (await tx.execute(sql`select ${claimPlaceCall(toClaim(place, rules))} as outcome`)) as unknown as {
      rows: { outcome: ClaimOutcome }[];
    };
    refuseUnclaimed(result.rows[0]!.outcome);
    return rules;
  }

  /** Inside a transaction, pass it: on the embedded database a read beside it would wait for it. */
  async function isClosed(date: string, executor: Pick<Database, "select"> = db): Promise<boolean> {
    const [closed] = await executor
      .select({ date: closedDates.date })
      .from(closedDates)
      .where(eq(closedDates.date, date));
    return closed !== undefined;
  }

  function refuseStarted(date: string, slot: string) {
    if (hasStarted(date, slot)) throw new AppError("conflict", STARTED, { preferredTimeSlot: STARTED });
  }

  function whereFor(caller: Actor, scope: BookingScope, filters: BookingFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (scope === "own") conditions.push(ownedBy(caller));
    if (filters.status) conditions.push(eq(bookings.status, filters.status));
    if (filters.from) conditions.push(gte(bookings.preferredDate, filters.from));
    if (filters.to) conditions.push(lte(bookings.preferredDate, filters.to));
    if (filters.q) {
      const pattern = containsPattern(filters.q);
      // Among everyone's bookings one looks for a customer (the trigram index serves this
      // expression); among one's own few, for what was booked, as the list shows it.
      conditions.push(
        scope === "all"
          ? // A whole e-mail address names one customer: the e-mail index finds them at once.
            EMAIL.test(filters.q)
            ? eq(bookings.email, filters.q.toLowerCase())
            : ilike(bookingSearchText(bookings), pattern)
          : or(
              ...[bookings.serviceType, shownPackageName, bookings.vehicleType].map((f) => ilike(f, pattern)),
              ilike(sql`${bookings.preferredDate}::text`, pattern),
            ),
      );
    }
    return and(...conditions);
  }

  /**
   * Newest request first; within a date range, the week's work in the order it comes: by date, then
   * arrival slot ("Anytime" after the timed ones), then the earlier request.
   * A customer's own list goes by visit (visitOrder): their few bookings sort in no time.
   */
  function listOrder(filters: BookingFilters, scope: BookingScope) {
    if (scope === "own") return [...visitOrder(businessToday(timeZone)), ...NEWEST];
    const soonest = [
      asc(bookings.preferredDate),
      asc(bookings.preferredTimeSlot),
      asc(bookings.createdAt),
      asc(bookings.id),
    ];
    return filters.from || filters.to ? soonest : NEWEST;
  }

  /**
   * A customer's own list, unfiltered, as My Bookings asks for it on every visit: its query is built
   * once per kind of customer (with and without a verified e-mail), and on PostgreSQL each
   * connection plans it once.
   */
  const ownLists = ([false, true] as const).map((verified) => {
    const where = ownedBy({ id: sql.placeholder("id"), email: sql.placeholder("email"), emailVerified: verified });
    return db
      .select({ ...getTableColumns(bookings), matches: cappedCount(where) })
      .from(bookings)
      .where(where)
      .orderBy(...visitOrder(sql.placeholder("today")), ...NEWEST)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(verified ? "own_bookings_verified" : "own_bookings");
  });

  /** A page of a list whose conditions vary (an admin's, or filtered), built for the request. */
  function filteredList(caller: Actor, scope: BookingScope, query: PageQuery & BookingFilters) {
    const where = whereFor(caller, scope, query);
    return db
      .select({ ...getTableColumns(bookings), matches: cappedCount(where) })
      .from(bookings)
      .where(where)
      .orderBy(...listOrder(query, scope))
      .limit(query.limit)
      .offset(query.offset);
  }

  /**
   * A page of bookings and the number of matches (up to COUNT_CAP). Without a scope, a caller sees
   * what they may: a member their own bookings, an admin everyone's.
   */
  async function listBookings(actor: Actor | null, query: PageQuery & BookingFilters & { scope?: BookingScope }) {
    const caller = requireActor(actor);
    const scope = query.scope ?? (caller.role === "admin" ? "all" : "own");
    if (scope === "all") requireAdmin(caller);
    const filtered = query.status || query.from || query.to || query.q;
    // The count rides on the page's own query (an uncorrelated subquery, counted once): one
    // statement per list, not two. A page past the last match has no row to carry it.
    const rows =
      scope === "own" && !filtered
        ? await ownLists[caller.emailVerified ? 1 : 0]!.execute({
            id: caller.id,
            email: caller.email.toLowerCase(),
            today: businessToday(timeZone),
            limit: query.limit,
            offset: query.offset,
          })
        : await filteredList(caller, scope, query);
    const countMatches = async () =>
      (await db.select({ total: cappedCount(whereFor(caller, scope, query)) }).from(sql`(select 1) as one`))[0]!.total;
    const matches = rows[0]?.matches ?? (query.offset > 0 ? await countMatches() : 0);
    return {
      items: rows.map(({ matches: _, ...row }) => toBooking(row)),
      total: Math.min(matches, COUNT_CAP),
      more: matches > COUNT_CAP,
    };
  }

  async function ownBooking(actor: Actor | null, id: string): Promise<BookingRow> {
    const caller = requireActor(actor);
    const [row] = isObjectId(id)
      ? await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, id), ownedBy(caller)))
      : [];
    if (!row) throw notFound("Booking");
    return row;
  }

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
  async function saveChange(
    which: { id: string; owner?: Actor },
    decide: (current: BookingRow) => Placement,
    by: "admin" | "customer",
  ) {
    const saved = await db
      .transaction(async (tx) => applyChange(tx, await lockBooking(tx, which), decide, by))
      .catch(promoReuseMessage);
    return { acknowledged: true, matchedCount: 1, modifiedCount: saved ? 1 : 0 };
  }

  /** The booking's row, locked for the rest of the transaction (the caller's owner only, if given). */
  async function lockBooking(tx: Tx, which: { id: string; owner?: Actor }): Promise<BookingRow> {
    const [current] = isObjectId(which.id)
      ? await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, which.id), which.owner ? ownedBy(which.owner) : undefined))
          .for("update")
      : [];
    if (!current) throw notFound("Booking");
    return current;
  }

  /**
   * saveChange's work on a row the caller's transaction has locked (several changes that stand or
   * fall together lock all their rows first, in one query).
   */
  async function applyChange(
    tx: Tx,
    current: BookingRow,
    decide: (current: BookingRow) => Placement,
    by: "admin" | "customer",
  ): Promise<BookingRow | null> {
    const { status, preferredTimeSlot: slot, preferredDate: date = current.preferredDate } = decide(current);
    const newDate = date !== current.preferredDate;
    const moves = newDate || slot !== current.preferredTimeSlot;
    if (!moves && status === current.status) return null;
    if (status !== "cancelled" && moves && by === "customer") {
      // The business may record a visit after the fact; a customer picks a time still to come.
      refuseStarted(date, slot);
      // A customer's visit must end by closing; admins may run past it (capacity only).
      if (!slotPlan(date, slot, current.durationMinutes).fits)
        throw new AppError("conflict", TOO_LATE, { preferredTimeSlot: TOO_LATE });
    }
    // A booking that starts holding a bay (new place, or back from cancelled) needs one in every
    // slot its length spans; a customer who moves to another date, room among their bookings there.
    const rules =
      status !== "cancelled" && (moves || current.status === "cancelled")
        ? await claimPlace(tx, {
            date,
            slot,
            minutes: current.durationMinutes,
            newDate,
            customer: by === "customer" && newDate ? current.email : undefined,
            excludeId: current.id,
          })
        : undefined;
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
    };
    // Stored with the change, so the customer is told of every change and of nothing that did not happen.
    await notices.changed(tx, toBooking(row!), changed, by, version.sequence, rules);
    return row!;
  }

  function promoReuseMessage(error: unknown): never {
    if (isPromoReuse(error)) throw promoError("This customer has already used the promo code on another booking.");
    throw error;
  }

  /** A booking as its holder sees it: with its manage link's token. */
  const withToken = (booking: Booking) => ({ ...booking, manageToken: links.manageToken(booking._id) });

  /**
   * The booking a manage link names. A token the server did not sign, and one whose booking is gone,
   * are both "not found": a guess learns nothing.
   */
  async function bookingByToken(token: string): Promise<BookingRow> {
    const id = links.bookingIdFromToken(token);
    const [row] = id ? await db.select().from(bookings).where(eq(bookings.id, id)) : [];
    if (!row) throw notFound("Booking");
    return row;
  }

  /**
   * `decide` for a customer's own change: judged on the locked row against the window (read before
   * the transaction), so a change that raced past the deadline or a cancellation is refused.
   */
  async function customerDecision(
    change: (current: BookingRow) => Placement,
    onCancelled: string,
  ): Promise<(current: BookingRow) => Placement> {
    const windowHours = await settings.cancelWindowHours();
    return (current) => {
      const rule = customerChangeRule(toBooking(current), { windowHours, timeZone, now: new Date() });
      if (!rule.canChange) throw new AppError("conflict", current.status === "cancelled" ? onCancelled : rule.reason!);
      return change(current);
    };
  }

  const cancelling = (current: BookingRow): Placement => ({
    status: "cancelled",
    preferredTimeSlot: current.preferredTimeSlot,
  });

  /**
   * Each day from `from` for `days` days, with each arrival slot for a service of the given length:
   * places left in every slot it would hold, and whether it is offered (not closed, not started,
   * ends by closing time, a place left) or why not. Three reads for the whole range.
   */
  async function availabilityDays(from: string, days: number, choice: ServiceChoice) {
    const minutes = choice.minutes ?? (await bookedService(choice)).minutes;
    const to = addDays(from, days - 1);
    const [closed, held, total] = await Promise.all([
      db
        .select({ date: closedDates.date })
        .from(closedDates)
        .where(between(closedDates.date, from, to))
        .then((rows) => new Set(rows.map((r) => r.date))),
      heldPlaces(db, from, to),
      bays(),
    ]);
    const today = businessToday(timeZone);
    const now = Date.now();
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    return {
      minutes,
      days: dates.map((date) => {
        const dayClosed = closed.has(date);
        const taken = held.get(date);
        const slots = BAY_SLOTS.map((slot): SlotAvailability => {
          const plan = slotPlan(date, slot, minutes);
          const started = date < today || (date === today && hasStarted(date, slot, now));
          const left = Math.min(...plan.occupies.map((label) => total - (taken?.get(label) ?? 0)));
          const reason = dayClosed
            ? "closed"
            : started
              ? "started"
              : !plan.fits
                ? "too-late"
                : left <= 0
                  ? "full"
                  : undefined;
          const { start, end } = slotHours(slot)!;
          return {
            slot,
            start,
            end,
            remaining: dayClosed || started ? 0 : Math.max(0, left),
            offered: reason === undefined,
            ...(reason && { reason }),
          };
        });
        return { date, closed: dayClosed, open: slots.some((s) => s.offered), slots };
      }),
    };
  }

  /** One date's slots, as availabilityDays gives them, each also saying whether it has started. */
  async function availability(date: string, choice: ServiceChoice = {}) {
    const { minutes, days } = await availabilityDays(date, 1, choice);
    const day = days[0]!;
    return {
      date,
      closed: day.closed,
      minutes,
      slots: day.slots.map((slot) => ({ ...slot, started: slot.reason === "started" })),
    };
  }

  return {
    /**
     * The server decides e-mail, status, dates, prices and the visit's length; the client only
     * asks. A package booking (one with a planId) needs a signed-in user or, from a guest's contact
     * form, an e-mail; anyone may send the contact form.
     */
    async createBooking(actor: Actor | null, request: BookingRequest) {
      if (request.planId && !request.email) requireActor(actor);
      const email = (actor?.email ?? request.email ?? "").toLowerCase();
      if (!email)
        throw new AppError("validation_failed", "Please check the highlighted fields.", { email: "Email is required" });
      if (request.website) {
        const decoy = newObjectId();
        return { acknowledged: true, insertedId: decoy, manageToken: links.manageToken(decoy) };
      }
      refuseStarted(request.preferredDate, request.preferredTimeSlot);

      const service = await bookedService(request);
      if (!slotPlan(request.preferredDate, request.preferredTimeSlot, service.minutes).fits)
        throw new AppError("conflict", TOO_LATE, { preferredTimeSlot: TOO_LATE });
      const { packagePriceCents } = service;
      const promoCode = request.promoCode.trim().toUpperCase();
      if (promoCode && promoCode !== PROMO_CODE) throw promoError("This promo code isn't valid.");
      if (promoCode && packagePriceCents === null)
        throw promoError("Promo codes apply to a package's price: book a package to use it.");

      const rules = await settings.rules();
      // The row as the database will hold it, so its e-mails are made before it is written, in the
      // statement that claims its place: one round trip, and nothing is written unless it is claimed.
      const now = new Date();
      const row: BookingRow = {
        id: newObjectId(),
        fullName: request.fullName,
        phone: request.phone,
        email,
        vehicleType: request.vehicleType,
        vehicleYear: request.vehicleYear ?? null,
        serviceType: request.serviceType,
        packageSelection: service.packageSelection,
        planId: service.planId,
        packageName: service.packageName,
        packagePriceCents,
        promoCode,
        ...priceWithPromo(packagePriceCents, promoCode),
        preferredDate: request.preferredDate,
        preferredTimeSlot: request.preferredTimeSlot,
        durationMinutes: service.minutes,
        specialInstructions: request.specialInstructions,
        status: "pending",
        userId: actor?.id ?? null,
        createdAt: now,
        updatedAt: now,
        visitStage: null,
        visitStageAt: null,
      };
      const place = toClaim(
        {
          date: request.preferredDate,
          slot: request.preferredTimeSlot,
          minutes: service.minutes,
          newDate: true,
          // Admins book for customers who call: what one customer may hold is not theirs to meet.
          customer: actor?.role !== "admin" ? email : undefined,
        },
        rules,
      );
      const outcome = await insertWhen(db, claimPlaceCall(place), "claimed", [
        { table: bookings, rows: [row] },
        { table: outbox, rows: notices.requestMessages(toBooking(row), rules) },
      ]).catch((error: unknown) => {
        if (isPromoReuse(error)) throw promoError("You have already used this code.");
        throw error;
      });
      refuseUnclaimed(outcome);
      const id = row.id;
      return { acknowledged: true, insertedId: id, manageToken: links.manageToken(id) };
    },

    availability,

    availabilityDays,

    /** A page of bookings; a customer's own each carry their manage link's token. */
    async listBookings(...args: Parameters<typeof listBookings>) {
      const page = await listBookings(...args);
      const own = (args[1].scope ?? (args[0]?.role === "admin" ? "all" : "own")) === "own";
      return { ...page, items: own ? page.items.map(withToken) : page.items };
    },

    /** A customer's own booking. Anyone else's is "not found": its existence is not theirs to know. */
    async findOwnBooking(actor: Actor | null, id: string) {
      return withToken(toBooking(await ownBooking(actor, id)));
    },

    /**
     * A customer cancels their own booking, which frees its bay: not once it is cancelled, nor inside
     * the change window before the visit, nor after it has begun.
     */
    async cancelOwnBooking(actor: Actor | null, id: string) {
      const owner = requireActor(actor);
      return saveChange({ id, owner }, await customerDecision(cancelling, ALREADY_CANCELLED), "customer");
    },

    /**
     * The booking a manage link names, and whether its holder may still change it. The link is
     * the holder's key: no account is needed, and the same rules as My Bookings apply.
     */
    async findByManageToken(token: string) {
      const row = await bookingByToken(token);
      const booking = toBooking(row);
      const rule = customerChangeRule(booking, {
        windowHours: await settings.cancelWindowHours(),
        timeZone,
        now: new Date(),
      });
      return {
        booking: withToken(booking),
        canChange: rule.canChange,
        changeDeadline: rule.deadline?.toISOString() ?? null,
        ...(rule.reason !== undefined && { reason: rule.reason }),
      };
    },

    /** The manage link's Cancel: as the customer's own cancellation. */
    async cancelByManageToken(token: string) {
      const { id } = await bookingByToken(token);
      return saveChange({ id }, await customerDecision(cancelling, ALREADY_CANCELLED), "customer");
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
      );
      return saveChange({ id }, decide, "customer");
    },

    /** The booking's calendar file as the e-mails last sent it: same UID, the current SEQUENCE. */
    async calendarByManageToken(token: string) {
      const row = await bookingByToken(token);
      return {
        filename: `${fileSlug(place.name)}-booking-${row.preferredDate}.ics`,
        content: bookingCalendar(toBooking(row), place, new Date(), currentSequence(row)),
      };
    },

    /**
     * An admin sets any booking's status, date and time slot, within the new place's capacity and
     * not onto a closed date. A slot or date alone moves a live booking: on one cancelled meanwhile (by its customer, say) it is refused,
     * since a 200 would tell the admin they had moved a booking that no longer holds a place, and
     * the customer would be told of a new time for a booking they cancelled. Sent with a status,
     * the admin says what the booking is to be, and a cancelled one comes back.
     */
    async updateBooking(
      actor: Actor | null,
      id: string,
      change: { status?: BookingStatus; preferredTimeSlot?: TimeSlot; preferredDate?: string },
    ) {
      requireAdmin(actor);
      return saveChange(
        { id },
        (current) => {
          if (change.status === undefined && current.status === "cancelled")
            throw new AppError("conflict", CANCELLED_MEANWHILE);
          return {
            status: change.status ?? (current.status as BookingStatus),
            preferredTimeSlot: change.preferredTimeSlot ?? current.preferredTimeSlot,
            preferredDate: change.preferredDate ?? current.preferredDate,
          };
        },
        "admin",
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
      requireAdmin(actor);
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
        for (const row of rows) {
          const saved = await applyChange(
            tx,
            row,
            (current) => ({ status: "confirmed", preferredTimeSlot: current.preferredTimeSlot }),
            "admin",
          );
          if (saved) count += 1;
        }
        return count;
      });
      return { acknowledged: true, matchedCount: wanted.length, modifiedCount: modified };
    },

    /** A date's live bookings by time slot, with each slot's bays: what running the day takes (admins). */
    async listDay(actor: Actor | null, date: string) {
      requireAdmin(actor);
      const [rows, closed, total] = await Promise.all([
        db
          .select()
          .from(bookings)
          .where(and(eq(bookings.preferredDate, date), ne(bookings.status, "cancelled")))
          .orderBy(asc(bookings.createdAt))
          .limit(DAY_LIMIT),
        isClosed(date),
        bays(),
      ]);
      const booked = rows.map(toBooking);
      // A visit longer than its arrival slot is listed again in each later slot it holds a bay in.
      const inSlot = (slot: string) =>
        booked.flatMap((b): DayBooking[] => {
          if (b.preferredTimeSlot === slot) return [b];
          return occupiedSlots(b.preferredTimeSlot, b.minutes).includes(slot)
            ? [{ ...b, continuesFrom: b.preferredTimeSlot }]
            : [];
        });
      return { date, closed, bays: total, slots: TIME_SLOTS.map((slot) => ({ slot, bookings: inSlot(slot) })) };
    },

    /** The filtered list for CSV export, newest first, a batch at a time (memory stays flat for any size). */
    async *exportBookings(actor: Actor | null, filters: BookingFilters): AsyncGenerator<Booking[]> {
      const where = whereFor(requireAdmin(actor), "all", filters);
      let afterId: string | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(bookings)
          // A row comparison, so the (…, created_at, id) index starts each batch where the last
          // ended (spelled as OR, PostgreSQL re-read every earlier row per batch). The last row's
          // own created_at is read in SQL: a JS Date would drop its microseconds and skip rows.
          .where(
            and(
              where,
              afterId === undefined
                ? undefined
                : sql`(${bookings.createdAt}, ${bookings.id}) < (select created_at, id from bookings where id = ${afterId})`,
            ),
          )
          .orderBy(desc(bookings.createdAt), desc(bookings.id))
          .limit(EXPORT_BATCH);
        if (rows.length > 0) yield rows.map(toBooking);
        if (rows.length < EXPORT_BATCH) return;
        afterId = rows[rows.length - 1]!.id;
      }
    },
  };
}

/**
 * A customer's own bookings: those their account made, and, once they have verified their e-mail
 * address, those made with it (as a visitor, say). Whoever signs up with someone else's address
 * sees nothing of theirs (docs/decisions/013).
 */
/** Newest request first. */
const NEWEST = [desc(bookings.createdAt), desc(bookings.id)];

/**
 * Matches up to one past the cap, as a value a list's query carries: counting every match of a
 * broad search costs more than the page.
 */
function cappedCount(where: SQL | undefined) {
  return sql<number>`(select count(*) from (select 1 from ${bookings} ${where ? sql`where ${where}` : sql``} limit ${COUNT_CAP + 1}) as capped)`.mapWith(
    Number,
  );
}

/**
 * A customer's bookings: those their account made and, once they have verified their e-mail, those
 * made with it. `id` and `email` may be a prepared query's placeholders (the e-mail in lower case).
 */
function ownedBy(caller: { id: string | Placeholder; email: string | Placeholder; emailVerified: boolean }): SQL {
  const madeByThem = eq(bookings.userId, caller.id);
  const email = typeof caller.email === "string" ? caller.email.toLowerCase() : caller.email;
  return caller.emailVerified ? or(madeByThem, eq(bookings.email, email))! : madeByThem;
}

/**
 * A customer's list as they think of their visits: upcoming first, soonest first (by date, then
 * arrival slot), then past ones, most recent first.
 */
function visitOrder(today: string | Placeholder): SQL[] {
  const upcoming = sql`${bookings.preferredDate} >= ${today}`;
  return [
    sql`${upcoming} desc`,
    sql`case when ${upcoming} then ${bookings.preferredDate} end asc`,
    sql`case when ${upcoming} then ${bookings.preferredTimeSlot} end asc`,
    desc(bookings.preferredDate),
    desc(bookings.preferredTimeSlot),
  ];
}

/** What a request books: the package (if any), the contact form's choice, and the visit's length. */
interface BookedService {
  planId: string | null;
  packageName: string | null;
  packagePriceCents: number | null;
  packageSelection: PackageSelection;
  minutes: number;
}

function fromPackage(plan: PlanRow): Omit<BookedService, "packageSelection"> {
  // plans_kind_check and plans_minutes_check: a package row always has a name, a price and a length.
  return {
    planId: plan.id,
    packageName: plan.name!,
    packagePriceCents: plan.priceCents,
    minutes: plan.durationMinutes!,
  };
}

/** A booking in a day's slot; one that arrived in an earlier slot and still holds a bay says which. */
export type DayBooking = Booking & { continuesFrom?: string };

/** "Sparkle Auto Spa" → "sparkle-auto-spa": a name safe in a download's file name. */
const fileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "booking";

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
