import type { VEHICLE_TYPES } from "../bookings.schema";

/** The details a member gave on their last booking, to fill in the next one. */
export interface MemberDetails {
  fullName?: string;
  phone?: string;
  vehicleType?: (typeof VEHICLE_TYPES)[number];
  vehicleYear?: string;
}

type PastBooking = {
  fullName: string;
  phone: string;
  vehicleType: string;
  vehicleYear: number | null;
  createdAt: string;
};

/**
 * A member's name, phone and vehicle from the booking they asked for last (by when it was
 * requested, whatever order the list comes in); only the account's name when they have none.
 */
export function detailsFromLastBooking(bookings: readonly PastBooking[], accountName?: string): MemberDetails {
  const last = bookings.reduce<PastBooking | undefined>(
    (latest, b) => (!latest || b.createdAt > latest.createdAt ? b : latest),
    undefined,
  );
  if (!last) return accountName ? { fullName: accountName } : {};
  return {
    fullName: last.fullName,
    phone: last.phone,
    vehicleType: last.vehicleType as MemberDetails["vehicleType"],
    vehicleYear: last.vehicleYear === null ? undefined : String(last.vehicleYear),
  };
}
