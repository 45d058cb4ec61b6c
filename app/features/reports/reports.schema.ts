import { z } from "zod";
import { addDays } from "~/lib/business-date";

/**
 * Reports (issue 30, part 1): the contract of GET /api/reports, /api/reports/summary and
 * /api/reports/csv, and the range presets. Browser-safe. Money is in dollars, as prices are.
 */

/** The longest range one report covers, in days (a leap year). */
export const RANGE_DAYS_MAX = 366;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) =>
  ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export const FROM_TO_ORDER = "The range must start on or before the day it ends (from ≤ to).";
export const RANGE_TOO_LONG = `A report covers at most ${RANGE_DAYS_MAX} days: choose a shorter range.`;

const dayField = (name: string) =>
  z
    .string({ error: `${name} is required, as YYYY-MM-DD.` })
    .refine(isRealDate, { message: `${name} must be a date as YYYY-MM-DD.` });

/** Days from `from` to `to`, both counted. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const rangeFields = { from: dayField("from"), to: dayField("to") };
export function checkRange({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (!isRealDate(from) || !isRealDate(to)) return;
  if (from > to) ctx.addIssue({ code: "custom", path: ["to"], message: FROM_TO_ORDER });
  else if (rangeDays(from, to) > RANGE_DAYS_MAX)
    ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_TOO_LONG });
}
export const rangeQuerySchema = z.object(rangeFields).superRefine(checkRange);
export type ReportRange = { from: string; to: string };

/**
 * The range before a range, ending the day before it starts: whole calendar months (a month, a
 * quarter, a year) are compared with as many months before (December with November 1–30, not
 * October 31–November 30); any other range with as many days before (a week with the week before).
 */
export function previousRange({ from, to }: ReportRange): ReportRange {
  const months = wholeMonths(from, to);
  if (months) return { from: `${shiftMonth(from.slice(0, 7), -months)}-01`, to: addDays(from, -1) };
  const days = rangeDays(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** "2026-12" moved by `by` months ("2026-11" for −1, "2025-12" for −12). */
function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** How many calendar months a range covers whole (the 1st of one to the last day of another), else 0. */
function wholeMonths(from: string, to: string): number {
  if (!from.endsWith("-01") || addDays(to, 1).slice(8) !== "01") return 0;
  const month = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return month(to) - month(from) + 1;
}

export const PRESETS = [
  { id: "this-week", label: "This week" },
  { id: "last-week", label: "Last week" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
  { id: "this-year", label: "This year" },
] as const;
export type PresetId = (typeof PRESETS)[number]["id"];

/** A preset's range on `today` (the business's date). Weeks start on Monday. */
export function presetRange(id: PresetId, today: string): ReportRange {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (id) {
    case "this-week":
      return { from: monday, to: addDays(monday, 6) };
    case "last-week":
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case "this-month":
      return { from: firstOfMonth, to: addDays(`${addDays(firstOfMonth, 31).slice(0, 7)}-01`, -1) };
    case "last-month": {
      const end = addDays(firstOfMonth, -1);
      return { from: `${end.slice(0, 7)}-01`, to: end };
    }
    case "this-year":
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

export const summarySchema = z.object({
  from: z.string(),
  to: z.string(),
  bookings: z.number().int().describe("Bookings requested in the range (by the day they were made, business time)"),
  completedVisits: z.number().int().describe("Visits in the range collected (visit stage 'collected')"),
  revenueBooked: z.number().describe("Dollars: priced lines of the range's visits, not cancelled, not no-shows"),
  revenueCompleted: z.number().describe("Dollars: priced lines of the range's completed visits"),
  averageTicket: z.number().describe("Dollars: revenueCompleted ÷ completedVisits (0 without any)"),
  takings: z
    .number()
    .describe("Dollars taken at the till in the range (payments without tips, gift cards sold included) less refunds"),
  visits: z.number().int().describe("Visits booked for a day of the range, any status"),
  cancellations: z.number().int().describe("The range's visits cancelled"),
  noShows: z.number().int().describe("The range's visits marked a no-show"),
  cancellationRate: z.number().describe("cancellations ÷ visits, 0–1"),
  noShowRate: z.number().describe("noShows ÷ visits, 0–1"),
  wash5Visits: z.number().int().describe("The range's visits (not cancelled, not no-shows) with WASH5"),
  wash5Discount: z.number().describe("Dollars of WASH5 discount on them"),
  newCustomers: z.number().int().describe("Customers of the range's visits with no visit before the range"),
  returningCustomers: z.number().int().describe("Customers of the range's visits with a visit before it"),
  leadTimeDays: z.number().nullable().describe("Average days from request to visit (null without visits)"),
  waitlistEntries: z.number().int().describe("Waitlist entries for a day of the range"),
  reviewsPublished: z.number().int().describe("Reviews published in the range"),
  averageRating: z.number().nullable().describe("Their average rating, 1–5 (null without any)"),
  clubVisits: z.number().int().describe("The range's visits covered by the Wash Club (not cancelled, not no-shows)"),
  clubShare: z.number().describe("clubVisits ÷ the range's visits not cancelled nor no-shows, 0–1"),
  clubRevenue: z.number().describe("Dollars taken at the till for Wash Club memberships sold and renewed in the range"),
});
export type ReportSummary = z.infer<typeof summarySchema>;

export const dayRowSchema = z.object({
  date: z.string(),
  bookings: z.number().int(),
  visits: z.number().int(),
  revenueBooked: z.number(),
  revenueCompleted: z.number(),
  takings: z.number().describe("Dollars taken at the till that day, less refunds"),
  cancellations: z.number().int(),
  noShows: z.number().int(),
});
export type DayRow = z.infer<typeof dayRowSchema>;

export const bayCellSchema = z.object({
  weekday: z.number().int().describe("0 Sunday … 6 Saturday"),
  slot: z.string(),
  used: z.number().int().describe("Places held by visits (not cancelled, not no-shows)"),
  offered: z.number().int().describe("Bays × open days of that weekday in the range with that window"),
});
export type BayCell = z.infer<typeof bayCellSchema>;

export const bayWindowSchema = z.object({
  slot: z.string().describe("the arrival window, as bayUse's cells name it"),
  open: z
    .string()
    .describe("the part of it the shop is open on its longest day: 17:00–19:00 with a 6 PM closing is 17:00–18:00"),
});
export type BayWindow = z.infer<typeof bayWindowSchema>;

export const mixRowSchema = z.object({
  kind: z.enum(["package", "service", "add-on", "vehicle-class"]),
  label: z.string(),
  count: z.number().int(),
  revenue: z.number(),
});
export type MixRow = z.infer<typeof mixRowSchema>;

export const reportSchema = z.object({
  summary: summarySchema,
  previous: summarySchema.describe("The same figures for the range before (as many days, just before)"),
  days: z.array(dayRowSchema),
  bayUse: z.array(bayCellSchema),
  bayWindows: z.array(bayWindowSchema).describe("bay use's windows, in order, with the hours the shop is open in each"),
  mix: z.array(mixRowSchema).describe("a vehicle class by its name (Booking Settings → Prices), the lines by theirs"),
  clubMembers: z
    .array(z.object({ plan: z.string(), members: z.number().int() }))
    .describe("Wash Club memberships active on the range's last day, by plan"),
});
export type Report = z.infer<typeof reportSchema>;

/** Weekdays by number, 0 Sunday (Date#getUTCDay's). */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const CSV_SECTIONS = ["summary", "days", "bay-use", "mix"] as const;
export type CsvSection = (typeof CSV_SECTIONS)[number];
