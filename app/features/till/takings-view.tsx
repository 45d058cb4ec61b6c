import { DataTable } from "~/components/ui/data-table";
import { paymentLabel } from "./receipt";
import { formatMoney, METHOD_LABELS, PAYMENT_METHODS, type CashUp, type Takings } from "./till.schema";

/** The time of day on the shop's clock: "10:32 AM". */
export const clockTime = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });

/** A drawer's count against what it should hold: "Short by $2.00", "Over by $0.50", "Exact". */
export function differenceText(difference: number): string {
  if (Math.abs(difference) < 0.005) return "Exact";
  return `${difference < 0 ? "Short" : "Over"} by ${formatMoney(Math.abs(difference))}`;
}

const figure = "rounded-xl border border-slate-200 bg-white p-4 print:rounded-none print:p-2";

/** The day's takings at a glance: by method, tips, refunds, net and the cash the drawer should hold. */
export function TakingsFigures({ takings }: { takings: Takings }) {
  const figures: [string, number][] = [
    ...PAYMENT_METHODS.map((m): [string, number] => [METHOD_LABELS[m], takings.byMethod[m]]),
    ["Tips", takings.tips],
    ["Refunds", -takings.refunds],
    ["Net", takings.net],
    ["Expected cash", takings.expectedCash],
  ];
  return (
    <section aria-label="The day's takings">
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className={`${figure} ${label === "Expected cash" || label === "Net" ? "bg-brand-50" : ""}`}>
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="text-2xl font-extrabold text-slate-900 tabular-nums">{formatMoney(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The day's payments in the order taken, each with its refunds of the day. */
export function TakingsPayments({ takings, timeZone }: { takings: Takings; timeZone: string }) {
  if (takings.payments.length === 0) return <p className="mt-4 text-slate-700">No payment taken on this day.</p>;
  return (
    <DataTable caption="The day's payments" columns={["Time", "For", "Paid by", "Amount", "Tip", "Taken by"]}>
      {takings.payments.map((p) => (
        <tr key={p._id} className="border-t border-slate-200 align-top">
          <td className="px-4 py-2 whitespace-nowrap">{clockTime(p.createdAt, timeZone)}</td>
          <td className="px-4 py-2">
            {p.giftCardSold ? `Gift card ····${p.giftCardSold} sold` : `Visit ${p.bookingId?.slice(-8).toUpperCase()}`}
          </td>
          <td className="px-4 py-2">
            {paymentLabel(p)}
            {p.refunds.map((r) => (
              <span key={r._id} className="block text-xs text-red-900">
                Refunded {formatMoney(r.amount)}: {r.reason} ({r.refundedBy})
              </span>
            ))}
          </td>
          <td className="px-4 py-2 tabular-nums">{formatMoney(p.amount)}</td>
          <td className="px-4 py-2 tabular-nums">{p.tip ? formatMoney(p.tip) : "—"}</td>
          <td className="px-4 py-2">{p.takenBy}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The drawer's counts of the day, the latest first. */
export function CashUpCounts({ counts, timeZone }: { counts: CashUp[]; timeZone: string }) {
  if (counts.length === 0) return <p className="mt-2 text-slate-700">The drawer has not been counted on this day.</p>;
  return (
    <DataTable
      caption="The drawer's counts of the day"
      columns={["Time", "Counted", "Expected", "Difference", "Counted by"]}
      minWidth="32rem"
    >
      {counts.map((c) => (
        <tr key={c._id} className="border-t border-slate-200">
          <td className="px-4 py-2 whitespace-nowrap">{clockTime(c.createdAt, timeZone)}</td>
          <td className="px-4 py-2 tabular-nums">{formatMoney(c.countedCash)}</td>
          <td className="px-4 py-2 tabular-nums">{formatMoney(c.expectedCash)}</td>
          <td className={`px-4 py-2 font-semibold ${c.difference < 0 ? "text-red-800" : ""}`}>
            {differenceText(c.difference)}
          </td>
          <td className="px-4 py-2">{c.countedBy}</td>
        </tr>
      ))}
    </DataTable>
  );
}
