import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { requireAdmin, type Actor } from "~/lib/access";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { clockMinutes } from "~/lib/opening-hours";
import {
  previousRange,
  rangeDays,
  type BayCell,
  type DayRow,
  type MixRow,
  type Report,
  type ReportRange,
  type ReportSummary,
} from "./reports.schema";

/**
 * Reports (issue 30, part 1): every figure is an aggregate the database computes over the range
 * asked, grouped there (by day, weekday and window, line, class); what comes back is at most one
 * row per day, cell or label, never the bookings themselves.
 *
 * The rules (decision 037):
 * - a visit is in the range by its day (preferred_date, the business's date); a booking is
 *   "requested" in the range by when it was made (created_at) in the business's time zone;
 * - revenue is the priced lines' total after the promo (total_cents); a cancelled visit or a
 *   no-show never counts; "completed" is visit stage 'collected';
 * - a customer is the Customers list's (decision 038: the account's verified e-mail, else the
 *   booking's e-mail, else the phone's digits); returning when their first visit (not cancelled,
 *   not a no-show, kept in the customers table) is before the range.
 */

const cents = (value: unknown) => Math.round(Number(value ?? 0)) / 100;
const int = (value: unknown) => Number(value ?? 0);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Not cancelled, not a no-show: the visit counts as revenue booked and holds its place. */
const LIVE = sql.raw(`status <> 'cancelled' and visit_stage is distinct from 'no-show'`);
const LIVE_B = sql.raw(`b.status <> 'cancelled' and b.visit_stage is distinct from 'no-show'`);

/** What bay use needs of the booking settings (services.ts gives it from Booking Settings). */
export interface BayPlan {
  bays: number;
  /** The shop's arrival windows ("09:00–11:00"), in order. */
  windows: string[];
  /** The windows a date has: none on a weekday the shop is closed. */
  windowsOn(date: string): string[];
}

export function createReports(db: Database, options: { timeZone: string; bayPlan: () => Promise<BayPlan> }) {
  const { timeZone } = options;
  /** The instants a range's days start and end at, in the business's time zone. */
  const instants = ({ from, to }: ReportRange) => ({
    start: zonedTimeToUtc(from, "00:00", timeZone).toISOString(),
    end: zonedTimeToUtc(addDays(to, 1), "00:00", timeZone).toISOString(),
  });

  async function summary(range: ReportRange): Promise<ReportSummary> {
    const { from, to } = range;
    const { start, end } = instants(range);
    const [figures] = rows<Record<string, unknown>>(
      await db.execute(sql`
        select
          count(*) as visits,
          count(*) filter (where status = 'cancelled') as cancellations,
          count(*) filter (where status <> 'cancelled' and visit_stage = 'no-show') as no_shows,
          count(*) filter (where status <> 'cancelled' and visit_stage = 'collected') as completed,
          coalesce(sum(total_cents) filter (where ${LIVE}), 0) as revenue_booked,
          coalesce(sum(total_cents) filter (where status <> 'cancelled' and visit_stage = 'collected'), 0) as revenue_completed,
          count(*) filter (where ${LIVE} and promo_code = 'WASH5') as wash5_visits,
          coalesce(sum(discount_cents) filter (where ${LIVE} and promo_code = 'WASH5'), 0) as wash5_discount,
          avg(preferred_date - (created_at at time zone ${timeZone})::date)
            filter (where status <> 'cancelled' and preferred_date >= (created_at at time zone ${timeZone})::date) as lead_days,
          (select count(*) from bookings where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as requested,
          (select count(*) from waitlist_entries where date between ${from}::date and ${to}::date) as waitlist,
          (select count(*) from reviews where status = 'published' and published_at >= ${start}::timestamptz and published_at < ${end}::timestamptz) as reviews,
          (select avg(rating) from reviews where status = 'published' and published_at >= ${start}::timestamptz and published_at < ${end}::timestamptz) as rating
        from bookings
        where preferred_date between ${from}::date and ${to}::date`),
    );
    const [customers] = rows<Record<string, unknown>>(
      // Each customer of the range's visits once, judged by their first visit, which the customers
      // table keeps (migration 0024): one index probe per customer.
      await db.execute(sql`
        with seen as (
          select distinct b.customer_key as key
          from bookings b
          where b.preferred_date between ${from}::date and ${to}::date
            and ${LIVE_B} and b.customer_key is not null
        )
        select count(*) filter (where c.first_visit >= ${from}::date) as new_ones,
               count(*) filter (where c.first_visit < ${from}::date) as returning_ones
        from seen join customers c on c.key = seen.key`),
    );
    const visits = int(figures?.visits);
    const completed = int(figures?.completed);
    const revenueCompleted = cents(figures?.revenue_completed);
    const lead = figures?.lead_days;
    const rating = figures?.rating;
    return {
      from,
      to,
      bookings: int(figures?.requested),
      completedVisits: completed,
      revenueBooked: cents(figures?.revenue_booked),
      revenueCompleted,
      averageTicket: completed ? Math.round((revenueCompleted * 100) / completed) / 100 : 0,
      visits,
      cancellations: int(figures?.cancellations),
      noShows: int(figures?.no_shows),
      cancellationRate: visits ? int(figures?.cancellations) / visits : 0,
      noShowRate: visits ? int(figures?.no_shows) / visits : 0,
      wash5Visits: int(figures?.wash5_visits),
      wash5Discount: cents(figures?.wash5_discount),
      newCustomers: int(customers?.new_ones),
      returningCustomers: int(customers?.returning_ones),
      leadTimeDays: lead === null || lead === undefined ? null : Math.round(Number(lead) * 10) / 10,
      waitlistEntries: int(figures?.waitlist),
      reviewsPublished: int(figures?.reviews),
      averageRating: rating === null || rating === undefined ? null : Math.round(Number(rating) * 100) / 100,
    };
  }

  /** Per day of the range: requests by the day they were made, visits and revenue by the visit's day. */
  async function days(range: ReportRange): Promise<DayRow[]> {
    const { from, to } = range;
    const { start, end } = instants(range);
    const [visits, requests] = await Promise.all([
      db.execute(sql`
        select to_char(preferred_date, 'YYYY-MM-DD') as day,
          count(*) as visits,
          count(*) filter (where status = 'cancelled') as cancellations,
          count(*) filter (where status <> 'cancelled' and visit_stage = 'no-show') as no_shows,
          coalesce(sum(total_cents) filter (where ${LIVE}), 0) as revenue_booked,
          coalesce(sum(total_cents) filter (where status <> 'cancelled' and visit_stage = 'collected'), 0) as revenue_completed
        from bookings where preferred_date between ${from}::date and ${to}::date
        group by preferred_date`),
      db.execute(sql`
        select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*) as bookings
        from bookings where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        group by 1`),
    ]);
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
        cancellations: int(r?.cancellations),
        noShows: int(r?.no_shows),
      };
    });
  }

  /**
   * Places used against places offered, by weekday and arrival window. Used: the windows each visit
   * (not cancelled, not a no-show) holds a bay in, its arrival window's start plus its length
   * overlapping them (slot-plan.ts occupiedSlots), counted by the database. Offered: the bays in
   * each window of each open day of the range (today's settings; closed dates left out).
   */
  async function bayUse(range: ReportRange): Promise<BayCell[]> {
    const { from, to } = range;
    const { bays, windows, windowsOn } = await options.bayPlan();
    if (windows.length === 0) return [];
    const values = sql.join(
      windows.map(
        (label) =>
          sql`(${label}::text, ${clockMinutes(label.slice(0, 5))}::int, ${clockMinutes(label.slice(6, 11))}::int)`,
      ),
      sql`, `,
    );
    const arrival = sql.raw(
      `(substr(b.preferred_time_slot, 1, 2)::int * 60 + substr(b.preferred_time_slot, 4, 2)::int)`,
    );
    const [used, closed] = await Promise.all([
      db.execute(sql`
        select extract(dow from b.preferred_date)::int as weekday, w.label as slot, count(*) as used
        from bookings b
        join (values ${values}) as w(label, starts, ends)
          on w.starts < ${arrival} + b.duration_minutes and w.ends > ${arrival}
        where b.preferred_date between ${from}::date and ${to}::date
          and b.status <> 'cancelled' and b.visit_stage is distinct from 'no-show'
          and b.preferred_time_slot ~ '^[0-9]{2}:[0-9]{2}'
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
    for (let i = 0; i < rangeDays(from, to); i++) {
      const date = addDays(from, i);
      if (closedDays.has(date)) continue;
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      for (const slot of windowsOn(date)) cell(weekday, slot).offered += bays;
    }
    for (const r of rows<Record<string, unknown>>(used)) cell(int(r.weekday), String(r.slot)).used += int(r.used);
    return [...cells.values()];
  }

  /** Packages, services and add-ons by their priced lines; vehicle classes by the visit's total. */
  async function mix(range: ReportRange): Promise<MixRow[]> {
    const { from, to } = range;
    const [lines, classes] = await Promise.all([
      db.execute(sql`
        select l->>'kind' as kind, l->>'label' as label, count(*) as count, sum((l->>'amountCents')::int) as revenue
        from bookings b cross join lateral jsonb_array_elements(b.lines) as l
        where b.preferred_date between ${from}::date and ${to}::date and ${LIVE}
          and l->>'kind' in ('package', 'service', 'add-on')
        group by 1, 2`),
      db.execute(sql`
        select coalesce(size_class, 'unknown') as label, count(*) as count, coalesce(sum(total_cents), 0) as revenue
        from bookings b
        where preferred_date between ${from}::date and ${to}::date and ${LIVE}
        group by 1`),
    ]);
    const out: MixRow[] = [
      ...rows<Record<string, unknown>>(lines).map((r) => ({
        kind: String(r.kind) as MixRow["kind"],
        label: String(r.label),
        count: int(r.count),
        revenue: cents(r.revenue),
      })),
      ...rows<Record<string, unknown>>(classes).map((r) => ({
        kind: "vehicle-class" as const,
        label: String(r.label),
        count: int(r.count),
        revenue: cents(r.revenue),
      })),
    ];
    const order = ["package", "service", "add-on", "vehicle-class"];
    return out.sort(
      (a, b) =>
        order.indexOf(a.kind) - order.indexOf(b.kind) || b.revenue - a.revenue || a.label.localeCompare(b.label),
    );
  }

  return {
    /** The headline figures of a range (GET /api/reports/summary). */
    async summary(actor: Actor | null, range: ReportRange): Promise<ReportSummary> {
      requireAdmin(actor);
      return summary(range);
    },

    /** The whole report of a range and the figures of the range before it (GET /api/reports). */
    async report(actor: Actor | null, range: ReportRange): Promise<Report> {
      requireAdmin(actor);
      const [current, previous, perDay, bays, theMix] = await Promise.all([
        summary(range),
        summary(previousRange(range)),
        days(range),
        bayUse(range),
        mix(range),
      ]);
      return { summary: current, previous, days: perDay, bayUse: bays, mix: theMix };
    },
  };
}

export type ReportsService = ReturnType<typeof createReports>;
