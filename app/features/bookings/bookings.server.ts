import { count, desc, eq } from "drizzle-orm";
import { requireActor, type Actor } from "~/lib/access";
import type { PageQuery } from "~/lib/pagination";
import type { Database } from "../../../server/db/client";
import { bookings, type BookingRow } from "../../../server/db/schema";
import type { Booking } from "./bookings.schema";

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export function toBooking(row: BookingRow): Booking {
  return {
    _id: row.id,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    vehicleType: row.vehicleType,
    vehicleYear: row.vehicleYear,
    serviceType: row.serviceType,
    packageSelection: row.packageSelection,
    packageName: row.packageName,
    packagePrice: dollars(row.packagePriceCents),
    promoCode: row.promoCode,
    discount: row.discountCents / 100,
    finalPrice: dollars(row.finalPriceCents),
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    specialInstructions: row.specialInstructions,
    status: row.status as Booking["status"],
    createdAt: row.createdAt.toISOString(),
  };
}

export function createBookingService(db: Database) {
  return {
    /** My Bookings: only the caller's, matched by the e-mail of their session, never one the client names. */
    async listOwnBookings(actor: Actor | null, page: PageQuery): Promise<{ items: Booking[]; total: number }> {
      const caller = requireActor(actor);
      const where = eq(bookings.email, caller.email.toLowerCase());
      const [rows, [totals]] = await Promise.all([
        db.select().from(bookings).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(page.limit).offset(page.offset),
        db.select({ total: count() }).from(bookings).where(where),
      ]);
      return { items: rows.map(toBooking), total: totals?.total ?? 0 };
    },
  };
}
