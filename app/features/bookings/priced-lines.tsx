import { Trans } from "@lingui/react/macro";
import { formatPrice } from "~/lib/money";
import type { LineKind } from "~/lib/price-lines";
import { lineAmount } from "./visit-summary";
import { useVisitWords } from "./visit-words";

/** A visit's priced lines as a booking or a quote carries them (dollars). */
export interface PricedLinesProps {
  lines: { kind?: LineKind; label: string; amount: number }[];
  total: number | null;
  /** Shown under the total: "Price confirmed at the shop" for a vehicle of type Other. */
  note?: string;
  className?: string;
}

/**
 * The lines of a visit (the package or service for the vehicle's class, each add-on, WASH5) and
 * its total, as a description list: the form's quote, the confirmation and manage pages, My
 * Bookings and the desk all show the same, each line in the page's language (a service's name on a
 * Spanish page; the staff's pages read the stored English). Nothing when the booking has no price.
 */
export function PricedLines({ lines, total, note, className = "" }: PricedLinesProps) {
  const lineText = useVisitWords().line;
  if (lines.length === 0 || total === null) return null;
  return (
    <dl className={`space-y-1 text-sm ${className}`}>
      {lines.map((line, index) => (
        <div key={index} className="flex justify-between gap-4">
          <dt className="text-slate-700">{lineText(line)}</dt>
          <dd className={`tabular-nums ${line.amount < 0 ? "text-emerald-700" : "text-slate-900"}`}>
            {lineAmount(line.amount)}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold text-slate-900">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="tabular-nums">{formatPrice(total)}</dd>
      </div>
      {note && <p className="text-xs text-slate-600">{note}</p>}
    </dl>
  );
}
