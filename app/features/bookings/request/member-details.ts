import type { VEHICLE_TYPES } from "../bookings.schema";

/** The details a member gave on their last booking, to fill in the next one. */
export interface MemberDetails {
  fullName?: string;
  phone?: string;
  /** Their garage vehicle, when they booked one: the form keeps it if it is still in the garage. */
  vehicleId?: string;
  vehicleType?: (typeof VEHICLE_TYPES)[number];
  vehicleYear?: string;
  vehicleMake?: string;
  vehicleModel?: string;
  vehicleColor?: string;
}

type PastBooking = {
  fullName: string;
  phone: string;
  vehicleId?: string | null;
  vehicleType: string;
  vehicleYear: number | null;
  vehicleMake?: string;
  vehicleModel?: string;
  vehicleColor?: string;
  createdAt: string;
};

/**
 * A member's name, phone and vehicle from the booking they asked for last (by when it was
 * requested, whatever order the list comes in); only the account's name when they have none.
 * Empty details are left out: they fill nothing.
 */
export function detailsFromLastBooking(bookings: readonly PastBooking[], accountName?: string): MemberDetails {
  const last = bookings.reduce<PastBooking | undefined>(
    (latest, b) => (!latest || b.createdAt > latest.createdAt ? b : latest),
    undefined,
  );
  if (!last) return accountName ? { fullName: accountName } : {};
  const details: MemberDetails = {
    fullName: last.fullName,
    phone: last.phone,
    vehicleId: last.vehicleId ?? undefined,
    vehicleType: last.vehicleType as MemberDetails["vehicleType"],
    vehicleYear: last.vehicleYear === null ? undefined : String(last.vehicleYear),
    vehicleMake: last.vehicleMake,
    vehicleModel: last.vehicleModel,
    vehicleColor: last.vehicleColor,
  };
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value)) as MemberDetails;
}
