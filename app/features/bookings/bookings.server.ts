import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { requireActor, requireAdmin, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { containsPattern } from "~/lib/like-pattern";
import { businessToday } from "~/lib/business-date";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { PageQuery } from "~/lib/pagination";
import type { Database } from "~/.server/db/client";
import { bookings, bookingSearchText, closedDates, plans, type BookingRow } from "~/.server/db/schema";
import { slotInterval } from "./booking-calendar";
import type { BookingNotices } from "./booking-notices.server";
import type { BookingSettingsService } from "./booking-settings.server";
import {
  ANYTIME,
  BAY_SLOTS,
  bookingRequestLimits,
  CLOSED_DATE,
  NO_PACKAGE_LABEL,
  PROMO_CODE,
  promoDiscountCents,
  TIME_SLOTS,
  type Booking,
  type BookingFilters,
  type BookingRequest,
  type BookingStatus,
  type TimeSlot,
} from "./bookings.schema";
import { causeChain } from "~/.server/db/database-error";

export const SLOT_FULL = "That time slot is full. Please choose another.";
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
    packageName: row.packageName,
    packagePrice: dollars(row.packagePriceCents),
    promoCode: row.promoCode,
    discount: row.discountCents / 100,
    finalPrice: dollars(row.finalPriceCents),
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    specialInstructions: row.specialInstructions,
    status: row.status as Booking["status"],
    createdAt: row.createdAt.toISOString(),
  };
}

/** Price after the promo code: 5% off, rounded to cents. */
export function priceWithPromo(priceCents: number | null, promoCode: string) {
  const discountCents = promoDiscountCents(priceCents, promoCode);
  return { discountCents, finalPriceCents: priceCents === null ? null : priceCents - discountCents };
}

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

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Whose bookings a list holds: the caller's own (by their e-mail), or everyone's (admins only). */
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
}

export function createBookingService(db: Database, { settings, notices, timeZone }: BookingServiceOptions) {
  const bays = settings.bays;
  const hasStarted = (date: string, slot: string, now = Date.now()) =>
    (slotInterval(date, slot, timeZone)?.start.getTime() ?? Infinity) <= now;

  /**
   * Holds the date's slot for the rest of the transaction (an advisory lock, so concurrent
   * requests for one slot queue up), then refuses when its bays are taken.
   */
  async function claimBay(tx: Tx, date: string, slot: string, excludeId?: string) {
    if (slot === ANYTIME) return;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slot:${date}:${slot}`}))`);
    const conditions = [
      eq(bookings.preferredDate, date),
      eq(bookings.preferredTimeSlot, slot),
      ne(bookings.status, "cancelled"),
    ];
    if (excludeId) conditions.push(ne(bookings.id, excludeId));
    const [taken] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(and(...conditions));
    if ((taken?.n ?? 0) >= (await bays(tx)))
      throw new AppError("conflict", SLOT_FULL, { preferredTimeSlot: SLOT_FULL });
  }

  /**
   * Holds the customer's bookings for the rest of the transaction (requests by one e-mail queue up),
   * then refuses one more than a customer may hold on the date or ahead in all. Taken before the
   * slot's lock, always: one order, so two requests never wait on each other's locks.
   */
  async function claimCustomerPlace(tx: Tx, email: string, date: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer:${email}`}))`);
    const [held] = await tx
      .select({
        upcoming: count(),
        thatDay: sql<number>`count(*) filter (where ${bookings.preferredDate} = ${date})`.mapWith(Number),
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.email, email),
          ne(bookings.status, "cancelled"),
          gte(bookings.preferredDate, businessToday(timeZone)),
        ),
      );
    if ((held?.thatDay ?? 0) >= bookingRequestLimits.perDay)
      throw new AppError("conflict", TOO_MANY_THAT_DAY, { preferredDate: TOO_MANY_THAT_DAY });
    if ((held?.upcoming ?? 0) >= bookingRequestLimits.upcoming) throw new AppError("conflict", TOO_MANY_UPCOMING);
  }

  async function isClosed(date: string): Promise<boolean> {
    const [closed] = await db.select({ date: closedDates.date }).from(closedDates).where(eq(closedDates.date, date));
    return closed !== undefined;
  }

  async function refuseClosed(date: string) {
    if (await isClosed(date)) throw new AppError("conflict", CLOSED_DATE, { preferredDate: CLOSED_DATE });
  }

  function whereFor(caller: Actor, scope: BookingScope, filters: BookingFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (scope === "own") conditions.push(eq(bookings.email, caller.email.toLowerCase()));
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
   * Newest request first; within a date range, by date (latest first), then newest request: the
   * order an admin reading a week wants, and one the date index gives without sorting the range.
   */
  function listOrder(filters: BookingFilters) {
    const newest = [desc(bookings.createdAt), desc(bookings.id)];
    return filters.from || filters.to ? [desc(bookings.preferredDate), ...newest] : newest;
  }

  /**
   * A page of bookings and the number of matches (up to COUNT_CAP). Without a scope, a caller sees
   * what they may: a member their own bookings, an admin everyone's.
   */
  async function listBookings(actor: Actor | null, query: PageQuery & BookingFilters & { scope?: BookingScope }) {
    const caller = requireActor(actor);
    const scope = query.scope ?? (caller.role === "admin" ? "all" : "own");
    if (scope === "all") requireAdmin(caller);
    const where = whereFor(caller, scope, query);
    const capped = db
      .select({ one: sql`1` })
      .from(bookings)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as("capped");
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(capped),
    ]);
    const matches = totals?.total ?? 0;
    return { items: rows.map(toBooking), total: Math.min(matches, COUNT_CAP), more: matches > COUNT_CAP };
  }

  async function ownBooking(actor: Actor | null, id: string): Promise<BookingRow> {
    const caller = requireActor(actor);
    const [row] = isObjectId(id)
      ? await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, id), eq(bookings.email, caller.email.toLowerCase())))
      : [];
    if (!row) throw notFound("Booking");
    return row;
  }

  /**
   * Applies one change to a booking as it is now: the row is locked (before any slot, so locks are
   * always taken in one order), `decide` computes the new status and slot from it (or refuses), and
   * the e-mail tells what was stored. Two changes at once queue up
   * on the row, so neither is lost and every answer is true of what is stored.
   */
  async function saveChange(
    which: { id: string; owner?: string },
    decide: (current: BookingRow) => { status: BookingStatus; preferredTimeSlot: string },
    by: "admin" | "customer",
  ) {
    const saved = await db
      .transaction(async (tx) => {
        const [current] = isObjectId(which.id)
          ? await tx
              .select()
              .from(bookings)
              .where(and(eq(bookings.id, which.id), which.owner ? eq(bookings.email, which.owner) : undefined))
              .for("update")
          : [];
        if (!current) throw notFound("Booking");
        const next = decide(current);
        if (next.status === current.status && next.preferredTimeSlot === current.preferredTimeSlot) return null;
        const { status, preferredTimeSlot: slot } = next;
        // A booking that starts holding a bay (new slot, or back from cancelled) needs one free.
        const startsHolding =
          status !== "cancelled" && (slot !== current.preferredTimeSlot || current.status === "cancelled");
        if (startsHolding) await claimBay(tx, current.preferredDate, slot, current.id);
        const version = calendarVersion(current, new Date());
        const [row] = await tx
          .update(bookings)
          .set({ status, preferredTimeSlot: slot, updatedAt: version.updatedAt })
          .where(eq(bookings.id, current.id))
          .returning();
        return { before: current, after: row!, sequence: version.sequence };
      })
      .catch((error: unknown) => {
        if (isPromoReuse(error)) throw promoError("This customer has already used the promo code on another booking.");
        throw error;
      });
    if (!saved) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
    const { before, after, sequence } = saved;
    const changed = {
      status: after.status !== before.status,
      slot: after.preferredTimeSlot !== before.preferredTimeSlot,
    };
    await notices.changed(toBooking(after), changed, by, sequence);
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
  }

  /** Each bay slot of a date with the places left; a closed date has none. */
  async function availability(date: string) {
    const [closed, total, taken] = await Promise.all([
      isClosed(date),
      bays(),
      db
        .select({ slot: bookings.preferredTimeSlot, n: count() })
        .from(bookings)
        .where(and(eq(bookings.preferredDate, date), ne(bookings.status, "cancelled")))
        .groupBy(bookings.preferredTimeSlot),
    ]);
    const takenBySlot = new Map(taken.map((t) => [t.slot, t.n]));
    const now = Date.now();
    return {
      date,
      closed,
      slots: BAY_SLOTS.map((slot) => {
        const started = hasStarted(date, slot, now);
        return { slot, started, remaining: closed || started ? 0 : Math.max(0, total - (takenBySlot.get(slot) ?? 0)) };
      }),
    };
  }

  return {
    /**
     * The server decides e-mail, status, dates and prices; the client only asks. A package
     * booking (one with a planId) needs a signed-in user; anyone may send the contact form.
     */
    async createBooking(actor: Actor | null, request: BookingRequest) {
      if (request.planId) requireActor(actor);
      const email = (actor?.email ?? request.email ?? "").toLowerCase();
      if (!email)
        throw new AppError("validation_failed", "Please check the highlighted fields.", { email: "Email is required" });
      if (request.website) return { acknowledged: true, insertedId: newObjectId() };
      await refuseClosed(request.preferredDate);
      if (hasStarted(request.preferredDate, request.preferredTimeSlot))
        throw new AppError("conflict", STARTED, { preferredTimeSlot: STARTED });

      let packageName: string | null = null;
      let packagePriceCents: number | null = null;
      if (request.planId) {
        const [plan] = await db.select().from(plans).where(eq(plans.id, request.planId));
        if (!plan || plan.field === "hotel")
          throw new AppError("validation_failed", "That package is no longer offered.", { planId: "Unknown package" });
        packageName = plan.name!; // a package row always has a name (plans_kind_check)
        packagePriceCents = plan.priceCents;
      }
      const promoCode = request.promoCode.trim().toUpperCase();
      if (promoCode && promoCode !== PROMO_CODE) throw promoError("This promo code isn't valid.");
      if (promoCode && packagePriceCents === null)
        throw promoError("Promo codes apply to a package's price: book a package to use it.");

      const id = newObjectId();
      let created: BookingRow;
      try {
        created = await db.transaction(async (tx) => {
          // Admins book for customers who call: what one customer may hold is not theirs to meet.
          if (actor?.role !== "admin") await claimCustomerPlace(tx, email, request.preferredDate);
          await claimBay(tx, request.preferredDate, request.preferredTimeSlot);
          const [row] = await tx
            .insert(bookings)
            .values({
              id,
              fullName: request.fullName,
              phone: request.phone,
              email,
              vehicleType: request.vehicleType,
              vehicleYear: request.vehicleYear,
              serviceType: request.serviceType,
              packageSelection: request.packageSelection,
              planId: request.planId ?? null,
              packageName,
              packagePriceCents,
              promoCode,
              ...priceWithPromo(packagePriceCents, promoCode),
              preferredDate: request.preferredDate,
              preferredTimeSlot: request.preferredTimeSlot,
              specialInstructions: request.specialInstructions,
              status: "pending",
            })
            .returning();
          return row!;
        });
      } catch (error) {
        if (isPromoReuse(error)) throw promoError("You have already used this code.");
        throw error;
      }
      await notices.requested(toBooking(created));
      return { acknowledged: true, insertedId: id };
    },

    availability,

    listBookings,

    /** A customer's own booking. Anyone else's is "not found": its existence is not theirs to know. */
    async findOwnBooking(actor: Actor | null, id: string): Promise<Booking> {
      return toBooking(await ownBooking(actor, id));
    },

    /** A customer cancels their own booking, which frees its bay. */
    async cancelOwnBooking(actor: Actor | null, id: string) {
      const owner = requireActor(actor).email.toLowerCase();
      return saveChange(
        { id, owner },
        (current) => {
          if (current.status === "cancelled") throw new AppError("conflict", "Already cancelled");
          return { status: "cancelled", preferredTimeSlot: current.preferredTimeSlot };
        },
        "customer",
      );
    },

    /**
     * An admin sets any booking's status and time slot, within the new slot's capacity. A slot
     * alone moves a live booking: on one cancelled meanwhile (by its customer, say) it is refused,
     * since a 200 would tell the admin they had moved a booking that no longer holds a place, and
     * the customer would be told of a new time for a booking they cancelled. Sent with a status,
     * the admin says what the booking is to be, and a cancelled one comes back.
     */
    async updateBooking(
      actor: Actor | null,
      id: string,
      change: { status?: BookingStatus; preferredTimeSlot?: TimeSlot },
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
          };
        },
        "admin",
      );
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
      return {
        date,
        closed,
        bays: total,
        slots: TIME_SLOTS.map((slot) => ({ slot, bookings: booked.filter((b) => b.preferredTimeSlot === slot) })),
      };
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
