import type { Booking } from "../bookings.schema";

/** A day's bookings each once, from the by-slot listing that repeats a long visit in every slot it holds. */
export function dayBookings(day: { slots: { bookings: (Booking & { continuesFrom?: string })[] }[] }): Booking[] {
  return day.slots.flatMap((slot) => slot.bookings.filter((booking) => booking.continuesFrom === undefined));
}
