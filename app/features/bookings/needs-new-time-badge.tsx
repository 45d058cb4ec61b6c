import { Trans } from "@lingui/react/macro";
import type { Booking } from "./bookings.schema";

/** A live booking on a day the shop has since closed: its customer is to choose a new time (issue 29). */
export function NeedsNewTimeBadge({ booking }: { booking: Pick<Booking, "needsNewTime"> }) {
  if (!booking.needsNewTime) return null;
  return (
    <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900">
      <Trans>Needs a new time</Trans>
    </span>
  );
}
