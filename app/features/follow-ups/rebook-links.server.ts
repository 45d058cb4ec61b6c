import { and, eq, gte, isNull } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookings, plans, serviceRecords } from "~/.server/db/schema";
import { createSigner } from "~/.server/signed-token";
import type { BookedVehicle } from "~/features/bookings/bookings.schema";
import { addDays, businessToday } from "~/lib/business-date";
import { bookedVehicleColumns, isLatestRecord } from "./service-record-queries.server";

const RECORD_ID = /^[0-9a-f]{24}$/;
/** How long after its due date a reminder's link still fills the form: a year-old e-mail opens an empty one. */
const LINK_DAYS_AFTER_DUE = 365;

/** What a rebook link fills in: the customer, the vehicle, the Oil Change and the package of the last visit if still sold. */
export interface RebookDetails {
  fullName: string;
  phone: string;
  email: string;
  /** The vehicle of the record's visit, as a booking made from the link keeps it (the record's key then matches). */
  vehicle: BookedVehicle;
  serviceType: "Oil Change";
  planId?: string;
}

/**
 * The one-tap link of a due reminder (issue 28): `/booking?rebook=<record id>.<HMAC>`
 * (~/.server/signed-token.ts), which opens the booking form holding the customer's details, the
 * vehicle and the oil change, so they pick only the day and time. No account is needed: the link
 * went to the address the visit was booked with. It fills the form while the record is its
 * vehicle's latest and for a year after the due date; after that, or changed by one character, it
 * fills nothing.
 */
export function createRebookLinks(db: Database, options: { secret: string; publicUrl: string; timeZone: string }) {
  const signer = createSigner(options.secret, "rebook");
  const origin = options.publicUrl.replace(/\/+$/, "");

  async function read(token: string): Promise<RebookDetails | null> {
    const id = signer.verify(token);
    if (id === null || !RECORD_ID.test(id)) return null;
    const today = businessToday(options.timeZone);
    const [row] = await db
      .select({
        fullName: bookings.fullName,
        phone: bookings.phone,
        email: bookings.email,
        vehicleId: bookings.vehicleId,
        ...bookedVehicleColumns,
        planId: plans.id,
        planName: plans.name,
        planService: plans.serviceType,
      })
      .from(serviceRecords)
      .innerJoin(bookings, eq(bookings.id, serviceRecords.bookingId))
      .leftJoin(plans, and(eq(plans.id, bookings.planId), isNull(plans.field)))
      .where(
        and(
          eq(serviceRecords.id, id),
          gte(serviceRecords.nextDueDate, addDays(today, -LINK_DAYS_AFTER_DUE)),
          isLatestRecord(serviceRecords),
        ),
      );
    if (!row) return null;
    // The last visit's package, while the catalogue still sells it and it is an oil change.
    const samePackage = row.planId && row.planName && row.planService === "Oil Change";
    return {
      fullName: row.fullName,
      phone: row.phone,
      email: row.email,
      vehicle: {
        vehicleId: row.vehicleId,
        vehicleType: row.vehicleType,
        vehicleYear: row.vehicleYear,
        vehicleMake: row.vehicleMake,
        vehicleModel: row.vehicleModel,
        vehicleColor: row.vehicleColor,
        vehiclePlate: row.vehiclePlate,
      },
      serviceType: "Oil Change",
      ...(samePackage && { planId: row.planId! }),
    };
  }

  return {
    token: (recordId: string) => signer.sign(recordId),
    /** The link in the reminder and its follow-up. */
    url: (recordId: string) => `${origin}/booking?rebook=${signer.sign(recordId)}`,
    /** What the link fills in, or null for a link the server did not write, or one past its use. */
    read,
    /** The vehicle a booking made from the link is for (booking-request.server.ts copies it). */
    async vehicle(token: string): Promise<BookedVehicle | null> {
      return (await read(token))?.vehicle ?? null;
    },
  };
}

export type RebookLinks = ReturnType<typeof createRebookLinks>;
