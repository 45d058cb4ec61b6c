import type { Booking } from "./bookings.schema";

/**
 * The same choices again on the booking form, for a guest as for a member: the package (and its
 * service), or the service and the contact form's package tier. Never the package page's account
 * gate (walk 4, m10).
 */
export function bookAgainPath(booking: Pick<Booking, "planId" | "serviceType" | "packageSelection">): string {
  const choices = booking.planId
    ? new URLSearchParams({ plan: booking.planId, service: booking.serviceType })
    : new URLSearchParams({ service: booking.serviceType, package: booking.packageSelection ?? "None" });
  return `/booking?${choices}`;
}
