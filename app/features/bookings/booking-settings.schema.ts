import { z } from "zod";
import { upcomingDay, type Today } from "./bookings.schema";

export const MAX_BAYS = 20;

/** The admin's booking settings: bays per time slot, and where new requests are e-mailed. */
export const bookingSettingsSchema = z.object({
  bays: z.number(),
  notifyEmail: z.string(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const bookingSettingsChangeSchema = z
  .object({
    bays: z.coerce
      .number({ message: "Enter the number of bays" })
      .int("Enter a whole number of bays")
      .min(1, "At least 1 bay")
      .max(MAX_BAYS, `At most ${MAX_BAYS} bays`),
    // Empty turns the business's copy of new requests off.
    notifyEmail: z.union([z.literal(""), z.string().trim().max(254).pipe(z.email("Provide a valid email"))]),
  })
  .partial()
  .strict();
export type BookingSettingsChange = z.infer<typeof bookingSettingsChangeSchema>;

export const closedDateSchema = z.object({ date: z.string(), reason: z.string() });
export type ClosedDate = z.infer<typeof closedDateSchema>;

/** Closing a date (a holiday): today or later in the business's time zone. */
export function closeDateSchema(today: Today) {
  return z
    .object({
      date: upcomingDay(today),
      reason: z.string().trim().max(120, "At most 120 characters").default(""),
    })
    .strict();
}
