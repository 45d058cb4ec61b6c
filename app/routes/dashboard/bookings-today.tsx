import { Form, Link } from "react-router";
import type { Route } from "./+types/bookings-today";
import { BookingAdminDialog } from "~/features/bookings/booking-admin-dialog";
import { BookingMessages } from "~/features/outbox/booking-messages";
import { ANYTIME, isoDay, type Booking } from "~/features/bookings/bookings.schema";
import { StatusBadge } from "~/features/bookings/status-badge";
import { useBookingAdmin } from "~/features/bookings/use-booking-admin";
import { requireAdminPage } from "~/features/users/page-access.server";
import { addDays, businessToday } from "~/lib/business-date";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdminPage(args);
  const { services, site } = args.context;
  const today = businessToday(site.timeZone);
  // Not a real day (the database refuses 2026-02-30): today's list rather than an error.
  const date = isoDay.safeParse(new URL(args.request.url).searchParams.get("date")).data ?? today;
  const day = await services.bookings.listDay(actor, date);
  return { ...day, today, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Today's Bookings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const fullDate = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" });
const dayLink = "rounded-md border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50";

/** The day's live bookings slot by slot, so the front desk can run the day from one screen. */
export default function BookingsTodayPage({ loaderData }: Route.ComponentProps) {
  const { date, today, closed, bays, slots } = loaderData;
  const admin = useBookingAdmin();
  const count = slots.reduce((n, s) => n + s.bookings.length, 0);
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{date === today ? "Today's Bookings" : "Bookings by Day"}</h1>
      <p className="mt-1 text-lg text-slate-800">
        {fullDate.format(new Date(`${date}T12:00:00Z`))} · {count === 1 ? "1 booking" : `${count} bookings`}
      </p>
      <nav aria-label="Other days" className="mt-4 flex flex-wrap items-end gap-3">
        <Link to={`?date=${addDays(date, -1)}`} className={dayLink}>
          ← Previous day
        </Link>
        {date !== today && (
          <Link to="?" className={dayLink}>
            Today
          </Link>
        )}
        <Link to={`?date=${addDays(date, 1)}`} className={dayLink}>
          Next day →
        </Link>
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm font-semibold text-slate-800">
            Go to date
            <input
              name="date"
              type="date"
              defaultValue={date}
              className="mt-1 block rounded-md border border-slate-400 px-3 py-2"
            />
          </label>
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Show
          </button>
        </Form>
      </nav>
      {closed && (
        <p className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">
          Closed on this date: customers cannot book it.
        </p>
      )}
      <div className="mt-6 grid gap-5 lg:grid-cols-2">
        {slots.map(({ slot, bookings }) => (
          <section
            key={slot}
            aria-labelledby={`slot-${slot}`}
            className="rounded-xl border border-slate-200 bg-white p-5"
          >
            <div className="flex items-baseline justify-between gap-3">
              <h2 id={`slot-${slot}`} className="text-xl font-bold text-slate-900">
                {slot === ANYTIME ? "Anytime (no slot yet)" : slot}
              </h2>
              <p className="text-sm font-semibold text-slate-700">
                {slot === ANYTIME
                  ? `${bookings.length} waiting for a slot`
                  : `${bookings.length} of ${bays} bays booked`}
              </p>
            </div>
            {bookings.length === 0 ? (
              <p className="mt-3 text-slate-600">No bookings.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200">
                {bookings.map((booking) => (
                  <DayBooking key={booking._id} booking={booking} onOpen={() => admin.ask(booking)} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
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

function DayBooking({ booking, onOpen }: { booking: Booking; onOpen(): void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {booking.fullName} <StatusBadge status={booking.status} />
        </p>
        <p className="text-sm text-slate-700">
          <a href={`tel:${booking.phone.replace(/[^\d+]/g, "")}`} className="text-brand-800 underline">
            {booking.phone}
          </a>{" "}
          · {booking.vehicleType}
          {booking.vehicleYear ? ` ${booking.vehicleYear}` : ""} · {booking.serviceType}
          {booking.packageName !== null ? `, ${booking.packageName}` : ""}
        </p>
        {booking.specialInstructions && (
          <p className="mt-1 text-sm break-words text-slate-600">“{booking.specialInstructions}”</p>
        )}
      </div>
      <button
        type="button"
        onClick={onOpen}
        className="rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
      >
        Details<span className="sr-only"> of {booking.fullName}'s booking</span>
      </button>
    </li>
  );
}
