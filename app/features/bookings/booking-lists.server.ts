import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  like,
  lt,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { actorCan, requireActor, requireJob, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import { containsPattern } from "~/lib/like-pattern";
import { isObjectId } from "~/lib/object-id";
import type { PageQuery } from "~/lib/pagination";
import type { Database } from "~/.server/db/client";
import { bookingPhoneDigits, bookingReferenceKey, bookings, bookingSearchText, closedDates } from "~/.server/db/schema";
import { searchTerms } from "./booking-search";
import { needsNewTimeSql, ownedBy, type BookingRowRead, toBooking, withManageToken } from "./booking-rows.server";
import { ANYTIME, NO_PACKAGE_LABEL, type Booking, type BookingFilters, type ListOrder } from "./bookings.schema";
import type { BookingServiceOptions } from "./booking-context";
import { dayWindows, occupiedSlots, openingOn } from "./slot-plan";

/**
 * Reading bookings: a customer's own list and booking, an admin's lists and day, and the CSV
 * export. Who sees what is decided here, once per list (the scope).
 */

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

/** A booking in a day's slot; one that arrived in an earlier slot and still holds a bay says which. */
export type DayBooking = Booking & { continuesFrom?: string };

export function createBookingLists(
  db: Database,
  { settings, timeZone, links }: Pick<BookingServiceOptions, "settings" | "timeZone" | "links">,
) {
  const withToken = (booking: Booking) => withManageToken(links, booking);

  /**
   * Among everyone's bookings one looks for a customer, by what they quote: a whole e-mail address
   * (its index finds them at once), the reference, a phone number or part of one in any form (its
   * digits anywhere in the booking's phone digits), or part of a name, phone or e-mail (trigram
   * indexes serve both expressions). Each has its index, so a search reads its matches, not the table.
   */
  function customerSearch(q: string): SQL | undefined {
    if (EMAIL.test(q)) return eq(bookings.email, q.toLowerCase());
    const { reference, phoneDigits, text } = searchTerms(q);
    return or(
      reference ? eq(bookingReferenceKey(bookings), reference) : undefined,
      phoneDigits ? like(bookingPhoneDigits(bookings), containsPattern(phoneDigits)) : undefined,
      text ? ilike(bookingSearchText(bookings), containsPattern(text)) : undefined,
    );
  }

  /** Among one's own few bookings, what was booked, as the list shows it, or its reference. */
  function ownSearch(q: string): SQL | undefined {
    const pattern = containsPattern(q);
    const { reference } = searchTerms(q);
    return or(
      ...[bookings.serviceType, shownPackageName, bookings.vehicleType].map((f) => ilike(f, pattern)),
      ilike(sql`${bookings.preferredDate}::text`, pattern),
      reference ? eq(bookingReferenceKey(bookings), reference) : undefined,
    );
  }

  function whereFor(caller: Actor, scope: BookingScope, filters: BookingFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (scope === "own") conditions.push(ownedBy(caller));
    if (filters.status) conditions.push(eq(bookings.status, filters.status));
    if (filters.from) conditions.push(gte(bookings.preferredDate, filters.from));
    if (filters.to) conditions.push(lte(bookings.preferredDate, filters.to));
    if (filters.q) conditions.push(scope === "all" ? customerSearch(filters.q) : ownSearch(filters.q));
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
      .select({
        ...getTableColumns(bookings),
        needsNewTime: needsNewTimeSql(sql.placeholder("today")),
        matches: cappedCount(where),
      })
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
      .select({
        ...getTableColumns(bookings),
        needsNewTime: needsNewTimeSql(businessToday(timeZone)),
        matches: cappedCount(where),
      })
      .from(bookings)
      .where(where)
      .orderBy(...listOrder(query, scope))
      .limit(query.limit)
      .offset(query.offset);
  }

  /**
   * A page of everyone's bookings in visit order (Manage Bookings), filtered or not: upcoming visits
   * first, soonest first (by date, then arrival slot, then the earlier request), then past ones,
   * latest first. Each part is read in its index's order up to the page's end, so a page costs its
   * offset and size, not the table (the pager stops at COUNT_CAP); the few rows read are then put
   * in order.
   */
  async function visitList(caller: Actor, query: PageQuery & BookingFilters) {
    const where = whereFor(caller, "all", query);
    const today = businessToday(timeZone);
    const reach = query.offset + query.limit;
    const part = (n: 0 | 1, when: SQL, order: typeof asc) =>
      db
        .select({
          ...getTableColumns(bookings),
          needsNewTime: needsNewTimeSql(today).as("needs_new_time"),
          part: sql<number>`${sql.raw(String(n))}`.as("part"),
          matches: cappedCount(where).as("matches"),
        })
        .from(bookings)
        .where(and(where, when))
        .orderBy(...VISIT_KEYS.map((key) => order(key)))
        .limit(reach);
    const visits = part(0, gte(bookings.preferredDate, today), asc)
      .unionAll(part(1, lt(bookings.preferredDate, today), desc))
      .as("visits");
    const keys = [visits.preferredDate, visits.preferredTimeSlot, visits.createdAt, visits.id];
    const upcomingKey = (key: (typeof keys)[number]) => sql`case when ${visits.part} = 0 then ${key} end`;
    const rows = await db
      .select()
      .from(visits)
      .orderBy(visits.part, ...keys.map(upcomingKey), ...keys.map((key) => desc(key)))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ part: _, ...row }) => row);
  }

  /**
   * A page of bookings and the number of matches (up to COUNT_CAP). Without a scope, a caller sees
   * what they may: a member their own bookings (each with its manage link's token), an admin everyone's.
   */
  async function listBookings(
    actor: Actor | null,
    query: PageQuery & BookingFilters & { scope?: BookingScope; order?: ListOrder },
  ) {
    const caller = requireActor(actor);
    const scope = query.scope ?? (actorCan(caller, "desk") ? "all" : "own");
    if (scope === "all") requireJob(caller, "desk");
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
        : scope === "all" && query.order === "visit"
          ? await visitList(caller, query)
          : await filteredList(caller, scope, query);
    const countMatches = async () =>
      (await db.select({ total: cappedCount(whereFor(caller, scope, query)) }).from(sql`(select 1) as one`))[0]!.total;
    const matches = rows[0]?.matches ?? (query.offset > 0 ? await countMatches() : 0);
    // toBooking takes the columns it names (not `matches`): one new object per row, and for a
    // customer's own list one more with its token.
    const shop = await settings.shopHours();
    const items = rows.map((row) => toBooking(row, shop));
    return {
      items: scope === "own" ? items.map(withToken) : items,
      total: Math.min(matches, COUNT_CAP),
      more: matches > COUNT_CAP,
    };
  }

  async function ownBooking(actor: Actor | null, id: string): Promise<BookingRowRead> {
    const caller = requireActor(actor);
    const [row] = isObjectId(id)
      ? await db
          .select({ ...getTableColumns(bookings), needsNewTime: needsNewTimeSql(businessToday(timeZone)) })
          .from(bookings)
          .where(and(eq(bookings.id, id), ownedBy(caller)))
      : [];
    if (!row) throw notFound("Booking");
    return row;
  }

  async function isClosed(date: string): Promise<boolean> {
    const [closed] = await db.select({ date: closedDates.date }).from(closedDates).where(eq(closedDates.date, date));
    return closed !== undefined;
  }

  return {
    listBookings,

    /** A customer's own booking. Anyone else's is "not found": its existence is not theirs to know. */
    async findOwnBooking(actor: Actor | null, id: string) {
      const [row, shop] = await Promise.all([ownBooking(actor, id), settings.shopHours()]);
      return withToken(toBooking(row, shop));
    },

    /** A date's live bookings by time slot, with each slot's bays: what running the day takes (admins). */
    async listDay(actor: Actor | null, date: string) {
      requireJob(actor, "desk");
      const [rows, closed, total, shop] = await Promise.all([
        db
          .select()
          .from(bookings)
          .where(and(eq(bookings.preferredDate, date), ne(bookings.status, "cancelled")))
          .orderBy(asc(bookings.createdAt))
          .limit(DAY_LIMIT),
        isClosed(date),
        settings.bays(),
        settings.shopHours(),
      ]);
      // The day's live bookings all need a new time once it is closed (and not yet past).
      const needsNewTime = closed && date >= businessToday(timeZone);
      const booked = rows.map((row) => toBooking({ ...row, needsNewTime }, shop));
      const windows = dayWindows(
        date,
        shop,
        booked.map((b) => b.preferredTimeSlot),
      );
      // A visit longer than its arrival slot is listed again in each later slot it holds a bay in.
      const inSlot = (slot: string) =>
        booked.flatMap((b): DayBooking[] => {
          if (b.preferredTimeSlot === slot) return [b];
          // Only from an earlier arrival: a window the settings dropped may overlap a later one.
          return b.preferredTimeSlot < slot && occupiedSlots(b.preferredTimeSlot, b.minutes, windows).includes(slot)
            ? [{ ...b, continuesFrom: b.preferredTimeSlot }]
            : [];
        });
      return {
        date,
        closed,
        bays: total,
        windows,
        // The board's columns end at closing (a window may run past it): the day's hours, minutes after midnight.
        hours: openingOn(date, shop) ?? null,
        slots: [...windows, ANYTIME].map((slot) => ({ slot, bookings: inSlot(slot) })),
      };
    },

    /** The filtered list for CSV export, newest first, a batch at a time (memory stays flat for any size). */
    async *exportBookings(actor: Actor | null, filters: BookingFilters): AsyncGenerator<Booking[]> {
      const where = whereFor(requireJob(actor, "reports"), "all", filters);
      const shop = await settings.shopHours();
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
        if (rows.length > 0) yield rows.map((row) => toBooking(row, shop));
        if (rows.length < EXPORT_BATCH) return;
        afterId = rows[rows.length - 1]!.id;
      }
    },
  };
}

/** A visit's place in time: its date, arrival slot ('Anytime' after the timed ones), then the request. */
const VISIT_KEYS = [bookings.preferredDate, bookings.preferredTimeSlot, bookings.createdAt, bookings.id] as const;

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
