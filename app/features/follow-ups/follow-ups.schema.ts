import { z } from "zod";
import type { SERVICE_TYPES } from "~/features/bookings/bookings.schema";

/**
 * Customers come back (issue 28, decision 031): after an oil change the shop records the odometer
 * and the oil, which give the next one's date and mileage; the shop's own messages follow (a due
 * reminder and one follow-up, a review request the day after a visit). This file is the settings'
 * shape and the rules every part shares: the API, the forms and the server services.
 */

/**
 * An oil the shop uses, how long it lasts (months or miles, whichever comes first) and what it
 * adds to an oil change's price in dollars (decision 048: the service's price is with the first).
 */
export interface OilType {
  id: string;
  name: string;
  months: number;
  miles: number;
  price: number;
}

export const DEFAULT_OIL_TYPES: OilType[] = [
  { id: "conventional", name: "Conventional", months: 3, miles: 3000, price: 0 },
  { id: "synthetic-blend", name: "Synthetic blend", months: 6, miles: 5000, price: 15 },
  { id: "full-synthetic", name: "Full synthetic", months: 6, miles: 7500, price: 35 },
  { id: "high-mileage", name: "High mileage", months: 3, miles: 3000, price: 20 },
];

/** The app_settings key the follow-ups' settings (the oils with their prices too) are saved under. */
export const FOLLOW_UPS_SETTINGS_KEY = "followUps";

export interface FollowUpSettings {
  oilTypes: OilType[];
  /** Due reminders on or off, and how many days before the due date one goes. */
  dueReminders: boolean;
  dueReminderDaysBefore: number;
  /** The one follow-up, this many days after the due date when nothing was booked. */
  followUpDaysAfter: number;
  /** Review requests on or off, and how many days after a visit is collected one goes. */
  reviewRequests: boolean;
  reviewRequestDaysAfter: number;
  /** Whether 4- and 5-star reviews show on the site at once (1–3 stars always wait for the admin). */
  autoPublishGoodReviews: boolean;
}

export const DEFAULT_FOLLOW_UP_SETTINGS: FollowUpSettings = {
  oilTypes: DEFAULT_OIL_TYPES,
  dueReminders: true,
  dueReminderDaysBefore: 7,
  followUpDaysAfter: 30,
  reviewRequests: true,
  reviewRequestDaysAfter: 1,
  autoPublishGoodReviews: false,
};

const OIL_PRICE_MESSAGE = "The oil's extra price must be dollars and cents from 0 to 1,000";
const oilTypeSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and dashes for the oil's id")
      .max(40),
    name: z.string().trim().min(1, "Name the oil").max(60, "Keep the oil's name under 60 characters"),
    months: z
      .number({ message: "Months must be a whole number from 1 to 24" })
      .int("Months must be a whole number from 1 to 24")
      .min(1, "Months must be a whole number from 1 to 24")
      .max(24, "Months must be a whole number from 1 to 24"),
    miles: z
      .number({ message: "Miles must be a whole number from 500 to 25,000" })
      .int("Miles must be a whole number from 500 to 25,000")
      .min(500, "Miles must be a whole number from 500 to 25,000")
      .max(25_000, "Miles must be a whole number from 500 to 25,000"),
    price: z
      .number({ message: OIL_PRICE_MESSAGE })
      .min(0, OIL_PRICE_MESSAGE)
      .max(1000, OIL_PRICE_MESSAGE)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, OIL_PRICE_MESSAGE)
      // Oil types saved before oils were priced cost nothing extra until the owner says.
      .default(0),
  })
  .strict();

const days = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a whole number of days from ${min} to ${max}` })
    .int(`${what} must be a whole number of days from ${min} to ${max}`)
    .min(min, `${what} must be a whole number of days from ${min} to ${max}`)
    .max(max, `${what} must be a whole number of days from ${min} to ${max}`);

export const followUpSettingsSchema = z
  .object({
    oilTypes: z
      .array(oilTypeSchema)
      .min(1, "Keep at least one oil type")
      .max(12, "At most 12 oil types")
      .refine((list) => new Set(list.map((o) => o.id)).size === list.length, "Each oil type needs its own id"),
    dueReminders: z.boolean(),
    dueReminderDaysBefore: days("Days before the due date", 0, 60),
    followUpDaysAfter: days("Days after the due date", 1, 120),
    reviewRequests: z.boolean(),
    reviewRequestDaysAfter: days("Days after the visit", 0, 14),
    autoPublishGoodReviews: z.boolean(),
  })
  .strict();

/** An admin's change (PATCH /api/follow-up-settings): any of the settings, each checked as above. */
export const followUpSettingsChangeSchema = followUpSettingsSchema
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, "Change at least one setting");
export type FollowUpSettingsChange = z.infer<typeof followUpSettingsChangeSchema>;

/** The stored settings, with the defaults for anything missing or unreadable. */
export function readFollowUpSettings(value: unknown): FollowUpSettings {
  const stored = typeof value === "object" && value !== null ? value : {};
  const parsed = followUpSettingsSchema.safeParse({ ...DEFAULT_FOLLOW_UP_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_FOLLOW_UP_SETTINGS;
}

const OIL_CHANGE: (typeof SERVICE_TYPES)[number] = "Oil Change";
/** A package's or add-on's line that is an oil change ("Full Synthetic Oil Change", "Quick Lube …"). */
const OIL_LINE = /\b(oil|lube)\b/i;

/**
 * Whether a visit includes an oil change: the Oil Change service, or a package or add-on line that
 * is one. The visit shows the service record's form and the collected prompt for these.
 */
export function includesOilChange(visit: {
  serviceType: string;
  lines?: readonly { label: string; kind?: string }[] | null;
}): boolean {
  if (visit.serviceType === OIL_CHANGE) return true;
  return (visit.lines ?? []).some((line) => line.kind !== "promo" && OIL_LINE.test(line.label));
}

/** "2027-03-03" plus whole months, the day kept where the month has it (Jan 31 + 1 month → Feb 28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The next oil change: the oil's months after the visit's day, and its miles after the odometer. */
export function nextDue(servicedOn: string, odometer: number, oil: Pick<OilType, "months" | "miles">) {
  return { nextDueDate: addMonths(servicedOn, oil.months), nextDueMileage: odometer + oil.miles };
}

/** POST /api/bookings/{id}/service-record: what staff read off the dashboard and the bottle. */
export const serviceRecordInputSchema = z
  .object({
    odometer: z
      .number({ message: "Enter the odometer reading in miles" })
      .int("Enter the odometer reading in whole miles")
      .min(0, "Enter the odometer reading in miles")
      .max(2_000_000, "That odometer reading is too large"),
    oilType: z.string({ message: "Choose the oil used" }).min(1, "Choose the oil used").max(40, "Choose the oil used"),
  })
  .strict();
export type ServiceRecordInput = z.infer<typeof serviceRecordInputSchema>;
