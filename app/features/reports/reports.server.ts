import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { countStaleForReports } from "~/.server/db/stale-marks";
import { requireJob, type Actor } from "~/lib/access";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { clockMinutes } from "~/lib/opening-hours";
import {
  previousRange,
  rangeDays,
  type BayCell,
  type BayWindow,
  type DayRow,
  type MixRow,
  type Report,
  type ReportRange,
  type ReportSummary,
} from "./reports.schema";

/**
 * Reports (issue 30): every figure is an aggregate the database computes over the range asked.
 * Visits' figures come from the rollup `visit_figures` (migration 0025, decision 039): per visit
 * day, arrival window and figure, so a month is a few thousand rows whatever the bookings (the
 * windows changes have marked are counted again first: decision 043); requests by the day they
 * were made read the created_at index, and distinct customers an index of the visits that count.
 *
 * The rules (decision 037):
 * - a visit is in the range by its day (preferred_date, the business's date); a booking is
 *   "requested" in the range by when it was made (created_at) in the business's time zone;
 * - revenue is the priced lines' total after the promo (total_cents); a cancelled visit or a
 *   no-show never counts; "completed" is visit stage 'collected';
 * - a customer is the Customers list's (decision 038: the account's verified e-mail, else the
 *   booking's e-mail, else the phone's digits); new when their first visit (not cancelled, not a
 *   no-show, kept in the customers table) is in the range, else returning.
 */

const cents = (value: unknown) => Math.round(Number(value ?? 0)) / 100;
const int = (value: unknown) => Number(value ?? 0);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What bay use needs of the booking settings (services.ts gives it from Booking Settings). */
export interface BayPlan {
  bays: number;
  /** The shop's arrival windows ("09:00–11:00"), in order. */
  windows: string[];
  /** The windows a date has: none on a weekday the shop is closed. */
  windowsOn(date: string): string[];
  /** The part of a window the shop is open on its longest day ("17:00–19:00" → "17:00–18:00"). */
  openPart(window: string): string;
}

/**
 * Counts the rollup again when the business's time zone is not the one it was counted in (a new
 * database, migration 0025, a moved business): at the server's start, before it serves. Answers
 * the rollup's rows when it counted, null when it was right already.
 */
export async function keepVisitFigures(db: Database, timeZone: string): Promise<number | null> {
  const [result] = rows<{ rows: unknown }>(await db.execute(sql`select keep_visit_figures(${timeZone}) as rows`));
  return result?.rows === null || result?.rows === undefined ? null : Number(result.rows);
}

export function createReports(
  db: Database,
  options: {
    timeZone: string;
    bayPlan: () => Promise<BayPlan>;
    /** The vehicle classes' names by id ("medium" → "Medium"), as Prices has them now. */
    classNames: () => Promise<Record<string, string>>;
  },
) {
  const { timeZone } = options;
  /** The instants a range's days start and end at, in the business's time zone. */
  const instants = ({ from, to }: ReportRange) => ({
    start: zonedTimeToUtc(from, "00:00", timeZone).toISOString(),
    end: zonedTimeToUtc(addDays(to, 1), "00:00", timeZone).toISOString(),
  });
  /** The rollup's rows of a range's visit days. */
  const inRange = ({ from, to }: ReportRange) => sql`day between ${from}::date and ${to}::date`;

  /** A range's headline figures; its callers count the stale windows and customers first. */
  async function summary(range: ReportRange): Promise<ReportSummary> {
    const { from, to } = range;
    const { start, end } = instants(range);
    const [[figures], byFigure] = await Promise.all([
      db
        .execute(
          sql`select
          (select count(*) from bookings where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as requested,
          -- Customers of the range's visits that count, from bookings_live_customer_idx alone.
          (select count(distinct customer_key) from bookings
            where preferred_date between ${from}::date and ${to}::date and customer_key is not null
              and status <> 'cancelled' and visit_stage is distinct from 'no-show') as customers,
          (select count(*) from customers where first_visit between ${from}::date and ${to}::date) as new_ones,
          (select count(*) from waitlist_entries where date between ${from}::date and ${to}::date) as waitlist,
          (select count(*) from reviews where status = 'published' and published_at >= ${start}::timestamptz and published_at < ${end}::timestamptz) as reviews,
          (select avg(rating) from reviews where status = 'published' and published_at >= ${start}::timestamptz and published_at < ${end}::timestamptz) as rating,
          -- Money taken at the till (issue 46): the payments' amounts less the refunds, by when.
          (select coalesce(sum(amount_cents), 0) from payments where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz)
            - (select coalesce(sum(amount_cents), 0) from refunds where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as takings,
          -- The Wash Club (issue 47): visits it covered, and memberships sold and renewed.
          (select count(*) from bookings where membership_id is not null
            and preferred_date between ${from}::date and ${to}::date
            and status <> 'cancelled' and visit_stage is distinct from 'no-show') as club_visits,
          (select coalesce(sum(amount_cents), 0) from payments where membership_id is not null
            and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as club_revenue`,
        )
        .then(rows<Record<string, unknown>>),
      db
        .execute(
          sql`select figure, sum(n) as n, sum(amount) as amount from visit_figures
            where ${inRange(range)} and key = '' group by figure`,
        )
        .then(rows<{ figure: string; n: unknown; amount: unknown }>),
    ]);
    const figure = new Map(byFigure.map((r) => [r.figure, r]));
    const n = (name: string) => int(figure.get(name)?.n);
    const amount = (name: string) => int(figure.get(name)?.amount);
    const visits = n("visits");
    const completed = n("completed");
    const revenueCompleted = cents(amount("completed"));
    const newCustomers = int(figures?.new_ones);
    const rating = figures?.rating;
    return {
      from,
      to,
      bookings: int(figures?.requested),
      completedVisits: completed,
      revenueBooked: cents(amount("live")),
      revenueCompleted,
      averageTicket: completed ? Math.round((revenueCompleted * 100) / completed) / 100 : 0,
      takings: cents(figures?.takings),
      visits,
      cancellations: n("cancelled"),
      noShows: n("no-show"),
      cancellationRate: visits ? n("cancelled") / visits : 0,
      noShowRate: visits ? n("no-show") / visits : 0,
      wash5Visits: n("wash5"),
      wash5Discount: cents(amount("wash5")),
      // Every customer whose first visit is in the range has a visit there: the rest return.
      newCustomers,
      returningCustomers: int(figures?.customers) - newCustomers,
      leadTimeDays: n("lead") ? Math.round((amount("lead") / n("lead")) * 10) / 10 : null,
      waitlistEntries: int(figures?.waitlist),
      reviewsPublished: int(figures?.reviews),
      averageRating: rating === null || rating === undefined ? null : Math.round(Number(rating) * 100) / 100,
      clubVisits: int(figures?.club_visits),
      clubShare:
        visits - n("cancelled") - n("no-show") > 0
          ? int(figures?.club_visits) / (visits - n("cancelled") - n("no-show"))
          : 0,
      clubRevenue: cents(figures?.club_revenue),
    };
  }

  /** Per day of the range: requests by the day they were made, visits and revenue by the visit's day. */
  async function days(range: ReportRange): Promise<DayRow[]> {
    const { from, to } = range;
    const { start, end } = instants(range);
    const [visits, requests, takings] = await Promise.all([
      db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day,
          sum(n) filter (where figure = 'visits') as visits,
          sum(n) filter (where figure = 'cancelled') as cancellations,
          sum(n) filter (where figure = 'no-show') as no_shows,
          sum(amount) filter (where figure = 'live') as revenue_booked,
          sum(amount) filter (where figure = 'completed') as revenue_completed
        from visit_figures where ${inRange(range)} and key = ''
        group by day`),
      db.execute(sql`
        select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*) as bookings
        from bookings where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        group by 1`),
      db.execute(sql`
        select to_char((at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, sum(cents) as cents from (
          select created_at as at, amount_cents as cents from payments
            where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
          union all
          select created_at, -amount_cents from refunds
            where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        ) as money group by 1`),
    ]);
    const taken = new Map(rows<Record<string, unknown>>(takings).map((r) => [String(r.day), cents(r.cents)]));
    const byDay = new Map(rows<Record<string, unknown>>(visits).map((r) => [String(r.day), r]));
    const requested = new Map(rows<Record<string, unknown>>(requests).map((r) => [String(r.day), int(r.bookings)]));
    return Array.from({ length: rangeDays(from, to) }, (_, i) => {
      const date = addDays(from, i);
      const r = byDay.get(date);
      return {
        date,
        bookings: requested.get(date) ?? 0,
        visits: int(r?.visits),
        revenueBooked: cents(r?.revenue_booked),
        revenueCompleted: cents(r?.revenue_completed),
        takings: taken.get(date) ?? 0,
        cancellations: int(r?.cancellations),
        noShows: int(r?.no_shows),
      };
    });
  }

  /**
   * Places used against places offered, by weekday and arrival window. Used: the windows each visit
   * (not cancelled, not a no-show) holds a bay in, its arrival window's start plus its length
   * overlapping them (slot-plan.ts occupiedSlots), from the rollup's lengths per window. Offered:
   * the bays in each window of each open day of the range (today's settings; closed dates left out).
   * Both count the same days and windows: a visit on a closed date, or in a window that day does
   * not offer, used no place offered (it is still in the range's visits and revenue), so the two
   * figures agree and use never runs past 100% of nothing.
   */
  async function bayUse(range: ReportRange): Promise<{ cells: BayCell[]; windows: BayWindow[] }> {
    const { from, to } = range;
    const { bays, windows, windowsOn, openPart } = await options.bayPlan();
    if (windows.length === 0) return { cells: [], windows: [] };
    const values = sql.join(
      windows.map(
        (label) =>
          sql`(${label}::text, ${clockMinutes(label.slice(0, 5))}::int, ${clockMinutes(label.slice(6, 11))}::int)`,
      ),
      sql`, `,
    );
    const arrival = sql.raw(`(substr(slot, 1, 2)::int * 60 + substr(slot, 4, 2)::int)`);
    const [used, closed] = await Promise.all([
      db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as date, w.label as slot, sum(n) as used
        from visit_figures
        join (values ${values}) as w(label, starts, ends)
          on w.starts < ${arrival} + key::int and w.ends > ${arrival}
        where ${inRange(range)} and figure = 'length'
        group by 1, 2`),
      db.execute(
        sql`select to_char(date, 'YYYY-MM-DD') as date from closed_dates where date between ${from}::date and ${to}::date`,
      ),
    ]);
    const closedDays = new Set(rows<{ date: string }>(closed).map((r) => r.date));
    const cells = new Map<string, BayCell>();
    const cell = (weekday: number, slot: string) => {
      const key = `${weekday} ${slot}`;
      let found = cells.get(key);
      if (!found) cells.set(key, (found = { weekday, slot, used: 0, offered: 0 }));
      return found;
    };
    for (const weekday of [1, 2, 3, 4, 5, 6, 0]) for (const slot of windows) cell(weekday, slot);
    const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    /** The windows a date offers places in: none on a closed date. */
    const offeredOn = (date: string) => (closedDays.has(date) ? [] : windowsOn(date));
    for (let i = 0; i < rangeDays(from, to); i++) {
      const date = addDays(from, i);
      for (const slot of offeredOn(date)) cell(weekdayOf(date), slot).offered += bays;
    }
    for (const r of rows<Record<string, unknown>>(used)) {
      const date = String(r.date);
      const slot = String(r.slot);
      if (offeredOn(date).includes(slot)) cell(weekdayOf(date), slot).used += int(r.used);
    }
    return { cells: [...cells.values()], windows: windows.map((slot) => ({ slot, open: openPart(slot) })) };
  }

  /** Packages, services and add-ons by their priced lines; vehicle classes by the visit's total. */
  async function mix(range: ReportRange): Promise<MixRow[]> {
    const [found, classNames] = await Promise.all([
      db
        .execute(
          sql`
        select figure, key, sum(n) as count, sum(amount) as revenue from visit_figures
        where ${inRange(range)} and figure in ('line', 'class')
        group by 1, 2 having sum(n) > 0`,
        )
        .then(rows<Record<string, unknown>>),
      options.classNames(),
    ]);
    const out: MixRow[] = found.map((r) => {
      const key = String(r.key);
      // A line's key is "kind:label" (kinds have no colon); a class's is the class.
      const [kind, label] =
        r.figure === "line"
          ? [key.slice(0, key.indexOf(":")) as MixRow["kind"], key.slice(key.indexOf(":") + 1)]
          : (["vehicle-class", classNames[key] ?? key] as const);
      return { kind, label, count: int(r.count), revenue: cents(r.revenue) };
    });
    const order = ["package", "service", "add-on", "vehicle-class"];
    return out.sort(
      (a, b) =>
        order.indexOf(a.kind) - order.indexOf(b.kind) || b.revenue - a.revenue || a.label.localeCompare(b.label),
    );
  }

  /** Memberships active on the range's last day (sold by then, not ended, not cancelled by then), by plan. */
  async function clubMembers({ to }: ReportRange) {
    const end = zonedTimeToUtc(addDays(to, 1), "00:00", timeZone).toISOString();
    const found = await db.execute(sql`
      select p.name as plan, count(*) as members from memberships m join membership_plans p on p.id = m.plan_id
      where m.valid_until >= ${to}::date and m.created_at < ${end}::timestamptz
        and (m.cancelled_at is null or m.cancelled_at >= ${end}::timestamptz)
        and (m.washes_left is null or m.washes_left > 0)
      group by p.name order by count(*) desc, p.name`);
    return rows<{ plan: string; members: unknown }>(found).map((r) => ({ plan: r.plan, members: int(r.members) }));
  }

  return {
    /** The headline figures of a range (GET /api/reports/summary). */
    async summary(actor: Actor | null, range: ReportRange): Promise<ReportSummary> {
      requireJob(actor, "reports");
      // The rollup and the customers table's first visits (new customers): counted first, once.
      await countStaleForReports(db);
      return summary(range);
    },

    /** The whole report of a range and the figures of the range before it (GET /api/reports). */
    async report(actor: Actor | null, range: ReportRange): Promise<Report> {
      requireJob(actor, "reports");
      await countStaleForReports(db);
      const [current, previous, perDay, bays, theMix, members] = await Promise.all([
        summary(range),
        summary(previousRange(range)),
        days(range),
        bayUse(range),
        mix(range),
        clubMembers(range),
      ]);
      return {
        summary: current,
        previous,
        days: perDay,
        bayUse: bays.cells,
        bayWindows: bays.windows,
        mix: theMix,
        clubMembers: members,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReports>;
