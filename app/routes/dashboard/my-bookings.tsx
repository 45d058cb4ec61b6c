import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/my-bookings";
import { BackButton } from "~/components/ui/back-button";
import { EmailAddress } from "~/components/ui/email-address";
import { Pager } from "~/components/ui/pager";
import { SearchForm } from "~/components/ui/search-form";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { bookAgainPath } from "~/features/bookings/book-again";
import { BookingDetailsDialog } from "~/features/bookings/booking-details-dialog";
import { bookingFiltersFromSearch, type Booking } from "~/features/bookings/bookings.schema";
import { NothingBooked } from "~/features/bookings/nothing-booked";
import { StatusBadge } from "~/features/bookings/status-badge";
import { NeedsNewTimeBadge } from "~/features/bookings/needs-new-time-badge";
import { useVisitWords } from "~/features/bookings/visit-words";
import { PricedLines } from "~/features/bookings/priced-lines";
import { ChangeEmailForm, EmailVerifiedNotice, VerifyEmailNotice } from "~/features/users/email-ownership";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { businessToday } from "~/lib/business-date";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { memberPageMeta } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";
import { pageFromUrl } from "~/lib/pagination";
import { buttonClass } from "~/components/ui/button";
import { textField } from "~/lib/text-field";

const PAGE_SIZE = 20;

/** Where an e-mail's verification link lands: ?verified=1, or better-auth's ?error= for a link that failed (expired, used, altered). */
const emailLinkQuery = z.object({ verified: z.literal("1"), error: textField().max(100) });

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/my-bookings");
  const url = new URL(args.request.url);
  const { q } = bookingFiltersFromSearch(url.searchParams);
  const link = pageSearch(url, emailLinkQuery);
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  // Upcoming first, soonest first, then past ones, latest first: the server's own order.
  const list = await args.context.services.bookings.listBookings(actor, { scope: "own", q, limit, offset });
  return {
    ...list,
    page,
    q: q ?? "",
    email: actor.email,
    emailVerified: actor.emailVerified,
    justVerified: link.verified !== undefined && link.error === undefined,
    linkFailed: link.error !== undefined,
    today: businessToday(args.context.site.timeZone),
    siteName: args.context.site.name,
  };
}

export const meta: Route.MetaFunction = (args) => memberPageMeta(args, msg`My Bookings`);

type OwnBooking = Booking & { manageToken?: string };

/**
 * What was booked, as the customer chose it: the package, else the contact form's choice, else the
 * service (its name in the page's language).
 */
function useChosenPackage(): (booking: Booking) => string {
  const { t } = useLingui();
  const { service } = useVisitWords();
  return (booking) => {
    if (booking.packageName) return booking.packageName;
    const tier = booking.packageSelection;
    if (tier && tier !== "None") return t`${tier} package`;
    return service(booking.serviceType);
  };
}

export default function MyBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, email, emailVerified, justVerified, linkFailed, today } = loaderData;
  const { t } = useLingui();
  const words = useVisitWords();
  const chosenPackage = useChosenPackage();
  const localePath = useLocalePath();
  const details = useConfirmedAction<Booking>({ failureTitle: t`Failed` });
  const bookings = items as OwnBooking[];
  const upcoming = bookings.filter((b) => b.preferredDate >= today);
  const past = bookings.filter((b) => b.preferredDate < today);

  const cancelBooking = () =>
    details.run(async (booking) => {
      await apiFetch(`/api/bookings/${booking._id}`, { method: "PATCH", json: { status: "cancelled" } });
      const [name, day] = [chosenPackage(booking), words.day(booking.preferredDate)];
      return { title: t`Cancelled`, description: t`Your ${name} on ${day} is cancelled.` };
    });

  return (
    <>
      <BackButton />
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-3xl font-bold text-slate-900">
          <Trans>My Bookings</Trans>
        </h1>
        {/* The vehicles a booking is made with, one tap away. */}
        <Link
          to={localePath("/dashboard/my-vehicles")}
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          <Trans>My Vehicles</Trans>
        </Link>
      </div>
      {emailVerified ? (
        justVerified && <EmailVerifiedNotice />
      ) : (
        <VerifyEmailNotice email={email} linkFailed={linkFailed} />
      )}
      <SearchForm
        name="q"
        label={t`Search bookings`}
        defaultValue={q}
        placeholder={t`Service, package, vehicle or date`}
        button={t`Search`}
      />
      {bookings.length === 0 ? (
        <div className="mt-8 rounded-lg bg-white p-6">
          {q ? (
            <p className="text-slate-700">
              <Trans>No results found.</Trans>
            </p>
          ) : (
            <NothingBooked>
              <Trans>
                No bookings found for <EmailAddress email={email} />.
              </Trans>
            </NothingBooked>
          )}
        </div>
      ) : (
        <>
          {/* Only past visits (the list starts with those ahead): the way to book, not a dead end. */}
          {!q && page === 1 && upcoming.length === 0 && (
            <div className="mt-8 rounded-lg bg-white p-6">
              <NothingBooked>
                <Trans>Nothing booked ahead.</Trans>
              </NothingBooked>
            </div>
          )}
          <BookingGroup group="upcoming" title={t`Upcoming`} bookings={upcoming} onDetails={details.ask} />
          <BookingGroup group="past" title={t`Past`} bookings={past} onDetails={details.ask} />
        </>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label={t`Booking pages`} />
      <ChangeEmailForm email={email} />
      <BookingDetailsDialog
        booking={details.pending}
        busy={details.busy}
        onCancelBooking={cancelBooking}
        onClose={details.cancel}
      />
    </>
  );
}

function BookingGroup({
  group,
  title,
  bookings,
  onDetails,
}: {
  group: "upcoming" | "past";
  title: string;
  bookings: OwnBooking[];
  onDetails(booking: Booking): void;
}) {
  if (bookings.length === 0) return null;
  const id = `bookings-${group}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {bookings.map((booking) => (
          <BookingCard key={booking._id} booking={booking} upcoming={group === "upcoming"} onDetails={onDetails} />
        ))}
      </ul>
    </section>
  );
}

function BookingCard({
  booking,
  upcoming,
  onDetails,
}: {
  booking: OwnBooking;
  upcoming: boolean;
  onDetails(booking: Booking): void;
}) {
  const { t } = useLingui();
  const words = useVisitWords();
  const localePath = useLocalePath();
  const when = words.day(booking.preferredDate);
  const name = useChosenPackage()(booking);
  const window = words.window(booking);
  const cancelled = booking.status === "cancelled";
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-bold break-words text-slate-900">{name}</h3>
        <StatusBadge status={booking.status} />
      </div>
      <p
        className={`mt-1 text-lg font-semibold ${cancelled ? "text-slate-500 line-through" : upcoming ? "text-brand-800" : "text-slate-800"}`}
      >
        {when}
        <span className="block text-base font-medium text-slate-700">
          {booking.preferredTimeSlot === "Anytime" ? t`Any time that day` : t`Arrive ${window}`}
        </span>
      </p>
      {booking.needsNewTime && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          <NeedsNewTimeBadge booking={booking} />{" "}
          <Trans>We're closed that day: please choose a new time under Manage.</Trans>
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-semibold">
          <Trans>Service</Trans>
        </dt>
        <dd className="min-w-0 break-words">{words.service(booking.serviceType)}</dd>
        <dt className="font-semibold">
          <Trans>Vehicle</Trans>
        </dt>
        <dd className="min-w-0 break-words">{words.vehicle(booking)}</dd>
      </dl>
      {/* What the visit costs, line by line as it was booked: the service for the vehicle's size, each add-on, WASH5. */}
      <PricedLines
        lines={booking.lines}
        total={booking.total}
        note={words.priceNote(booking)}
        className="mt-3 border-t border-slate-100 pt-2"
      />
      <div className="mt-4 flex flex-wrap gap-2 pt-1">
        <button
          type="button"
          onClick={() => onDetails(booking)}
          className={buttonClass({ variant: "outline", size: "sm" })}
        >
          <Trans>
            Details<span className="sr-only"> of the booking on {when}</span>
          </Trans>
        </button>
        {booking.manageToken && (
          <Link
            to={localePath(`/booking/manage/${booking.manageToken}`)}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            <Trans>
              Manage<span className="sr-only"> the booking on {when}</span>
            </Trans>
          </Link>
        )}
        <Link to={localePath(bookAgainPath(booking))} className={buttonClass({ size: "sm" })}>
          <Trans>
            Book again<span className="sr-only">: {name}</span>
          </Trans>
        </Link>
      </div>
    </li>
  );
}
