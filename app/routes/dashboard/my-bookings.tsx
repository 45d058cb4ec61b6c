import type { Route } from "./+types/my-bookings";
import { DataTable } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { SearchForm } from "~/components/ui/search-form";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { BookingDetailsDialog } from "~/features/bookings/booking-details-dialog";
import { bookingFiltersFromSearch, packageLabel, type Booking } from "~/features/bookings/bookings.schema";
import { StatusBadge } from "~/features/bookings/status-badge";
import { requirePageActor } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { pageFromUrl } from "~/lib/pagination";
import { BackButton } from "~/components/ui/back-button";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePageActor(args);
  const url = new URL(args.request.url);
  const { q } = bookingFiltersFromSearch(url.searchParams);
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const list = await args.context.services.bookings.listBookings(actor, { scope: "own", q, limit, offset });
  return { ...list, page, q: q ?? "", email: actor.email, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `My Bookings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function MyBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, email } = loaderData;
  const details = useConfirmedAction<Booking>();

  const cancelBooking = () =>
    details.run(async (booking) => {
      await apiFetch(`/api/bookings/${booking._id}`, { method: "PATCH", json: { status: "cancelled" } });
      return {
        title: "Cancelled",
        description: `Your ${packageLabel(booking)} on ${booking.preferredDate} is cancelled.`,
      };
    });

  return (
    <>
      <BackButton />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">My Bookings</h1>
      <SearchForm name="q" label="Search bookings" defaultValue={q} placeholder="Service, package, vehicle or date" />
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">
          {q ? "No results found." : `No bookings found for ${email}.`}
        </p>
      ) : (
        <DataTable
          caption="Your bookings, newest first"
          columns={["Package", "Date", "Time slot", "Vehicle", "Status", ""]}
          minWidth="40rem"
        >
          {items.map((booking) => (
            <tr key={booking._id} className="border-t border-slate-200">
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {packageLabel(booking)} · {booking.serviceType}
              </th>
              <td className="px-4 py-3">{booking.preferredDate}</td>
              <td className="px-4 py-3">{booking.preferredTimeSlot}</td>
              <td className="px-4 py-3">
                {booking.vehicleType}
                {booking.vehicleYear ? ` (${booking.vehicleYear})` : ""}
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={booking.status} />
              </td>
              <td className="px-4 py-3 text-right">
                <button
                  type="button"
                  onClick={() => details.ask(booking)}
                  className="rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Details<span className="sr-only"> of the booking on {booking.preferredDate}</span>
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Booking pages" />
      <BookingDetailsDialog
        booking={details.pending}
        busy={details.busy}
        onCancelBooking={cancelBooking}
        onClose={details.cancel}
      />
    </>
  );
}
