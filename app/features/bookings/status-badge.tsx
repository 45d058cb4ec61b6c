import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { displayStatus } from "./bookings.schema";

const BADGES = {
  Confirmed: "bg-green-100 text-green-900",
  Cancelled: "bg-red-100 text-red-900",
  Pending: "bg-amber-100 text-amber-900",
} as const;

/** Each status as the page's reader reads it (English on the staff's pages). */
const LABELS = { Confirmed: msg`Confirmed`, Cancelled: msg`Cancelled`, Pending: msg`Pending` } as const;

/** Confirmed green, cancelled red, anything else Pending in amber (specification: docs/specification-quirks.md §7). */
export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = displayStatus(status);
  return <span className={`rounded px-2 py-0.5 text-xs font-bold ${BADGES[label]}`}>{i18n._(LABELS[label])}</span>;
}
