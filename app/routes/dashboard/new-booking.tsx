import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/new-booking";
import { bookingRequestSchema, isoDay } from "~/features/bookings/bookings.schema";
import { CounterBookingForm } from "~/features/bookings/desk/counter-booking-form";
import { requirePage } from "~/features/users/page-access.server";
import { businessToday } from "~/lib/business-date";
import { pageSearch } from "~/lib/page-search";

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/manageBooking/new");
  const { site } = args.context;
  const today = businessToday(site.timeZone);
  // The day's page passes its day; a past or unreal one is left for the form to choose.
  const asked = pageSearch(args.request, z.object({ date: isoDay })).date;
  // A customer's page passes who it is for, each field by the booking's own rules (one it would refuse is left empty).
  const { fullName, phone, email } = bookingRequestSchema({ today, requireEmail: true }).shape;
  const customer = pageSearch(args.request, z.object({ fullName, phone, email }));
  return { today, date: asked && asked >= today ? asked : undefined, customer, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `New booking | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** A booking made at the counter, for a caller or a walk-in: confirmed at once. */
export default function NewBookingPage({ loaderData }: Route.ComponentProps) {
  const { today, date, customer } = loaderData;
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold text-slate-900">New booking</h1>
      <p className="mt-1 text-slate-700">
        For a caller or a walk-in: confirmed at once.{" "}
        <Link to="/dashboard/manageBooking/today" className="font-semibold text-brand-800 underline">
          Back to the day&apos;s bookings
        </Link>
      </p>
      <div className="mt-6">
        <CounterBookingForm today={today} date={date} customer={customer} />
      </div>
    </div>
  );
}
