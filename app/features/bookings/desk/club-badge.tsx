import type { Booking } from "../bookings.schema";

/** A visit the Wash Club covers (issue 47): the desk knows not to ask for the service's price. */
export function ClubBadge({ booking }: { booking: Pick<Booking, "club"> }) {
  if (!booking.club) return null;
  return (
    <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900" title="Wash Club member">
      Club
    </span>
  );
}
