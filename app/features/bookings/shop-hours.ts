import { z } from "zod";
import { clockMinutes, OPENING_HOURS, type OpeningPeriod } from "~/lib/opening-hours";

/**
 * The shop's hours as Booking Settings hold them (decision 028): opening hours per weekday, the
 * arrival windows customers choose from, how soon before a window and how far ahead they can book.
 * Browser-safe: the settings form, the booking forms and the server read the same shape.
 */

/** One weekday's hours, "HH:MM" on the business's clock; `open: false` closes the shop that day. */
export interface WeekdayHours {
  open: boolean;
  opens: string;
  closes: string;
}

export interface ShopHours {
  /** Sunday (0) … Saturday (6), as Date#getDay. */
  openingHours: WeekdayHours[];
  /** The arrival windows, in order, as "HH:MM" pairs: each is a slot label "HH:MM–HH:MM". */
  arrivalWindows: { start: string; end: string }[];
  /** A window is booked online until this many minutes before it starts. */
  leadMinutes: number;
  /** Customers can book from today up to this many days ahead. */
  daysAhead: number;
}

export const MAX_WINDOWS = 12;
export const MAX_LEAD_MINUTES = 24 * 60;
export const MAX_DAYS_AHEAD = 365;
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The order a week is shown in: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A window's slot label, as bookings store it: "09:00–11:00". */
export const windowLabel = (w: { start: string; end: string }) => `${w.start}–${w.end}`;

/**
 * The specification's hours: Mon–Sat 8 AM–6 PM, Sun 8 AM–5 PM, its five windows; a window booked
 * until it starts and any date within a year, as the code allowed before these were settings.
 */
export const DEFAULT_SHOP_HOURS: ShopHours = {
  openingHours: WEEKDAYS.map((_, day) => {
    const period = OPENING_HOURS.find((p) => p.days.includes(day));
    return period
      ? { open: true, opens: hhmm(period.opens), closes: hhmm(period.closes) }
      : { open: false, opens: "08:00", closes: "18:00" };
  }),
  arrivalWindows: ["09:00", "11:00", "13:00", "15:00", "17:00"].map((start) => ({
    start,
    end: hhmm(clockMinutes(start) + 120),
  })),
  leadMinutes: 0,
  daysAhead: MAX_DAYS_AHEAD,
};

/** How a date past the days ahead is refused. */
export const tooFarMessage = (daysAhead: number) =>
  `We take bookings up to ${daysAhead} ${daysAhead === 1 ? "day" : "days"} ahead. Please choose an earlier date.`;

/** The slot labels of the shop's windows, in order ('Anytime' aside). */
export const windowLabels = (shop: Pick<ShopHours, "arrivalWindows">) => shop.arrivalWindows.map(windowLabel);

/** A weekday's opening as minutes after midnight; undefined when the shop is closed that day. */
export function openingOnWeekday(shop: Pick<ShopHours, "openingHours">, weekday: number) {
  const day = shop.openingHours[weekday];
  return day?.open ? { opens: clockMinutes(day.opens), closes: clockMinutes(day.closes) } : undefined;
}

/** Opening hours in minutes after midnight, as openingOnWeekday answers them. */
export interface OpenMinutes {
  opens: number;
  closes: number;
}

/** The week's widest hours: its earliest opening and latest closing; undefined when it is closed all week. */
export function weekHours(shop: Pick<ShopHours, "openingHours">): OpenMinutes | undefined {
  const days = WEEK_ORDER.map((day) => openingOnWeekday(shop, day)).filter((d) => d !== undefined);
  if (days.length === 0) return undefined;
  return { opens: Math.min(...days.map((d) => d.opens)), closes: Math.max(...days.map((d) => d.closes)) };
}

/**
 * The part of a window the shop is open ("17:00–19:00" on a day that closes at 6 PM: "17:00–18:00"),
 * as the bay board and Reports head their columns (a car is taken in those hours only); the window
 * as it is when the hours hold all of it, or none of it.
 */
export function openPartOfWindow(label: string, hours: OpenMinutes | null | undefined): string {
  if (!hours || !/^\d\d:\d\d–\d\d:\d\d$/.test(label)) return label;
  const from = Math.max(clockMinutes(label.slice(0, 5)), hours.opens);
  const to = Math.min(clockMinutes(label.slice(6, 11)), hours.closes);
  return to > from ? windowLabel({ start: hhmm(from), end: hhmm(to) }) : label;
}

/** The week as the public pages list it: consecutive days with the same hours in one line ("Mon–Sat"). */
export function openingPeriods(shop: Pick<ShopHours, "openingHours">): OpeningPeriod[] {
  const short = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const periods: OpeningPeriod[] = [];
  for (const day of WEEK_ORDER) {
    const hours = openingOnWeekday(shop, day);
    if (!hours) continue;
    const last = periods.at(-1);
    const previous = last?.days.at(-1);
    if (
      last &&
      previous === WEEK_ORDER[WEEK_ORDER.indexOf(day) - 1] &&
      last.opens === hours.opens &&
      last.closes === hours.closes
    )
      last.days = [...last.days, day];
    else periods.push({ label: "", days: [day], ...hours });
  }
  return periods.map((p) => ({
    ...p,
    label: p.days.length === 1 ? short[p.days[0]!]! : `${short[p.days[0]!]}–${short[p.days.at(-1)!]}`,
  }));
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 08:00");
const whole = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `Enter a number of ${what}` })
    .int(`Enter a whole number of ${what}`)
    .min(min, `At least ${min} ${what}`)
    .max(max, `At most ${max} ${what}`);

/** The fields of the shop's hours as the settings form and PATCH /api/booking-settings send them. */
export const shopHoursFields = {
  openingHours: z
    .array(z.object({ open: z.boolean(), opens: clock, closes: clock }).strict(), {
      message: "Give the hours of all seven days",
    })
    .length(7, "Give the hours of all seven days"),
  arrivalWindows: z
    .array(z.object({ start: clock, end: clock }).strict(), { message: "Add at least one arrival window" })
    .min(1, "Add at least one arrival window")
    .max(MAX_WINDOWS, `At most ${MAX_WINDOWS} arrival windows`),
  leadMinutes: whole(0, MAX_LEAD_MINUTES, "minutes"),
  daysAhead: whole(1, MAX_DAYS_AHEAD, "days"),
};

/** What an admin may save: closing after opening, windows that start in the hours and do not overlap. */
export function checkShopHours(shop: Pick<ShopHours, "openingHours" | "arrivalWindows">, ctx: z.RefinementCtx) {
  shop.openingHours.forEach((day, i) => {
    if (day.open && clockMinutes(day.closes) <= clockMinutes(day.opens))
      ctx.addIssue({
        code: "custom",
        path: ["openingHours", i, "closes"],
        message: "Closing time must be after opening time",
      });
  });
  const open = shop.openingHours.filter((d) => d.open);
  if (open.length === 0) {
    ctx.addIssue({ code: "custom", path: ["openingHours"], message: "Open the shop on at least one day" });
    return;
  }
  const earliest = Math.min(...open.map((d) => clockMinutes(d.opens)));
  const latest = Math.max(...open.map((d) => clockMinutes(d.closes)));
  shop.arrivalWindows.forEach((w, i) => {
    const [start, end] = [clockMinutes(w.start), clockMinutes(w.end)];
    const previous = shop.arrivalWindows[i - 1];
    if (end <= start)
      ctx.addIssue({
        code: "custom",
        path: ["arrivalWindows", i, "end"],
        message: "The window must end after it starts",
      });
    else if (start < earliest || start >= latest)
      ctx.addIssue({
        code: "custom",
        path: ["arrivalWindows", i, "start"],
        message: "The window must start within opening hours",
      });
    else if (previous && start < clockMinutes(previous.end))
      ctx.addIssue({
        code: "custom",
        path: ["arrivalWindows", i, "start"],
        message: "Start after the previous window ends",
      });
  });
}

export const shopHoursChangeSchema = z.object(shopHoursFields).strict().superRefine(checkShopHours);

/** Whether a stored value is the shop's hours (the settings row could be anything once). */
export function readShopHours(value: unknown): ShopHours {
  const parsed = shopHoursChangeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SHOP_HOURS;
}
