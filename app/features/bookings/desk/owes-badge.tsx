import { formatMoney } from "~/features/till/till.schema";
import type { Booking } from "../bookings.schema";

/** A car collected unpaid, or part paid (issue 46): what it still owes, until the till takes it. */
export function OwesBadge({ booking }: { booking: Pick<Booking, "visitStage" | "status" | "balance"> }) {
  if (booking.visitStage !== "collected" || booking.status === "cancelled" || !(booking.balance > 0)) return null;
  return (
    <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900">
      Owes {formatMoney(booking.balance)}
    </span>
  );
}
