import { CalendarPlus, Car, Clock, MapPin, Phone, Receipt, RotateCcw, Tag } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { openingPeriods } from "~/features/bookings/shop-hours";
import type { Route } from "./+types/manage-link";
import { bookAgainPath } from "~/features/bookings/book-again";
import { ManageLinkActions } from "~/features/bookings/manage-link/manage-link-actions";
import { displayStatus, packageLabel } from "~/features/bookings/bookings.schema";
import { PricedLines } from "~/features/bookings/priced-lines";
import { isPriced, priceNote, vehicleText } from "~/features/bookings/visit-summary";
import { StatusBadge } from "~/features/bookings/status-badge";
import { CopyLinkButton } from "~/components/ui/copy-link-button";
import {
  arriveBetween,
  bookingReference,
  friendlyDate,
  lengthAndFinish,
  momentText,
  serviceText,
  visitDayAndWindow,
} from "~/features/bookings/visit-text";
import { businessToday, zoneName } from "~/lib/business-date";
import { foundOr404 } from "~/lib/loader-response";
import { pageSearch } from "~/lib/page-search";
import { privateLinkMeta, PRIVATE_LINK_HEADERS } from "~/lib/page-meta";
import { ARRIVAL_NOTES } from "~/lib/arrival-notes";
import { openStatus, replyTime } from "~/lib/opening-hours";
import { directionsHref, telHref } from "~/lib/site-config";
import { useRootData } from "~/lib/root-data";
import { useSite } from "~/lib/use-site";
import { buttonClass } from "~/components/ui/button";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const view = await foundOr404(context.services.bookings.findByManageToken(params.token));
  const timeZone = context.site.timeZone;
  const visitZone = zoneName(timeZone, new Date(`${view.booking.preferredDate}T12:00:00Z`));
  return data(
    {
      ...view,
      token: params.token,
      isNew: pageSearch(request, z.object({ new: z.literal("1") })).new !== undefined,
      today: businessToday(timeZone),
      zoneName: visitZone,
      // Read now, on the business's clock: the page is never kept, so the promise is always current.
      pendingText: `We have your request and will confirm your slot ${replyTime(openStatus(new Date(), timeZone, openingPeriods(await context.services.bookingSettings.shopHours())))}.`,
    },
    { headers: PRIVATE_LINK_HEADERS },
  );
}

/** The token in the address is the booking's key: the page is the holder's alone. */
export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.isNew ? "Booking request sent" : "Your booking");

const STATUS_TEXT = {
  Confirmed: "Your slot is confirmed. We look forward to seeing you.",
  Cancelled: "This booking is cancelled.",
} as const;

export default function ManageLinkPage({ loaderData }: Route.ComponentProps) {
  const {
    booking,
    canChange,
    canReschedule,
    closedReason,
    changeDeadline,
    reason,
    token,
    isNew,
    today,
    zoneName,
    pendingText,
  } = loaderData;
  const site = useSite();
  const manageLink = `${useRootData()?.origin ?? ""}/booking/manage/${token}`;
  const heading = useRef<HTMLHeadingElement>(null);
  // Someone who just sent the form (or followed the e-mail) starts reading here, screen readers included.
  useEffect(() => heading.current?.focus(), []);

  const status = displayStatus(booking.status);
  const cancelled = status === "Cancelled";
  const date = friendlyDate(booking.preferredDate);
  const when = visitDayAndWindow(booking);
  const deadline = changeDeadline && momentText(changeDeadline, site.timeZone);
  // The shop closed the visit's day (issue 29): the page asks for a new time instead of confirming.
  const closedText =
    booking.needsNewTime === true
      ? `We're closed on ${date}${closedReason ? `: ${closedReason}` : ""}. Please choose a new time.`
      : null;

  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12 text-white sm:py-14">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">
            {isNew ? "Thank you" : "Manage booking"}
          </p>
          <h1 ref={heading} tabIndex={-1} className="mt-2 w-fit text-4xl font-extrabold tracking-tight sm:text-5xl">
            {/* Not "Booking request sent": the form's toast has just said so. */}
            Your booking
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            {serviceText(booking)} on {when}. Reference{" "}
            <span className="font-bold text-white">{bookingReference(booking._id)}</span>
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1.2fr_1fr]">
        <div className="space-y-6">
          {isNew && (
            <section aria-labelledby="sent-heading" className="rounded-2xl border border-green-200 bg-green-50 p-5">
              <h2 id="sent-heading" className="text-lg font-bold text-green-900">
                We e-mailed you at {booking.email}
              </h2>
              <p className="mt-1 text-green-900">
                The e-mail has these details, a calendar file and a link back to this page, where you can reschedule or
                cancel. Keep it: the link is your key to this booking.
              </p>
              {/* The link itself, not its address: forty characters of token wrap over four lines on a phone. */}
              <p className="mt-3 flex flex-wrap items-center gap-3">
                <a href={manageLink} className={`inline-flex ${buttonClass({ variant: "outline" })} bg-white`}>
                  Manage your booking
                </a>
                <CopyLinkButton url={manageLink} />
              </p>
            </section>
          )}

          {closedText && (
            <section aria-labelledby="closed-heading" className="rounded-2xl border border-red-200 bg-red-50 p-5">
              <h2 id="closed-heading" className="text-lg font-bold text-red-900">
                Your booking needs a new time
              </h2>
              <p className="mt-1 text-red-900">{closedText}</p>
              {canReschedule && (
                <a href="#reschedule" className={`mt-3 inline-flex ${buttonClass({ size: "lg" })}`}>
                  Choose a new time
                </a>
              )}
            </section>
          )}

          <section aria-labelledby="status-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="status-heading" className="flex flex-wrap items-center gap-3 text-lg font-bold text-slate-900">
              Status <StatusBadge status={booking.status} />
            </h2>
            <p className="mt-2 text-slate-700">
              {closedText
                ? "Your booking needs a new time: we're closed that day."
                : status === "Pending"
                  ? pendingText
                  : STATUS_TEXT[status]}
            </p>
          </section>

          <section aria-labelledby="summary-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
              Your visit
            </h2>
            <dl className="mt-4 space-y-4">
              <Fact icon={<Car aria-hidden className="size-5" />} term="What">
                {booking.serviceType}
                {booking.packageName !== null && ` · ${packageLabel(booking)}`}
                <span className="block text-slate-600">Takes about {lengthAndFinish(booking)}</span>
              </Fact>
              {isPriced(booking) && (
                <Fact icon={<Tag aria-hidden className="size-5" />} term="Price">
                  <PricedLines
                    lines={booking.lines}
                    total={booking.total}
                    note={priceNote(booking)}
                    className="mt-1 max-w-sm"
                  />
                </Fact>
              )}
              <Fact icon={<Clock aria-hidden className="size-5" />} term="When">
                {date}
                <span className="block text-slate-600">
                  {booking.arrival
                    ? arriveBetween(booking.arrival)
                    : "Any time that day: we will call to agree the time."}{" "}
                  ({zoneName})
                </span>
              </Fact>
              <Fact icon={<MapPin aria-hidden className="size-5" />} term="Where">
                {site.name}, {site.address}
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {/* No way there for a visit that is not happening. */}
                  {!cancelled && (
                    <a
                      href={directionsHref(site)}
                      rel="noopener noreferrer"
                      className="font-semibold text-brand-700 underline underline-offset-4"
                    >
                      Get directions
                    </a>
                  )}
                  <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                    <Phone aria-hidden className="mr-1 inline size-4" />
                    {site.phone}
                  </a>
                </span>
              </Fact>
              <Fact icon={<Receipt aria-hidden className="size-5" />} term="Reference">
                {bookingReference(booking._id)}
                <span className="block text-slate-600">
                  {booking.fullName} · {vehicleText(booking)}
                </span>
              </Fact>
            </dl>
            {cancelled ? (
              // A cancelled visit has nothing to put in a calendar; the same choices again are one tap away.
              <Link
                to={bookAgainPath(booking)}
                className={`mt-5 inline-flex items-center gap-2 ${buttonClass({ size: "lg" })}`}
              >
                <RotateCcw aria-hidden className="size-5" />
                Book again
              </Link>
            ) : (
              <a
                href={`/api/bookings/manage/${token}/calendar.ics`}
                download
                className={`mt-5 inline-flex items-center gap-2 ${buttonClass({ variant: "outline", size: "lg" })}`}
              >
                <CalendarPlus aria-hidden className="size-5" />
                Add to calendar
              </a>
            )}
          </section>
        </div>

        <div className="space-y-6">
          {canChange || canReschedule ? (
            <>
              {deadline && canChange && (
                <p className="mb-4 text-slate-700">
                  You can reschedule or cancel online until <strong>{deadline}</strong>.
                </p>
              )}
              {!canChange && (
                <p className="mb-4 text-slate-700">
                  You can choose a new time online whatever our usual deadline. To cancel, please call us on{" "}
                  <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                    {site.phone}
                  </a>
                  .
                </p>
              )}
              <ManageLinkActions
                canCancel={canChange}
                token={token}
                when={when}
                preferredDate={booking.preferredDate}
                preferredTimeSlot={booking.preferredTimeSlot}
                minutes={booking.minutes}
                today={today}
              />
            </>
          ) : (
            <section aria-labelledby="changes-heading" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
              <h2 id="changes-heading" className="text-lg font-bold text-slate-900">
                Changes
              </h2>
              <p className="mt-2 text-slate-700">{reason === "Already cancelled" ? STATUS_TEXT.Cancelled : reason}</p>
              <p className="mt-2 text-slate-700">
                Questions? Call us on{" "}
                <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                  {site.phone}
                </a>
                .
              </p>
            </section>
          )}
          <section aria-labelledby="arrive-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="arrive-heading" className="text-lg font-bold text-slate-900">
              When you arrive
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
              {ARRIVAL_NOTES.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </main>
  );
}

function Fact({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-brand-700">{icon}</span>
      <div>
        <dt className="text-sm font-semibold text-slate-600">{term}</dt>
        <dd className="text-slate-900">{children}</dd>
      </div>
    </div>
  );
}
