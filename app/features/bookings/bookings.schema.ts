import { z } from "zod";

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking as the API and pages send it (specification: docs/decisions/008 §7). */
export const bookingSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  vehicleType: z.string(),
  vehicleYear: z.number().nullable(),
  serviceType: z.string(),
  packageSelection: z.string(),
  packageName: z.string(),
  packagePrice: z.number().nullable(),
  promoCode: z.string(),
  discount: z.number(),
  finalPrice: z.number().nullable(),
  preferredDate: z.string(),
  preferredTimeSlot: z.string(),
  specialInstructions: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Anything but confirmed or cancelled/canceled reads as Pending (specification: docs/decisions/008 §7). */
export function displayStatus(status: string): "Confirmed" | "Cancelled" | "Pending" {
  if (status === "confirmed") return "Confirmed";
  if (status === "cancelled" || status === "canceled") return "Cancelled";
  return "Pending";
}

/** The specification's option lists (docs/decisions/008 §7). */
export const VEHICLE_TYPES = ["Car", "SUV", "Truck", "Minivan", "Coupe", "Hatchback", "Other"] as const;
export const SERVICE_TYPES = [
  "Hand Wash",
  "Interior Clean",
  "Wax",
  "Full Detail",
  "Oil Change",
  "Engine Clean",
] as const;
export const PACKAGE_SELECTIONS = ["None", "Basic", "Standard", "Premium"] as const;
export const TIME_SLOTS = [
  "09:00–11:00",
  "11:00–13:00",
  "13:00–15:00",
  "15:00–17:00",
  "17:00–19:00",
  "Anytime",
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
/** "Anytime" requests hold no bay until an admin gives them a slot. */
export const ANYTIME: TimeSlot = "Anytime";
export const BAY_SLOTS = TIME_SLOTS.filter((slot) => slot !== ANYTIME);

export const PROMO_CODE = "WASH5";
export const PROMO_PERCENT = 5;

/** Whether a string is a real calendar day as YYYY-MM-DD (not 2026-02-30): what the database's date type accepts. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A real calendar day (YYYY-MM-DD), with the message for anything else. */
export function calendarDay(message: string) {
  return z.string({ message }).refine(isCalendarDay, message);
}

/** A real calendar day, today or later: booking dates and closed dates. */
export function upcomingDay(today: string) {
  return calendarDay("Select a date").refine((d) => d >= today, "Choose today or a later date");
}

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default("");

/**
 * The booking request of both forms (docs/decisions/008 §7), for a given "today" in the
 * business's time zone. `email` is required on the contact form; the package form takes the
 * signed-in user's instead, so there it may be absent.
 */
export function bookingRequestSchema({ today, requireEmail }: { today: string; requireEmail: boolean }) {
  const maxYear = Number(today.slice(0, 4)) + 1;
  const email = z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Provide a valid email"));
  return z
    .object({
      fullName: z
        .string({ message: "Full name is required" })
        .trim()
        .min(1, "Full name is required")
        .max(100, "At most 100 characters")
        // The name goes into e-mail subjects and CSV rows: one line of text.
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Use letters, spaces and punctuation only"),
      phone: z
        .string({ message: "Phone number is required" })
        .trim()
        .min(1, "Phone number is required")
        .max(30, "Enter a valid phone number")
        .regex(/^[\d+\-\s()]{7,}$/, "Enter a valid phone number"),
      email: requireEmail ? email : email.optional(),
      vehicleType: z.enum(VEHICLE_TYPES, { message: "Select vehicle type" }),
      vehicleYear: z
        .union([
          z.literal("").transform(() => null),
          z.null(),
          z.coerce.number({ message: "Enter a year such as 2019" }).int("Enter a year such as 2019"),
        ])
        .optional()
        .transform((v) => v ?? null)
        .refine((v) => v === null || v >= 1980, "Year must be 1980 or newer")
        .refine((v) => v === null || v <= maxYear, `Year must be ≤ ${maxYear}`),
      serviceType: z.enum(SERVICE_TYPES, { message: "Choose a service" }),
      packageSelection: z.enum(PACKAGE_SELECTIONS).default("None"),
      planId: z
        .string()
        .regex(/^[0-9a-f]{24}$/, "Unknown package")
        .optional(),
      preferredDate: upcomingDay(today),
      preferredTimeSlot: z.enum(TIME_SLOTS, { message: "Select a time slot" }),
      promoCode: optionalText(20),
      specialInstructions: optionalText(1000),
      /** Honeypot: people never see it; bots fill it in. */
      website: z.string().max(200).optional(),
    })
    .strict();
}
export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;

/** The WASH5 discount in cents: 5% of the package price, rounded to cents; 0 for any other code or no price. */
export function promoDiscountCents(priceCents: number | null, code: string): number {
  return priceCents !== null && code.trim().toUpperCase() === PROMO_CODE
    ? Math.round((priceCents * PROMO_PERCENT) / 100)
    : 0;
}
