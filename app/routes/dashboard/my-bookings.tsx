import { useNavigate } from "react-router";
import type { Route } from "./+types/my-bookings";
import { DataTable } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { displayStatus } from "~/features/bookings/bookings.schema";
import { requirePageActor } from "~/features/users/page-access.server";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePageActor(args);
  const { page, limit, offset } = pageFromUrl(new URL(args.request.url), PAGE_SIZE);
  const list = await args.context.services.bookings.listOwnBookings(actor, { limit, offset });
  return { ...list, page, email: actor.email, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `My Bookings | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];

const BADGES = {
  Confirmed: "bg-green-100 text-green-900",
  Cancelled: "bg-red-100 text-red-900",
  Pending: "bg-amber-100 text-amber-900",
} as const;

export default function MyBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, email } = loaderData;
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        ← Back
      </button>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">My Bookings</h1>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No bookings found for {email}.</p>
      ) : (
        <DataTable caption="Your bookings, newest first" columns={["Package", "Date", "Time slot", "Vehicle", "Status"]} minWidth="36rem">
              {items.map((booking) => {
                const status = displayStatus(booking.status);
                return (
                  <tr key={booking._id} className="border-t border-slate-200">
                    <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                      {booking.packageName} · {booking.serviceType}
                    </th>
                    <td className="px-4 py-3">{booking.preferredDate}</td>
                    <td className="px-4 py-3">{booking.preferredTimeSlot}</td>
                    <td className="px-4 py-3">
                      {booking.vehicleType}
                      {booking.vehicleYear ? ` (${booking.vehicleYear})` : ""}
                    </td>
                    <td className="px-4 py-3">
                      <span className={`rounded px-2 py-0.5 text-xs font-bold ${BADGES[status]}`}>{status}</span>
                    </td>
                  </tr>
                );
              })}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Booking pages" />
    </>
  );
}
