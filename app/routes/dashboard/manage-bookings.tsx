import { Form, Link } from "react-router";
import type { Route } from "./+types/manage-bookings";
import { DataTable } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { BookingAdminDialog } from "~/features/bookings/booking-admin-dialog";
import { BookingMessages } from "~/features/outbox/booking-messages";
import { BOOKING_STATUSES, bookingFiltersFromSearch } from "~/features/bookings/bookings.schema";
import { StatusBadge } from "~/features/bookings/status-badge";
import { useBookingAdmin } from "~/features/bookings/use-booking-admin";
import { requireAdminPage } from "~/features/users/page-access.server";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdminPage(args);
  const url = new URL(args.request.url);
  const filters = bookingFiltersFromSearch(url.searchParams);
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const list = await args.context.services.bookings.listBookings(actor, { ...filters, limit, offset });
  return { ...list, page, filters, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Manage Bookings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const inputClass = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2";

const count = new Intl.NumberFormat("en-US");

/** The export link carries the same filters as the list on screen. */
function exportHref(filters: Record<string, string | undefined>) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const query = params.toString();
  return `/api/bookings/export.csv${query ? `?${query}` : ""}`;
}

export default function ManageBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, more, page, filters } = loaderData;
  const admin = useBookingAdmin();

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Manage Bookings</h1>
          <p className="mt-1 text-slate-700">
            {more
              ? `More than ${count.format(total)} bookings`
              : total === 1
                ? "1 booking"
                : `${count.format(total)} bookings`}
            , {filters.from || filters.to ? "by date, latest first" : "newest first"}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            to="/dashboard/manageBooking/today"
            className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Today's bookings
          </Link>
          <a
            href={exportHref(filters)}
            download
            className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Export CSV<span className="sr-only"> of the filtered list</span>
          </a>
        </div>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Filter bookings"
        className="mt-6 grid max-w-4xl gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
      >
        <label className="text-sm font-semibold text-slate-800">
          Name, phone or e-mail
          <input name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className={inputClass} />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className={`${inputClass} bg-white`}>
            <option value="">All</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          From
          <input name="from" type="date" defaultValue={filters.from ?? ""} className={inputClass} />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          To
          <input name="to" type="date" defaultValue={filters.to ?? ""} className={inputClass} />
        </label>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Filter
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No results found.</p>
      ) : (
        <DataTable
          caption={filters.from || filters.to ? "Bookings by date, latest first" : "Bookings, newest first"}
          columns={["Customer", "Date", "Time slot", "Service", "Status", ""]}
          minWidth="48rem"
        >
          {items.map((booking) => (
            <tr key={booking._id} className="border-t border-slate-200">
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {booking.fullName}
                <span className="block text-xs font-normal text-slate-600">
                  {booking.email} · {booking.phone}
                </span>
              </th>
              <td className="px-4 py-3 whitespace-nowrap">{booking.preferredDate}</td>
              <td className="px-4 py-3">{booking.preferredTimeSlot}</td>
              <td className="px-4 py-3">
                {booking.serviceType}
                {booking.packageName !== null && (
                  <span className="block text-xs text-slate-600">{booking.packageName}</span>
                )}
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={booking.status} />
              </td>
              <td className="px-4 py-3 text-right">
                <button
                  type="button"
                  onClick={() => admin.ask(booking)}
                  className="rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Details<span className="sr-only"> of {booking.fullName}'s booking</span>
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Booking pages" />
      <BookingAdminDialog
        booking={admin.open}
        busy={admin.busy}
        onSave={admin.save}
        onClose={admin.close}
        more={(booking) => <BookingMessages bookingId={booking._id} />}
      />
    </>
  );
}
