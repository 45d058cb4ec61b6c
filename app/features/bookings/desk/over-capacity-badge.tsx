import type { Booking } from "../bookings.schema";

/** A walk-in booked at the counter into a full slot, after staff confirmed it: one car more than the bays. */
export function OverCapacityBadge({ booking }: { booking: Pick<Booking, "overCapacity"> }) {
  if (!booking.overCapacity) return null;
  return <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-bold text-amber-950">Over capacity</span>;
}
