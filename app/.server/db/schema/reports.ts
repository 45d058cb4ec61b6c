import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** The reports' rollup and the marks of what it must count again. */

/**
 * Visit days and arrival windows whose rollup rows (visitFigures) are out of date (migration 0027,
 * decision 043): a change to bookings marks its rows' day and window; the next report counts them
 * again first (flush_visit_figures). A log of marks, as customersStale.
 */
export const visitsStale = pgTable("visits_stale", {
  day: date("day", { mode: "string" }).notNull(),
  slot: text("slot").notNull(),
});

/**
 * The reports' rollup (issue 30 part 3, decision 039): per visit day, arrival window and figure
 * (visits, cancelled, no-show, completed, live, wash5, lead, class, line, length; see
 * booking_figures in migration 0025), how many bookings and what they add up to, so a month's
 * report sums a few thousand rows whatever the bookings. A change to bookings marks its day and
 * window stale (visitsStale); a report counts the marked ones again before it reads (decision 043).
 */
export const visitFigures = pgTable(
  "visit_figures",
  {
    day: date("day", { mode: "string" }).notNull(),
    slot: text("slot").notNull(),
    figure: text("figure").notNull(),
    /** What the figure is of: a class, a line's "kind:label", a length in minutes; else empty. */
    key: text("key").notNull().default(""),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    /** Cents for money figures, days for lead. */
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot, t.figure, t.key] })],
);
