import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bookings-today";
import { LiveBoardNotice } from "~/components/live-board-notice";
import { dayBookings } from "~/features/bookings/desk/day-bookings";
import { DayBoard } from "~/features/bookings/desk/day-board";
import { DayWaitlist } from "~/features/bookings/desk/day-waitlist";
import { isoDay } from "~/features/bookings/bookings.schema";
import { RunSheet } from "~/features/bookings/desk/run-sheet";
import { useDesk } from "~/features/bookings/desk/use-desk";
import { BookingMessages } from "~/features/outbox/booking-messages";
import { BookingHistory } from "~/features/audit/booking-history";
import { useVisitServiceRecord } from "~/features/follow-ups/visit-service-record";
import { useVisitTill } from "~/features/till/use-visit-till";
import { requirePage } from "~/features/users/page-access.server";
import { addDays, businessToday } from "~/lib/business-date";
import { pageSearch } from "~/lib/page-search";
import { friendlyDate } from "~/features/bookings/visit-text";
import { buttonClass } from "~/components/ui/button";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/manageBooking/today");
  const { services, site } = args.context;
  const today = businessToday(site.timeZone);
  // Not a real day (the database refuses 2026-02-30): today's board rather than an error.
  const { date = today } = pageSearch(args.request, z.object({ date: isoDay }));
  const [day, waitlist] = await Promise.all([
    services.bookings.listDay(actor, date),
    services.waitlist.day(actor, date),
  ]);
  return {
    date,
    today,
    closed: day.closed,
    bays: day.bays,
    windows: day.windows,
    hours: day.hours,
    bookings: dayBookings(day),
    siteName: site.name,
    waitlist,
    timeZone: site.timeZone,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Today's Bookings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const dayLink = "rounded-md border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50";

/** The bay board of a day (today unless another is asked for), to run the day from and print. */
export default function BookingsTodayPage({ loaderData }: Route.ComponentProps) {
  const { date, today, closed, bays, windows, hours, bookings, waitlist, timeZone } = loaderData;
  const serviceRecord = useVisitServiceRecord();
  const till = useVisitTill();
  const desk = useDesk(
    bookings,
    till.desk(
      serviceRecord.desk((b) => (
        <>
          <BookingMessages bookingId={b._id} />
          <BookingHistory booking={b} />
        </>
      )),
    ),
  );
  const title = `${friendlyDate(date)} · ${bookings.length === 1 ? "1 booking" : `${bookings.length} bookings`}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{date === today ? "Today's Bookings" : "Bookings by Day"}</h1>
      <p className="mt-1 text-lg text-slate-800">{title}</p>
      <nav aria-label="Other days" className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
        <Link to={`/dashboard/manageBooking/new${date > today ? `?date=${date}` : ""}`} className={buttonClass()}>
          New booking
        </Link>
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
            {/* Keyed by the day shown, so it follows the day links (a field keeps what it was given first). */}
            <input
              key={date}
              name="date"
              type="date"
              defaultValue={date}
              className="mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2"
            />
          </label>
          <button type="submit" className={buttonClass()}>
            Show
          </button>
        </Form>
        <button type="button" onClick={() => window.print()} className={dayLink}>
          Print run sheet
        </button>
      </nav>
      {closed && (
        <p className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">
          Closed on this date: customers cannot book it.
        </p>
      )}
      <DayBoard
        bays={bays}
        windows={windows}
        hours={hours}
        bookings={bookings}
        actions={desk.actions}
        onMove={desk.move}
        onOpen={desk.open}
        aside={<DayWaitlist day={waitlist} windows={windows} timeZone={timeZone} />}
        held={waitlist.entries.flatMap((e) =>
          e.offers.filter((o) => o.status === "open").map((o) => ({ slot: o.slot, name: e.fullName })),
        )}
      />
      <RunSheet bookings={bookings} windows={windows} bays={bays} />
      {desk.dialogs}
      {serviceRecord.prompt}
      {till.dialogs}
      <LiveBoardNotice />
    </>
  );
}
