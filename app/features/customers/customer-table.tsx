import { Link } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import { EmailAddress } from "~/components/ui/email-address";
import { formatPrice } from "~/lib/money";
import { displayPhone } from "~/lib/phone";
import { customerPath, type CustomerRow } from "./customers.schema";

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
/** "Nov 26, 2026", or a dash for none. */
export const customerDay = (date: string | null) => (date ? dayFormat.format(new Date(`${date}T12:00:00Z`)) : "—");

const cell = "px-4 py-3 align-top";
/**
 * Cancellations and no-shows wait for a wide screen (and the customer's page, which counts them):
 * on a tablet, or beside the dashboard's menu, the other six columns fit without scrolling.
 */
const wide = "hidden xl:table-cell";

/** The Customers list: who, how often, how lately, how much, their vehicles and next oil change. */
export function CustomerTable({ customers, caption }: { customers: CustomerRow[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      minWidth="44rem"
      columns={[
        "Customer",
        "Visits",
        "Last visit",
        "Spent",
        { label: "Cancelled", className: wide },
        { label: "No-shows", className: wide },
        "Vehicles",
        "Service due",
      ]}
    >
      {customers.map((c) => (
        <tr key={c.id} className="border-t border-slate-200">
          <td className={cell}>
            <Link to={customerPath(c.id)} className="font-semibold text-brand-800 underline underline-offset-2">
              {c.fullName || "(no name)"}
            </Link>
            {c.account && (
              <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800">Account</span>
            )}
            {/* Each on its line, whole: an address is not broken at its dots. */}
            {c.email ? (
              <EmailAddress email={c.email} className="block whitespace-nowrap text-slate-700" />
            ) : (
              <span className="block text-slate-700">No e-mail</span>
            )}
            {c.phone && <span className="block whitespace-nowrap text-slate-700">{displayPhone(c.phone)}</span>}
          </td>
          <td className={cell}>{c.visits}</td>
          <td className={`${cell} whitespace-nowrap`}>{customerDay(c.lastVisit)}</td>
          <td className={cell}>{formatPrice(c.spent)}</td>
          <td className={`${cell} ${wide}`}>{c.cancellations}</td>
          <td className={`${cell} ${wide} ${c.noShows > 0 ? "font-semibold text-red-800" : ""}`}>{c.noShows}</td>
          <td className={cell}>
            {c.vehicles > 1 ? `${c.vehicles} vehicles` : c.vehicle || "—"}
            {c.plates.length > 0 && (
              <span className="block font-mono text-xs text-slate-600">{c.plates.join(", ")}</span>
            )}
          </td>
          <td className={`${cell} whitespace-nowrap`}>{customerDay(c.nextServiceDue)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
