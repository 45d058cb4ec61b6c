import { newEntryRow, type NewHotel } from "~/features/plans/plans.server";
import { namedService } from "~/features/plans/plans.schema";
import type { Booking } from "~/features/bookings/bookings.schema";
import { DEFAULT_SHOP_HOURS } from "~/features/bookings/shop-hours";
import { offeredArrival } from "~/features/bookings/slot-plan";
import { businessToday, addDays } from "~/lib/business-date";
import { newObjectId } from "~/lib/object-id";
import { defaultSiteConfig } from "~/lib/site-config";
import type { Database } from "~/.server/db/client";
import { bookings, plans, type BookingRow, type NewPlanRow, type PlanRow } from "~/.server/db/schema";

/**
 * Test data shared by the unit, API and end-to-end tests. Importing it opens nothing, so the
 * end-to-end tests (which reach the server only through HTTP) use the same builders.
 */

let sequence = 0;

/** The business day `days` from today in the business's time zone (negative: before today). */
export function inDays(days: number, timeZone = defaultSiteConfig.timeZone): string {
  return addDays(businessToday(timeZone), days);
}

/** The day of the week of a date like 2026-05-31 (0 = Sunday). */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The first business date at least `after` days ahead that falls on one of `weekdays`
 * (0 = Sunday). Tests that need a Saturday, or a day open until 6 PM, ask for one here,
 * so that they pass whichever day of the week they run on.
 */
export function dayAhead(after: number, weekdays: number[]): string {
  for (let d = after; ; d++) if (weekdays.includes(weekdayOf(inDays(d)))) return inDays(d);
}

const lastArrival = DEFAULT_SHOP_HOURS.arrivalWindows.at(-1)!.start;
/** The days (0 = Sunday) open past the last window's start, so every window is listed: Monday to Saturday. */
export const LONG_DAYS = DEFAULT_SHOP_HOURS.openingHours.flatMap((day, weekday) =>
  day.open && day.closes > lastArrival ? [weekday] : [],
);

/** A package row with realistic values; overrides win, including raw column values. */
export function buildPlan(overrides: Partial<NewPlanRow> & { at?: Date } = {}): NewPlanRow {
  sequence++;
  const { at, ...columns } = overrides;
  const name = columns.name ?? `Test Wash ${sequence}`;
  const row = newEntryRow({
    kind: "package",
    name,
    packageType: "economy",
    // The service its name says; else a Hand Wash, as buildBookingRequest books.
    serviceType: namedService(name) ?? "Hand Wash",
    price: 20 + sequence,
    duration: "45 minutes",
    features: ["Hand wash", "Tire shine"],
    at,
  });
  return { ...row, ...columns };
}

export function buildHotel(input: NewHotel & { at?: Date } = {}): NewPlanRow {
  return newEntryRow({ kind: "hotel", hotelName: `Test Hotel ${++sequence}`, ...input });
}

export async function insertPlans(db: Database, rows: NewPlanRow[]): Promise<PlanRow[]> {
  return db.insert(plans).values(rows).returning();
}

/** The body of POST /api/bookings; tests also send fields and values the API must refuse. */
export interface BookingRequestBody {
  fullName: string;
  phone: string;
  email?: string;
  vehicleType: string;
  vehicleYear?: string | number | null;
  serviceType: string;
  preferredDate: string;
  preferredTimeSlot: string;
  planId?: string;
  promoCode?: string;
  specialInstructions?: string;
  [field: string]: unknown;
}

/**
 * A valid booking request as the contact form sends it; given a `planId`, as a package page sends
 * it: without an e-mail, which the server takes from the signed-in account. Overrides win.
 */
export function buildBookingRequest(overrides: Partial<BookingRequestBody> = {}): BookingRequestBody {
  const { email, ...packageForm } = {
    fullName: "Jamie Rivera",
    phone: "(555) 201-3344",
    email: "jamie@example.com",
    // The smallest size class: the catalogue's own prices and lengths (pricing.schema.ts).
    vehicleType: "Car",
    vehicleYear: "2019",
    // Half an hour: a request holds its one slot, and fits any slot's day but Sunday's last.
    serviceType: "Hand Wash",
    preferredDate: inDays(10),
    preferredTimeSlot: "09:00–11:00",
  };
  return { ...packageForm, ...(!("planId" in overrides) && { email }), ...overrides };
}

type NewBookingRow = typeof bookings.$inferInsert;

/**
 * A booking as pages and e-mails hold it (toBooking's shape), for the unit tests of what shows it;
 * overrides win. Its `arrival` follows its date, slot and length in the default hours unless given.
 */
export function buildShownBooking(overrides: Partial<Booking> = {}): Booking {
  const booking: Booking = {
    _id: "6760a1b2c3d4e5f601234567",
    fullName: "Ann Lee",
    phone: "+1 (555) 010-2000",
    email: "ann@example.com",
    vehicleType: "SUV",
    vehicleYear: 2020,
    serviceType: "Full Detail",
    packageSelection: "Premium",
    planId: null,
    packageName: "Platinum Full Detail",
    packagePrice: 227.99,
    promoCode: "",
    discount: 0,
    finalPrice: 227.99,
    preferredDate: "2026-11-28",
    preferredTimeSlot: "11:00–13:00",
    minutes: 255,
    specialInstructions: "",
    status: "pending",
    visitStage: null,
    overCapacity: false,
    club: false,
    lines: [{ label: "Platinum Full Detail (Medium)", amount: 227.99 }],
    total: 227.99,
    paid: 0,
    refunded: 0,
    balance: 227.99,
    sizeClass: "medium",
    addOns: [],
    oilType: null,
    vehicleId: null,
    vehicleMake: "",
    vehicleModel: "",
    vehicleColor: "",
    vehiclePlate: "",
    createdAt: "2026-11-21T10:00:00.000Z",
    locale: "en",
    arrival: null,
    ...overrides,
  };
  if ("arrival" in overrides) return booking;
  return { ...booking, arrival: offeredArrival(booking.preferredDate, booking.preferredTimeSlot, booking.minutes) };
}

/**
 * A stored booking as the contact form would have made it, holding its one slot (120 minutes, as
 * bookings made before lengths existed); overrides win, including raw column values.
 */
export function buildBooking(overrides: Partial<NewBookingRow> = {}): NewBookingRow {
  return {
    id: newObjectId(),
    fullName: "Jamie Rivera",
    phone: "(555) 201-3344",
    email: "jamie@example.com",
    vehicleType: "SUV",
    vehicleYear: 2019,
    serviceType: "Full Detail",
    preferredDate: inDays(10),
    preferredTimeSlot: "09:00–11:00",
    durationMinutes: 120,
    ...overrides,
  };
}

/** Inserts in batches: one statement binds at most 65,535 values. */
export async function insertBookings(db: Database, rows: NewBookingRow[]): Promise<BookingRow[]> {
  const inserted: BookingRow[] = [];
  for (let i = 0; i < rows.length; i += 500)
    inserted.push(
      ...(await db
        .insert(bookings)
        .values(rows.slice(i, i + 500))
        .returning()),
    );
  return inserted;
}
