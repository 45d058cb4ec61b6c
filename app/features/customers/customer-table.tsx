import { Link } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import { EmailAddress } from "~/components/ui/email-address";
import { formatPrice } from "~/lib/money";
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

/** The Customers list: who, how often, how lately, how much, their vehicles and next oil change. */
export function CustomerTable({ customers, caption }: { customers: CustomerRow[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      minWidth="56rem"
      columns={["Customer", "Visits", "Last visit", "Spent", "Cancelled", "No-shows", "Vehicles", "Service due"]}
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
            <span className="block text-slate-700">
              {c.email ? <EmailAddress email={c.email} /> : "No e-mail"}
              {c.phone && ` · ${c.phone}`}
            </span>
          </td>
          <td className={cell}>{c.visits}</td>
          <td className={`${cell} whitespace-nowrap`}>{customerDay(c.lastVisit)}</td>
          <td className={cell}>{formatPrice(c.spent)}</td>
          <td className={cell}>{c.cancellations}</td>
          <td className={`${cell} ${c.noShows > 0 ? "font-semibold text-red-800" : ""}`}>{c.noShows}</td>
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
