import type { Booking } from "./bookings.schema";

/** The same choices again: the package's own page, or the booking form with the service and package chosen. */
export function bookAgainPath(booking: Pick<Booking, "planId" | "serviceType" | "packageSelection">): string {
  if (booking.planId) return `/packages/${booking.planId}`;
  const choices = new URLSearchParams({ service: booking.serviceType, package: booking.packageSelection ?? "None" });
  return `/booking?${choices}`;
}
