import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/manage-bookings";
import { LiveBoardNotice } from "~/components/live-board-notice";
import { Pager } from "~/components/ui/pager";
import { BookingMessages } from "~/features/outbox/booking-messages";
import { BookingHistory } from "~/features/audit/booking-history";
import { useVisitServiceRecord } from "~/features/follow-ups/visit-service-record";
import { useVisitTill } from "~/features/till/use-visit-till";
import { BOOKING_STATUSES, bookingFiltersFromSearch } from "~/features/bookings/bookings.schema";
import { BookingsWeekTable } from "~/features/bookings/desk/bookings-week-table";
import { useBulkConfirm } from "~/features/bookings/desk/use-bulk-confirm";
import { useDesk } from "~/features/bookings/desk/use-desk";
import { DayWaitlist } from "~/features/bookings/desk/day-waitlist";
import { dayWindows } from "~/features/bookings/slot-plan";
import { bookingReference, friendlyDate } from "~/features/bookings/visit-text";
import { OBJECT_ID_PATTERN } from "~/lib/object-id";
import { pageSearch } from "~/lib/page-search";
import { requirePage } from "~/features/users/page-access.server";
import { actorCan } from "~/lib/access";
import { useCan } from "~/lib/use-can";
import { pageFromUrl } from "~/lib/pagination";
import { buttonClass } from "~/components/ui/button";
import { DateRangeFields } from "~/components/ui/date-range-fields";

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/manageBooking");
  const url = new URL(args.request.url);
  // ?open=<id> (a link from Activity): the booking found by its reference, its details opened.
  const { open } = pageSearch(url, z.object({ open: z.string().regex(OBJECT_ID_PATTERN) }));
  const filters = bookingFiltersFromSearch(url.searchParams);
  if (open && !filters.q) filters.q = bookingReference(open);
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const { services, site } = args.context;
  const oneDay = filters.from && filters.from === filters.to ? filters.from : undefined;
  const [list, waitlist, demand, shop] = await Promise.all([
    services.bookings.listBookings(actor, { ...filters, limit, offset, order: "visit" }),
    // The day's list (one day filtered) shows that day's waitlist; a longer range, its demand.
    oneDay ? services.waitlist.day(actor, oneDay) : null,
    // Demand is a report: a manager's.
    !oneDay && filters.from && filters.to && filters.from < filters.to && actorCan(actor, "reports")
      ? services.waitlist.demand(actor, filters.from, filters.to)
      : null,
    oneDay ? services.bookingSettings.shopHours() : null,
  ]);
  return {
    ...list,
    page,
    filters,
    open: open ?? null,
    siteName: site.name,
    timeZone: site.timeZone,
    waitlist,
    waitlistWindows: oneDay && shop ? dayWindows(oneDay, shop) : [],
    demand: demand?.filter((d) => d.waited > 0) ?? [],
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Manage Bookings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const inputClass = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2";

const count = new Intl.NumberFormat("en-US");
/** The list's order (the service's visit order), as the page states it. */
const order = "upcoming visits first, soonest first, then past ones";

/** The export link carries the same filters as the list on screen. */
function exportHref(filters: Record<string, string | undefined>) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const query = params.toString();
  return `/api/bookings/export.csv${query ? `?${query}` : ""}`;
}

export default function ManageBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, more, page, filters, waitlist, waitlistWindows, demand, timeZone, open } = loaderData;
  const serviceRecord = useVisitServiceRecord();
  const till = useVisitTill();
  const mayExport = useCan("reports");
  const desk = useDesk(
    items,
    till.desk(
      serviceRecord.desk((b) => (
        <>
          <BookingMessages bookingId={b._id} />
          <BookingHistory booking={b} />
        </>
      )),
    ),
  );
  const bulk = useBulkConfirm(items);
  // Opened once per link followed, not again when the list reloads after a change made in it.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const asked = open && items.find((b) => b._id === open);
    if (asked && opened.current !== open) {
      opened.current = open;
      desk.open(asked);
    }
  }, [open, items, desk]);

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
            , {order}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/dashboard/manageBooking/new" className={buttonClass()}>
            New booking
          </Link>
          <Link to="/dashboard/manageBooking/today" className={buttonClass({ variant: "outline" })}>
            Today's bookings
          </Link>
          {mayExport && (
            <a href={exportHref(filters)} download className={buttonClass({ variant: "outline" })}>
              Export CSV<span className="sr-only"> of the filtered list</span>
            </a>
          )}
        </div>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Filter bookings"
        className="mt-6 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:max-w-5xl"
      >
        <label className="text-sm font-semibold text-slate-800">
          Reference, name, phone or e-mail
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
        <DateRangeFields from={filters.from} to={filters.to} inputClass={inputClass} />
        <button type="submit" className={buttonClass()}>
          Filter
        </button>
      </Form>
      {demand.length > 0 && (
        <p className="mt-6 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Waitlist demand:</span>{" "}
          {demand.map((d) => `${friendlyDate(d.date)}: ${d.waited} waited`).join(" · ")}
        </p>
      )}
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No results found.</p>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center gap-3" role="group" aria-label="Chosen requests">
            <button
              type="button"
              onClick={bulk.confirm}
              disabled={bulk.chosen === 0 || bulk.busy}
              className={buttonClass()}
            >
              {bulk.busy ? "Confirming…" : `Confirm chosen (${bulk.chosen})`}
            </button>
            <p className="text-sm text-slate-700">
              {bulk.pendingCount === 0
                ? "No pending requests on this page."
                : "Choose pending requests to confirm them together: all of them, or none if one changed meanwhile."}
            </p>
          </div>
          <BookingsWeekTable
            caption={`Bookings, ${order}`}
            bookings={items}
            actions={desk.actions}
            bulk={bulk}
            onOpen={desk.open}
          />
        </>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Booking pages" />
      {waitlist && <DayWaitlist day={waitlist} windows={waitlistWindows} timeZone={timeZone} className="mt-6" wide />}
      {desk.dialogs}
      {serviceRecord.prompt}
      {till.dialogs}
      <LiveBoardNotice />
    </>
  );
}
