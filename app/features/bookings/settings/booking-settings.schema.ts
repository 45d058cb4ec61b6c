import { z } from "zod";
import { textField } from "~/lib/text-field";
import { upcomingDay, type Today } from "../bookings.schema";
import { MAX_CANCEL_WINDOW_HOURS } from "../change-window";
import { checkShopHours, shopHoursFields, type ShopHours } from "../shop-hours";

export const MAX_BAYS = 20;
/** Reminders go out at most a week before a visit. */
export const MAX_REMINDER_HOURS = 168;

/** A whole number from `min` to `max` (in `unit`s), as a number or the form's text of one; never true (which a coercion would read as 1). */
function wholeNumber(min: number, max: number, unit: { one: string; many: string; ask: string; maxNote?: string }) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/)
          .transform(Number),
      ],
      { message: unit.ask },
    )
    .pipe(
      z
        .number()
        .int(`Enter a whole number of ${unit.many}`)
        .min(min, `At least ${min} ${min === 1 ? unit.one : unit.many}`)
        .max(max, `At most ${max} ${unit.many}${unit.maxNote ?? ""}`),
    );
}
const bays = { one: "bay", many: "bays", ask: "Enter the number of bays" };
const hours = { one: "hour", many: "hours", ask: "Enter a number of hours", maxNote: " (a week)" };
const minutes = { one: "minute", many: "minutes", ask: "Enter a number of minutes", maxNote: " (a day)" };
/** A waitlist offer holds its place from 5 minutes to a day (issue 29). */
export const MIN_OFFER_HOLD_MINUTES = 5;
export const MAX_OFFER_HOLD_MINUTES = 1440;

/**
 * The admin's booking settings: bays per time slot, where new requests are e-mailed, and until how
 * many hours before a visit its customer may cancel or reschedule it themself.
 */
export const bookingSettingsSchema = z.object({
  bays: z.number(),
  notifyEmail: z.string(),
  cancelWindowHours: z.number(),
  reminderHours: z.number(),
  openingHours: z
    .array(z.object({ open: z.boolean(), opens: z.string(), closes: z.string() }))
    .describe("Sunday first: each weekday's hours (HH:MM), or open: false"),
  arrivalWindows: z
    .array(z.object({ start: z.string(), end: z.string() }))
    .describe("the arrival windows offered, in order"),
  leadMinutes: z.number().describe("a window is booked online until this many minutes before it starts"),
  daysAhead: z.number().describe("customers book from today up to this many days ahead"),
  offerHoldMinutes: z.number().describe("how long a waitlist offer holds its place for the customer (minutes)"),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema> & ShopHours;

/** Bays, notices, the change window and reminders: the first form of Booking Settings. */
export const capacitySettingsChangeSchema = z
  .object({
    bays: wholeNumber(1, MAX_BAYS, bays),
    cancelWindowHours: wholeNumber(0, MAX_CANCEL_WINDOW_HOURS, hours),
    // 0 sends no reminders.
    reminderHours: wholeNumber(0, MAX_REMINDER_HOURS, hours),
    // How long a waitlist offer holds its place (issue 29).
    offerHoldMinutes: wholeNumber(MIN_OFFER_HOLD_MINUTES, MAX_OFFER_HOLD_MINUTES, minutes),
    // Empty turns the business's copy of new requests off.
    notifyEmail: z.union(
      [z.literal(""), z.string().trim().max(254, "Provide a valid email").pipe(z.email("Provide a valid email"))],
      { message: "Provide a valid email" },
    ),
  })
  .partial()
  .strict();

const SHOP_FIELDS = ["openingHours", "arrivalWindows", "leadMinutes", "daysAhead"] as const;

/** A change of the settings: any of the first form's, and the shop's hours (all four of its fields, or none). */
export const bookingSettingsChangeSchema = capacitySettingsChangeSchema
  .extend(z.object(shopHoursFields).partial().shape)
  .strict()
  .superRefine((change, ctx) => {
    // As every settings change says it (backups, follow-ups): an empty change is a mistake, not a save.
    if (Object.keys(change).length === 0) {
      ctx.addIssue({ code: "custom", path: [], message: "Change at least one setting" });
      return;
    }
    const given = SHOP_FIELDS.filter((key) => change[key] !== undefined);
    if (given.length === 0) return;
    if (given.length < SHOP_FIELDS.length) {
      ctx.addIssue({ code: "custom", path: [], message: `Send ${SHOP_FIELDS.join(", ")} together` });
      return;
    }
    checkShopHours(change as ShopHours, ctx);
  });
export type BookingSettingsChange = z.infer<typeof bookingSettingsChangeSchema>;

export const closedDateSchema = z.object({ date: z.string(), reason: z.string() });
export type ClosedDate = z.infer<typeof closedDateSchema>;

/** What happens to a closed date's live bookings: their customers choose a new time, or they are cancelled. */
export const CLOSURE_CHOICES = ["reschedule", "cancel"] as const;
export type ClosureChoice = (typeof CLOSURE_CHOICES)[number];

/**
 * Closing a date (a holiday, snow): today or later in the business's time zone. `bookings`: what
 * happens to the bookings already made for it (issue 29; "reschedule" when left out); `message`: a
 * note to their customers, in the e-mail.
 */
export function closeDateSchema(today: Today) {
  return z
    .object({
      date: upcomingDay(today),
      reason: textField().trim().max(120, "At most 120 characters").default(""),
      bookings: z
        .enum(CLOSURE_CHOICES, { message: "Choose reschedule or cancel" })
        .optional()
        .describe(
          "what happens to its live bookings: each customer is asked to choose a new time (the default), or they are cancelled",
        ),
      message: textField({ multiLine: true }).trim().max(500, "At most 500 characters").optional(),
    })
    .strict();
}
export type CloseDate = z.output<ReturnType<typeof closeDateSchema>>;

/** A booking still on a closed date: its customer has not moved it yet. */
export const notMovedSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  preferredTimeSlot: z.string(),
  serviceType: z.string(),
});
export type NotMoved = z.infer<typeof notMovedSchema>;
/** An upcoming closed date as the dashboard lists it: with the bookings still on it. */
export type ClosedDateWithBookings = ClosedDate & { notMoved: NotMoved[] };
