import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/dashboard-home";
import { LiveBoardNotice } from "~/components/live-board-notice";
import { dayBookings } from "~/features/bookings/desk/day-bookings";
import { DayBoard } from "~/features/bookings/desk/day-board";
import { LooseEnds, looseEndsTitle, NextArrivals, RequestQueue } from "~/features/bookings/desk/desk-lists";
import { useBulkConfirm } from "~/features/bookings/desk/use-bulk-confirm";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useDesk } from "~/features/bookings/desk/use-desk";
import { BookingMessages } from "~/features/outbox/booking-messages";
import { BookingHistory } from "~/features/audit/booking-history";
import { ReviewsWaiting } from "~/features/reviews/reviews-waiting";
import { useVisitServiceRecord } from "~/features/follow-ups/visit-service-record";
import { useVisitTill } from "~/features/till/use-visit-till";
import { GiftCardDesk } from "~/features/till/gift-card-desk";
import { ClubDesk } from "~/features/club/club-desk";
import { MembershipCards } from "~/features/club/membership-cards";
import type { Booking } from "~/features/bookings/bookings.schema";
import { NothingBooked } from "~/features/bookings/nothing-booked";
import { StatusBadge } from "~/features/bookings/status-badge";
import { friendlyDate } from "~/features/bookings/visit-text";
import { bookingVehicleName } from "~/features/bookings/visit-summary";
import { useVisitWords } from "~/features/bookings/visit-words";
import { DASHBOARD_HOME, dashboardLinks, dashboardPathIn } from "~/features/users/dashboard-links";
import { dashboardLinkLabel } from "~/features/users/member-link-labels";
import { VerifyEmailNotice } from "~/features/users/email-ownership";
import { ProfileForm } from "~/features/users/profile-form";
import { YourDataSection } from "~/features/customer-data/your-data-section";
import { requirePage } from "~/features/users/page-access.server";
import { actorCan } from "~/lib/access";
import { businessToday } from "~/lib/business-date";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";
import { memberPageMeta } from "~/lib/page-meta";
import { useState } from "react";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard");
  const { services, site } = args.context;
  const base = { name: actor.name, siteName: site.name };
  const today = businessToday(site.timeZone);
  if (!actorCan(actor, "desk")) {
    // A member's list starts with their upcoming visits, soonest first: the first live one is next.
    const [{ items }, memberships] = await Promise.all([
      services.bookings.listBookings(actor, { limit: 5, offset: 0, scope: "own", from: today }),
      services.club.memberships.mine(actor, today),
    ]);
    const next = items.find((b) => b.status !== "cancelled") ?? null;
    const { email, emailVerified } = actor;
    return { ...base, view: "member" as const, next, memberships, email, emailVerified };
  }
  const [desk, day, reviewsWaiting] = await Promise.all([
    services.visits.desk(actor, today),
    services.bookings.listDay(actor, today),
    // Staff run the day, not the reviews: the card is a manager's.
    actorCan(actor, "reviews") ? services.reviews.listWaiting(actor) : null,
  ]);
  return {
    ...base,
    view: "desk" as const,
    today,
    desk,
    bays: day.bays,
    windows: day.windows,
    hours: day.hours,
    closed: day.closed,
    board: dayBookings(day),
    reviewsWaiting,
  };
}

/** A member's home names its Spanish twin (decision 059); the team's desk is English only. */
export const meta: Route.MetaFunction = (args) => memberPageMeta(args, msg`Dashboard`);

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "desk") return <TodayDesk {...loaderData} />;
  return <MemberHome {...loaderData} />;
}

type MemberData = Extract<Route.ComponentProps["loaderData"], { view: "member" }>;

/** A member's home, in the page's language: their next visit, club cards, pages, name and data. */
function MemberHome(loaderData: MemberData) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const links = dashboardLinks("member").filter((l) => l.to !== DASHBOARD_HOME);
  const name = loaderData.name;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">
        <Trans>Hello, {name}</Trans>
      </h1>
      <p className="mt-2 text-slate-700">
        <Trans>Your bookings are one click away.</Trans>
      </p>
      {/* A new account's next step, here too: not only on My Bookings. */}
      {!loaderData.emailVerified && <VerifyEmailNotice email={loaderData.email} bookingsShow="in My Bookings" />}
      <NextVisit booking={loaderData.next} />
      <MembershipCards memberships={loaderData.memberships} />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={dashboardPathIn(locale, link.to)}
              hrefLang={dashboardPathIn(locale, link.to) === link.to && locale !== "en" ? "en" : undefined}
              className="block rounded-xl border border-slate-200 bg-white p-5 font-semibold text-brand-800 shadow-sm hover:border-brand-600"
            >
              {dashboardLinkLabel(i18n, link.label)} →
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 space-y-6">
        <ProfileForm name={loaderData.name} />
        <YourDataSection />
      </div>
    </>
  );
}

/** A member's next visit first: when, what, and where to manage it; or an invitation to book. */
function NextVisit({ booking }: { booking: Booking | null }) {
  const words = useVisitWords();
  const localePath = useLocalePath();
  return (
    <section aria-labelledby="next-visit" className="mt-6 rounded-xl border border-brand-600/30 bg-white p-5 shadow-sm">
      <h2 id="next-visit" className="text-lg font-bold text-slate-900">
        <Trans>Your next booking</Trans>
      </h2>
      {booking ? (
        <>
          <p className="mt-1 text-xl font-semibold text-slate-900">
            {words.day(booking.preferredDate)}, {words.window(booking)}
          </p>
          <p className="text-slate-700">
            {words.service(booking.serviceType)}, {booking.packageName ?? <Trans>No package</Trans>} ·{" "}
            <VehicleName booking={booking} /> <StatusBadge status={booking.status} />
          </p>
          <Link
            to={localePath("/dashboard/my-bookings")}
            className="mt-3 inline-block font-semibold text-brand-800 underline"
          >
            <Trans>See or change it in My Bookings</Trans>
          </Link>
        </>
      ) : (
        <div className="mt-2">
          <NothingBooked>
            <Trans>Nothing booked yet.</Trans>
          </NothingBooked>
        </div>
      )}
    </section>
  );
}

/** "Silver Honda CR-V" as typed, or the booking's vehicle type in the page's language. */
function VehicleName({ booking }: { booking: Booking }) {
  const { i18n } = useLingui();
  const name = bookingVehicleName(booking);
  return <>{name === booking.vehicleType ? i18n._(catalogueName(name)) : name}</>;
}

type DeskData = Extract<Route.ComponentProps["loaderData"], { view: "desk" }>;

/**
 * The team's home (staff, managers, admins): today at a glance, the days before's visits left without an outcome, the
 * requests to confirm (all at once too), the cars to come, and the bay board. The lists show their
 * first few, so the board stays near the top on a busy morning.
 */
function TodayDesk({ name, today, desk, bays, windows, hours, closed, board, reviewsWaiting }: DeskData) {
  const shown = [...board, ...[...desk.queue, ...desk.looseEnds].filter((q) => !board.some((b) => b._id === q._id))];
  const bulk = useBulkConfirm(desk.queue);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const requests = desk.queue.length;
  const serviceRecord = useVisitServiceRecord();
  const till = useVisitTill();
  const { actions, open, move, dialogs } = useDesk(
    shown,
    till.desk(
      serviceRecord.desk((b) => (
        <>
          <BookingMessages bookingId={b._id} />
          <BookingHistory booking={b} />
        </>
      )),
    ),
  );
  const counts = [
    ["Cars today", desk.counts.today],
    ["Requests waiting", desk.counts.waiting],
    ["On site now", desk.counts.onSite],
  ] as const;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Today</h1>
          <p className="mt-1 text-lg text-slate-800">
            {friendlyDate(today)} · Hello, {name}
          </p>
        </div>
        <Link to="/dashboard/manageBooking/new" className={buttonClass({ size: "lg" })}>
          New booking
        </Link>
      </div>
      {closed && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">
          Closed today: customers cannot book it.
        </p>
      )}
      <dl className="mt-5 grid grid-cols-3 gap-3">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="text-3xl font-extrabold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {reviewsWaiting && <ReviewsWaiting reviews={reviewsWaiting.items} total={reviewsWaiting.total} />}
      {desk.looseEnds.length > 0 && (
        <section aria-labelledby="loose-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h2 id="loose-heading" className="text-xl font-bold text-amber-950">
            {looseEndsTitle(desk.looseEnds, today)}
          </h2>
          <p className="text-sm text-amber-900">Never collected nor marked a no-show: tap what happened.</p>
          <LooseEnds bookings={desk.looseEnds} actions={actions} onOpen={open} today={today} />
        </section>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="queue-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="queue-heading" className="text-xl font-bold text-slate-900">
              Waiting for confirmation
            </h2>
            {requests > 1 && (
              <button
                type="button"
                onClick={() => setConfirmingAll(true)}
                disabled={bulk.busy}
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                {bulk.busy
                  ? "Confirming…"
                  : requests < desk.counts.waiting
                    ? `Confirm the ${requests} soonest`
                    : `Confirm all ${requests}`}
              </button>
            )}
          </div>
          <RequestQueue bookings={desk.queue} actions={actions} onMove={move} onOpen={open} today={today} />
          {desk.counts.waiting > desk.queue.length && (
            // The queue shows the soonest few; the rest, soonest first, can be confirmed together there.
            <Link
              to={`/dashboard/manageBooking?status=pending&from=${today}`}
              className="mt-2 inline-block font-semibold text-brand-800 underline"
            >
              All {desk.counts.waiting} waiting, to confirm together
            </Link>
          )}
        </section>
        <section aria-labelledby="arrivals-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="arrivals-heading" className="text-xl font-bold text-slate-900">
            Still to arrive today
          </h2>
          <NextArrivals bookings={desk.arrivals} actions={actions} onOpen={open} today={today} />
        </section>
      </div>
      <section aria-labelledby="board-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="board-heading" className="text-xl font-bold text-slate-900">
            Bay board
          </h2>
          <Link to="/dashboard/manageBooking/today" className="font-semibold text-brand-800 underline">
            Other days and the run sheet
          </Link>
        </div>
        <DayBoard
          bays={bays}
          windows={windows}
          hours={hours}
          bookings={board}
          actions={actions}
          onMove={move}
          onOpen={open}
        />
      </section>
      <GiftCardDesk />
      <ClubDesk />
      {dialogs}
      <ConfirmDialog
        open={confirmingAll}
        title={`Confirm ${requests === 1 ? "1 request" : `${requests} requests`}?`}
        description="Each customer is e-mailed that their booking is confirmed, at the date and time listed here. If one has changed meanwhile, none is confirmed."
        confirmLabel="Confirm them"
        onConfirm={() => {
          // Closed first: the toast that reports it (or a refusal) would sit behind the backdrop.
          setConfirmingAll(false);
          void bulk.confirmAll();
        }}
        onClose={() => setConfirmingAll(false)}
      />
      {serviceRecord.prompt}
      {till.dialogs}
      <LiveBoardNotice />
    </>
  );
}
