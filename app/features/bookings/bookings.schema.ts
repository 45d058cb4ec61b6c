import { z } from "zod";
import { calendarDay } from "~/lib/calendar-day";
import { clockMinutes, formatClockSpan } from "~/lib/opening-hours";
import { pageSearch } from "~/lib/page-search";
import { textField } from "~/lib/text-field";
import { LOCALES } from "~/lib/i18n/locale";
import { localeField } from "~/lib/locale-field";
import {
  SERVICE_TYPES,
  VEHICLE_TYPES,
  tierOf,
  type PackageType,
  type PopularTier,
  type ServiceType,
} from "~/features/catalogue/catalogue.schema";
import { VISIT_STAGES } from "./visit-stages";
import { LINE_KINDS } from "~/lib/price-lines";

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The short reference a customer reads out on the phone: the id's last 8 characters. */
export function bookingReference(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** When a car must arrive, "HH:MM" to "HH:MM" on the business's clock (the end is its latest arrival). */
export const arrivalSchema = z.object({ start: z.string(), end: z.string() });
export type Arrival = z.infer<typeof arrivalSchema>;

/**
 * "11 AM–12:35 PM", "3 PM" (one time to arrive at): when a car must arrive, as every page and
 * e-mail says it (here, not in visit-text.ts, so the waitlist's e-mails say it the same way).
 */
export function arrivalText(arrival: Arrival): string {
  return formatClockSpan(clockMinutes(arrival.start), clockMinutes(arrival.end));
}

/**
 * A booking as the API sends it: a booking without a package is named 'Package', the
 * specification's default (docs/specification-quirks.md §7).
 */
export const bookingSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  vehicleType: z.string(),
  vehicleYear: z.number().nullable(),
  serviceType: z.string(),
  packageSelection: z.string(),
  planId: z.string().nullable().describe("the package booked, if any (its page: /packages/{planId})"),
  packageName: z.string(),
  packagePrice: z.number().nullable(),
  promoCode: z.string(),
  discount: z.number(),
  finalPrice: z.number().nullable(),
  preferredDate: z.string(),
  preferredTimeSlot: z.string(),
  minutes: z.number().int().describe("the service's length: the booking holds every slot it overlaps"),
  arrival: arrivalSchema
    .nullable()
    .describe(
      "when the car must arrive, as the availability offers the slot: its window, shortened so the visit is done by closing; null for Anytime",
    ),
  specialInstructions: z.string(),
  status: z.enum(BOOKING_STATUSES),
  visitStage: z
    .enum(VISIT_STAGES)
    .nullable()
    .describe("where the visit is on the day (checked in … collected, or no-show); null before the car arrives"),
  overCapacity: z.boolean().describe("booked at the counter into a full slot, after staff confirmed it"),
  club: z.boolean().describe("covered by a Wash Club membership (a line of its own takes the service's price off)"),
  lines: z
    .array(z.object({ kind: z.enum(LINE_KINDS).optional(), label: z.string(), amount: z.number() }))
    .describe("the priced lines when booked: the package or service for the vehicle's class, each add-on, WASH5"),
  total: z.number().nullable().describe("what the visit costs after WASH5, in dollars; null when booked with no price"),
  paid: z.number().describe("dollars the till has taken for the visit (tips apart), less refunds"),
  refunded: z.number().describe("dollars given back from its payments"),
  balance: z.number().describe("dollars still owed: the total less what was taken (a refund does not owe it again)"),
  sizeClass: z.string().nullable().describe("the size class the visit was priced as (small, medium, large)"),
  addOns: z.array(z.string()).describe("the add-ons booked (ids)"),
  oilType: z.string().nullable().describe("an oil change's oil (an id of the oil types); null for other work"),
  vehicleId: z.string().nullable().describe("the member's vehicle from their garage, if one was chosen"),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleColor: z.string(),
  vehiclePlate: z.string(),
  createdAt: z.string(),
  locale: z.enum(LOCALES).describe("the customer's language: their e-mails are written in it"),
  needsNewTime: z
    .boolean()
    .optional()
    .describe("live, on a date the shop has since closed (today or later): its customer is asked to choose a new time"),
});
export type ApiBooking = z.infer<typeof bookingSchema>;

/** A booking's vehicle as the booking keeps it: the garage vehicle's id (if one was chosen), its type and details. */
export type BookedVehicle = Pick<
  ApiBooking,
  "vehicleId" | "vehicleType" | "vehicleYear" | "vehicleMake" | "vehicleModel" | "vehicleColor" | "vehiclePlate"
>;

/** A booking as services, pages and e-mails hold it. */
export type Booking = Omit<ApiBooking, "packageName"> & {
  /** The booked package's name; null when no package was booked. */
  packageName: string | null;
};

/**
 * Who a booking is for once its customer's personal details were removed (their account deleted, or
 * a guest asked: docs/decisions/036): the visit stays in the books, shown under these words.
 */
export const REMOVED_CUSTOMER = "Customer removed";

/** What the API answers as the package name of a booking that has none, as the specification's data does. */
export const NO_PACKAGE_LABEL = "Package";

/** How screens, the CSV and e-mails name a booking's package: its name, or "No package" (never "Package: Package"). */
export function packageLabel(booking: Pick<Booking, "packageName">): string {
  return booking.packageName ?? "No package";
}

/** A booking as the API sends it; whatever else it carries (its manage token) goes with it. */
export function toApiBooking<B extends Booking>(booking: B): Omit<B, "packageName"> & ApiBooking {
  return { ...booking, packageName: booking.packageName ?? NO_PACKAGE_LABEL };
}

/** A booking as the API sent it, back as screens hold it: the default name of no package is no package. */
export function fromApiBooking(booking: ApiBooking): Booking {
  const none = booking.packageName === NO_PACKAGE_LABEL && booking.planId === null && booking.packagePrice === null;
  return { ...booking, packageName: none ? null : booking.packageName };
}

/** Anything but confirmed or cancelled/canceled reads as Pending (specification: docs/specification-quirks.md §7). */
export function displayStatus(status: string): "Confirmed" | "Cancelled" | "Pending" {
  if (status === "confirmed") return "Confirmed";
  if (status === "cancelled" || status === "canceled") return "Cancelled";
  return "Pending";
}

export { SERVICE_TYPES, VEHICLE_TYPES, type ServiceType } from "~/features/catalogue/catalogue.schema";

/** The contact form's package choices (docs/specification-quirks.md §7). */
export const PACKAGE_SELECTIONS = ["None", "Basic", "Standard", "Premium"] as const;
export type PackageSelection = (typeof PACKAGE_SELECTIONS)[number];

/** The length of a booking nobody gave one for (those made before lengths existed): one slot. */
export const ONE_SLOT_MINUTES = 120;

/** What a visit is for, as a booking request or an availability query names it. */
export interface ServiceChoice {
  planId?: string;
  serviceType?: ServiceType;
  packageSelection?: PackageSelection;
  /** The vehicle's type and the add-ons: the visit's length for its class (pricing). */
  vehicleType?: string;
  addOns?: string[];
  /** Availability only: judge the slots for this length rather than a service's. */
  minutes?: number;
}

/** The add-ons a booking asks for: ids, at most a dozen, each once; the server prices them. */
export const ADD_ONS_MAX = 12;
const addOnId = z.string().regex(/^[0-9a-f]{24}$/, "Unknown add-on");
export const addOnIdsField = z
  .array(addOnId, { message: "Choose add-ons from the list" })
  .max(ADD_ONS_MAX, `At most ${ADD_ONS_MAX} add-ons`)
  .transform((ids) => [...new Set(ids)])
  .describe("the add-ons chosen (ids from GET /api/add-ons); the server prices and times them");

/** The service an availability query is for: a package by id, or the contact form's service and package choice. */
export const serviceChoiceQuerySchema = z.object({
  planId: z
    .string()
    .regex(/^[0-9a-f]{24}$/, "Unknown package")
    .optional()
    .describe("a package: its length decides the slots"),
  serviceType: z
    .enum(SERVICE_TYPES, { message: "Choose a service" })
    .optional()
    .describe("without planId: the contact form's service"),
  packageSelection: z
    .enum(PACKAGE_SELECTIONS, { message: "Choose a package" })
    .optional()
    .describe("without planId: Basic, Standard and Premium are the catalogue's newest package of their tier"),
  vehicleType: z
    .enum(VEHICLE_TYPES, { message: "Select vehicle type" })
    .optional()
    .describe("the vehicle's type: its size class decides the visit's length"),
  addOns: z
    .string()
    .max(400, "Choose add-ons from the list")
    .optional()
    .transform((text) =>
      text
        ? text
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(addOnIdsField.optional())
    .describe("the add-ons' ids, comma-separated: their minutes count in the visit's length"),
  minutes: z.coerce
    .number({ message: "Minutes must be a whole number from 5 to 720" })
    .int("Minutes must be a whole number from 5 to 720")
    .min(5, "Minutes must be a whole number from 5 to 720")
    .max(720, "Minutes must be a whole number from 5 to 720")
    .optional()
    .describe("a length in minutes instead of a service's: an admin moving a booking asks for its own length"),
});

/** The days the availability API lists at most, and by default. */
export const AVAILABILITY_DAYS = { max: 42, default: 28 } as const;

/** Why an arrival slot is not offered on a day. */
export const SLOT_REFUSALS = ["closed", "started", "too-late", "full"] as const;

/** An arrival slot of a day for a service of some length, as the availability API sends it. */
export interface SlotAvailability {
  slot: string;
  start: string;
  end: string;
  /** Places left in every slot the service would hold (the fewest); 0 on a closed date or once started. */
  remaining: number;
  offered: boolean;
  reason?: (typeof SLOT_REFUSALS)[number];
}

/** The contact form's package choices: each names the catalogue's newest package of a tier. */
export const SELECTION_TIERS: Record<Exclude<PackageSelection, "None">, PopularTier> = {
  Basic: "economy",
  Standard: "standard",
  Premium: "premium",
};

/** The choice a package stands for on the contact form: its tier's, or None for a 'services' package. */
export function selectionOf(type: PackageType): PackageSelection {
  const tier = tierOf(type);
  const entry = Object.entries(SELECTION_TIERS).find(([, t]) => t === tier);
  return (entry?.[0] as PackageSelection | undefined) ?? "None";
}

/** The slots that hold a bay: a label as pages and the API show it, and its hours on the business's clock. */
const BAY_SLOT_HOURS = [
  { label: "09:00–11:00", start: "09:00", end: "11:00" },
  { label: "11:00–13:00", start: "11:00", end: "13:00" },
  { label: "13:00–15:00", start: "13:00", end: "15:00" },
  { label: "15:00–17:00", start: "15:00", end: "17:00" },
  { label: "17:00–19:00", start: "17:00", end: "19:00" },
] as const;
/** "Anytime" requests hold no bay until an admin gives them a slot. */
export const ANYTIME = "Anytime";
export const BAY_SLOTS = BAY_SLOT_HOURS.map((slot) => slot.label);
export const TIME_SLOTS = [...BAY_SLOTS, ANYTIME];
export type TimeSlot = (typeof TIME_SLOTS)[number];

const SLOT_LABEL = /^([01]\d|2[0-3]):[0-5]\d–([01]\d|2[0-3]):[0-5]\d$/;

/**
 * When a bay slot starts and ends (HH:MM); undefined for 'Anytime' and anything that is not a
 * slot. A label says its own hours, so a booking made in a window the settings later drop still
 * reads (decision 028).
 */
export function slotHours(slot: string): { start: string; end: string } | undefined {
  if (!SLOT_LABEL.test(slot)) return undefined;
  const [start, end] = [slot.slice(0, 5), slot.slice(6, 11)];
  return start < end ? { start, end } : undefined;
}

/** A time slot as a request names it: 'Anytime' or a window's label; whether the day has it is the server's to judge. */
export const timeSlotField = z
  .string({ message: "Select a time slot" })
  .refine((slot) => slot === ANYTIME || slotHours(slot) !== undefined, "Select a time slot");

export const PROMO_CODE = "WASH5";
export const PROMO_PERCENT = 5;

/**
 * What one customer (one e-mail) may hold without calling: a car or two on a day, and about a
 * month of weekly washes ahead. Enough for a household; not enough for one account to take a week
 * of bays from everyone else. Admins book for customers and are not limited.
 */
export const bookingRequestLimits = { perDay: 2, upcoming: 6 } as const;

// Every date read from a request is bounded in one place (app/lib/calendar-day.ts).
export { calendarDay, isCalendarDay } from "~/lib/calendar-day";

/** A day asked for in a query: a list's date range, a day's bookings. */
export const isoDay = calendarDay("Use a date like 2026-05-31");
/** "Today" as a date, or as a function read at each parse (a schema that outlives the day, as the API's does). */
export type Today = string | (() => string);
const dateOf = (today: Today) => (typeof today === "function" ? today() : today);

/** A real calendar day, today or later: booking dates and closed dates. */
export function upcomingDay(today: Today) {
  return calendarDay("Select a date").refine((d) => d >= dateOf(today), "Choose today or a later date");
}

export const CLOSED_DATE = "We're closed on that date. Please choose another.";

/** A due reminder's rebook link the server did not write, or one past its use: the page's notice and the API's refusal. */
export const REBOOK_REFUSED = "This link has expired or is not valid. You can still book below.";

/** What narrows a booking list: Manage Bookings, its CSV export and the API's list read the same filters. */
export const bookingFiltersSchema = z.object({
  q: textField().trim().max(100).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type BookingFilters = z.output<typeof bookingFiltersSchema>;

/**
 * An admin's list in visit order (upcoming soonest first, then past latest first), as Manage Bookings
 * asks for it; without it the API keeps the specification's order (newest request first).
 */
export const LIST_ORDERS = ["visit"] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/**
 * The filters in a page's address. A page lists what it can rather than fail: a value the schema
 * refuses (an unknown status, 2026-02-30) is left out, like an empty search.
 */
export function bookingFiltersFromSearch(params: URLSearchParams): BookingFilters {
  return pageSearch(params, bookingFiltersSchema);
}

const optionalText = (max: number, options: { multiLine?: boolean } = {}) =>
  textField(options).trim().max(max, `At most ${max} characters`).default("");

const blankAsNone = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * The booking request of both forms (docs/specification-quirks.md §7), for a given "today" in the
 * business's time zone. `email` is required on the contact form; the package form takes the
 * signed-in user's instead, so there it may be absent.
 */
export function bookingRequestSchema({ today, requireEmail }: { today: Today; requireEmail: boolean }) {
  const maxYear = () => Number(dateOf(today).slice(0, 4)) + 1;
  const email = z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254, "Provide a valid email")
    .pipe(z.email("Provide a valid email"));
  return z
    .object({
      // The name goes into e-mail subjects and CSV rows: one line of text.
      fullName: textField({ message: "Full name is required", invalid: "Use letters, spaces and punctuation only" })
        .trim()
        .min(1, "Full name is required")
        .max(100, "At most 100 characters"),
      // \s alone would let a line break or form feed through to e-mails and the CSV export.
      phone: textField({ message: "Phone number is required", invalid: "Enter a valid phone number" })
        .trim()
        .min(1, "Phone number is required")
        .max(30, "Enter a valid phone number")
        .regex(/^[\d+\-\s()]{7,}$/, "Enter a valid phone number"),
      // Where it may be left out, an empty one ("" is what a form sends for none) is left out too.
      email: (requireEmail ? email : z.preprocess(blankAsNone, email.optional())).describe(
        "The contact form's; a signed-in caller's own e-mail is used instead, so only visitors must send it; " +
          "empty is the same as none",
      ),
      vehicleType: z.enum(VEHICLE_TYPES, { message: "Select vehicle type" }),
      vehicleYear: z
        .union(
          [
            z.literal("").transform(() => null),
            z.null(),
            z.coerce.number({ message: "Enter a year such as 2019" }).int("Enter a year such as 2019"),
          ],
          { message: "Enter a year such as 2019" },
        )
        .optional()
        .transform((v) => v ?? null)
        .refine((v) => v === null || v >= 1980, "Year must be 1980 or newer")
        .refine((v) => v === null || v <= maxYear(), { error: () => `Year must be ≤ ${maxYear()}` }),
      serviceType: z.enum(SERVICE_TYPES, { message: "Choose a service" }),
      packageSelection: z.enum(PACKAGE_SELECTIONS, { message: "Choose a package" }).default("None"),
      planId: z
        .string()
        .regex(/^[0-9a-f]{24}$/, "Unknown package")
        .optional()
        .describe(
          "The package booked (a package page's form, or a guest's contact form with the package already chosen). " +
            "Needs a signed-in user or an email; packageSelection then follows the package's type",
        ),
      addOns: addOnIdsField.default([]),
      oilType: z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Choose one of the oils we use.")
        .max(40, "Choose one of the oils we use.")
        .optional()
        .describe("an oil change's oil: an id of GET /api/oil-types; the first (conventional) when absent"),
      vehicleId: z
        .string()
        .regex(/^[0-9a-f]{24}$/, "Choose one of your vehicles")
        .optional()
        .describe("a vehicle of the signed-in member's garage: its type, year, make, model and plate are used"),
      vehicleMake: optionalText(40),
      vehicleModel: optionalText(40),
      vehicleColor: optionalText(30),
      vehiclePlate: optionalText(15),
      preferredDate: upcomingDay(today),
      preferredTimeSlot: timeSlotField,
      promoCode: optionalText(20),
      specialInstructions: optionalText(1000, { multiLine: true }),
      locale: localeField,
      overCapacity: z
        .boolean({ error: "Tick Over capacity, or leave it unticked" })
        .optional()
        .describe(
          "Admins only (the counter): book a walk-in even when a slot the visit holds is full. Staff confirm it first; " +
            "the booking is then marked over capacity. Anyone else sending it is refused (403)",
        ),
      rebook: z
        .string()
        .max(500, REBOOK_REFUSED)
        .optional()
        .describe(
          "The token of a due reminder's link (/booking?rebook=…): the visit is for the vehicle of that oil change, " +
            "whatever the vehicle fields say, so the shop's reminders for it stop. An unknown or changed token is refused (400)",
        ),
      /** Honeypot: people never see it; bots fill it in. */
      website: textField().max(200, "At most 200 characters").optional(),
    })
    .strict();
}
export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;

/** A customer as the counter finds them (GET /api/customers): their latest booking's details, and how many of theirs matched. */
export const foundCustomerSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  email: z.string().describe("empty when booked at the counter without one"),
  vehicleType: z.string(),
  vehicleYear: z.number().nullable(),
  lastServiceType: z.string(),
  lastDate: z.string(),
  bookings: z.number(),
  bookingId: z.string(),
});
export type FoundCustomer = z.infer<typeof foundCustomerSchema>;
