import { displayStatus } from "./bookings.schema";
import { useVisitWords } from "./visit-words";

const BADGES = {
  Confirmed: "bg-green-100 text-green-900",
  Cancelled: "bg-red-100 text-red-900",
  Pending: "bg-amber-100 text-amber-900",
} as const;

/**
 * Confirmed green, cancelled red, anything else Pending in amber (specification:
 * docs/specification-quirks.md §7), in the page's language: a Spanish page says "Confirmada", the
 * staff's pages English.
 */
export function StatusBadge({ status }: { status: string }) {
  const text = useVisitWords().status(status);
  return <span className={`rounded px-2 py-0.5 text-xs font-bold ${BADGES[displayStatus(status)]}`}>{text}</span>;
}
