import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarPlus, Car, Clock, MapPin, Phone, Receipt, RotateCcw, Tag } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { openingPeriods } from "~/features/bookings/shop-hours";
import type { Route } from "./+types/manage-link";
import { bookAgainPath } from "~/features/bookings/book-again";
import { ManageLinkActions } from "~/features/bookings/manage-link/manage-link-actions";
import { displayStatus } from "~/features/bookings/bookings.schema";
import { PricedLines } from "~/features/bookings/priced-lines";
import { isPriced } from "~/features/bookings/visit-summary";
import { StatusBadge } from "~/features/bookings/status-badge";
import { CopyLinkButton } from "~/components/ui/copy-link-button";
import { bookingReference, friendlyDate, momentText } from "~/features/bookings/visit-text";
import {
  arriveWords,
  dayAndWindowWords,
  lengthAndFinishWords,
  serviceWords,
  vehicleWords,
} from "~/features/bookings/visit-words";
import { CONFIRMED_AT_SHOP_TYPE } from "~/features/pricing/pricing.schema";
import { VISIT_HAPPENED } from "~/features/bookings/change-window";
import { LANGUAGE_TAG, localeOfPath } from "~/lib/i18n/locale";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";
import { businessToday, zoneName } from "~/lib/business-date";
import { foundOr404 } from "~/lib/loader-response";
import { pageSearch } from "~/lib/page-search";
import { privateLinkMeta, PRIVATE_LINK_HEADERS } from "~/lib/page-meta";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { openStatus } from "~/lib/opening-hours";
import { directionsHref, telHref } from "~/lib/site-config";
import { useRootData } from "~/lib/root-data";
import { useSite } from "~/lib/use-site";
import { buttonClass } from "~/components/ui/button";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const view = await foundOr404(context.services.bookings.findByManageToken(params.token));
  const timeZone = context.site.timeZone;
  const locale = localeOfPath(new URL(request.url).pathname);
  const visitZone = zoneName(timeZone, new Date(`${view.booking.preferredDate}T12:00:00Z`), LANGUAGE_TAG[locale]);
  // Read now, on the business's clock: the page is never kept, so the promise is always current.
  const shop = openStatus(
    new Date(),
    timeZone,
    openingPeriods(await context.services.bookingSettings.shopHours()),
    locale,
  );
  return data(
    {
      ...view,
      token: params.token,
      isNew: pageSearch(request, z.object({ new: z.literal("1") })).new !== undefined,
      today: businessToday(timeZone),
      zoneName: visitZone,
      // When a pending request is answered: at once while open, else when the shop opens ("tomorrow at 8 AM").
      reply: { open: shop.open, opens: shop.open ? null : (/^(?:Opens|Abre) (.+)$/.exec(shop.detail)?.[1] ?? null) },
    },
    { headers: PRIVATE_LINK_HEADERS },
  );
}

/** The token in the address is the booking's key: the page is the holder's alone. */
export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.isNew ? msg`Booking request sent` : msg`Your booking`);

const STATUS_TEXT = {
  Confirmed: msg`Your slot is confirmed. We look forward to seeing you.`,
  Cancelled: msg`This booking is cancelled.`,
} as const;

/** Why the booking can no longer be changed online (change-window.ts's reasons), in the page's language. */
function reasonText(i18n: I18n, reason: string | undefined): string | undefined {
  if (reason === "Already cancelled") return i18n._(STATUS_TEXT.Cancelled);
  if (reason === VISIT_HAPPENED) return i18n._(msg`This visit has already happened.`);
  const hours = /^Changes close (\d+) hours? before/.exec(reason ?? "")?.[1];
  if (hours === "1") return i18n._(msg`Changes close 1 hour before your visit. Please call us.`);
  if (hours) return i18n._(msg`Changes close ${hours} hours before your visit. Please call us.`);
  return reason;
}

/** "We have your request and will confirm your slot shortly, …": a pending request's answer. */
function pendingText(i18n: I18n, reply: { open: boolean; opens: string | null }): string {
  if (reply.open) return i18n._(msg`We have your request and will confirm your slot shortly, usually within the hour.`);
  const opens = reply.opens;
  return opens
    ? i18n._(msg`We have your request and will confirm your slot when we open, ${opens}.`)
    : i18n._(msg`We have your request and will confirm your slot when we open.`);
}

/** ARRIVAL_NOTES (app/lib/arrival-notes.ts, which the e-mails read too) as the page's messages. */
const ARRIVAL_NOTES = [
  msg`Pull into the lane marked "Check-in" and a team member will meet you.`,
  msg`Free customer parking and a lounge with coffee and Wi-Fi.`,
];

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
    reply,
  } = loaderData;
  const site = useSite();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localePath = useLocalePath();
  const manageLink = `${useRootData()?.origin ?? ""}${localePath(`/booking/manage/${token}`)}`;
  const heading = useRef<HTMLHeadingElement>(null);
  // Someone who just sent the form (or followed the e-mail) starts reading here, screen readers included.
  useEffect(() => heading.current?.focus(), []);

  const status = displayStatus(booking.status);
  const cancelled = status === "Cancelled";
  const date = friendlyDate(booking.preferredDate, locale);
  const when = dayAndWindowWords(i18n, booking);
  const deadline = changeDeadline && momentText(changeDeadline, site.timeZone, locale);
  const service = serviceWords(i18n, booking);
  const reference = bookingReference(booking._id);
  const email = booking.email;
  const phone = site.phone;
  const length = lengthAndFinishWords(i18n, booking);
  // The shop closed the visit's day (issue 29): the page asks for a new time instead of confirming.
  const closedText =
    booking.needsNewTime !== true
      ? null
      : closedReason
        ? t`We're closed on ${date}: ${closedReason}. Please choose a new time.`
        : t`We're closed on ${date}. Please choose a new time.`;

  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12 text-white sm:py-14">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">
            {isNew ? t`Thank you` : t`Manage booking`}
          </p>
          <h1 ref={heading} tabIndex={-1} className="mt-2 w-fit text-4xl font-extrabold tracking-tight sm:text-5xl">
            {/* Not "Booking request sent": the form's toast has just said so. */}
            <Trans>Your booking</Trans>
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            <Trans>
              {service} on {when}. Reference <span className="font-bold text-white">{reference}</span>
            </Trans>
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1.2fr_1fr]">
        <div className="space-y-6">
          {isNew && (
            <section aria-labelledby="sent-heading" className="rounded-2xl border border-green-200 bg-green-50 p-5">
              <h2 id="sent-heading" className="text-lg font-bold text-green-900">
                <Trans>We e-mailed you at {email}</Trans>
              </h2>
              <p className="mt-1 text-green-900">
                <Trans>
                  The e-mail has these details, a calendar file and a link back to this page, where you can reschedule
                  or cancel. Keep it: the link is your key to this booking.
                </Trans>
              </p>
              {/* The link itself, not its address: forty characters of token wrap over four lines on a phone. */}
              <p className="mt-3 flex flex-wrap items-center gap-3">
                <a href={manageLink} className={`inline-flex ${buttonClass({ variant: "outline" })} bg-white`}>
                  <Trans>Manage your booking</Trans>
                </a>
                <CopyLinkButton url={manageLink} />
              </p>
            </section>
          )}

          {closedText && (
            <section aria-labelledby="closed-heading" className="rounded-2xl border border-red-200 bg-red-50 p-5">
              <h2 id="closed-heading" className="text-lg font-bold text-red-900">
                <Trans>Your booking needs a new time</Trans>
              </h2>
              <p className="mt-1 text-red-900">{closedText}</p>
              {canReschedule && (
                <a href="#reschedule" className={`mt-3 inline-flex ${buttonClass({ size: "lg" })}`}>
                  <Trans>Choose a new time</Trans>
                </a>
              )}
            </section>
          )}

          <section aria-labelledby="status-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="status-heading" className="flex flex-wrap items-center gap-3 text-lg font-bold text-slate-900">
              <Trans>Status</Trans> <StatusBadge status={booking.status} />
            </h2>
            <p className="mt-2 text-slate-700">
              {closedText
                ? t`Your booking needs a new time: we're closed that day.`
                : status === "Pending"
                  ? pendingText(i18n, reply)
                  : i18n._(STATUS_TEXT[status])}
            </p>
          </section>

          <section aria-labelledby="summary-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
              <Trans>Your visit</Trans>
            </h2>
            <dl className="mt-4 space-y-4">
              <Fact icon={<Car aria-hidden className="size-5" />} term={t`What`}>
                {i18n._(catalogueName(booking.serviceType))}
                {booking.packageName !== null && ` · ${booking.packageName}`}
                <span className="block text-slate-600">{t`Takes about ${length}`}</span>
              </Fact>
              {isPriced(booking) && (
                <Fact icon={<Tag aria-hidden className="size-5" />} term={t`Price`}>
                  <PricedLines
                    lines={booking.lines}
                    total={booking.total}
                    note={booking.vehicleType === CONFIRMED_AT_SHOP_TYPE ? t`Price confirmed at the shop` : undefined}
                    className="mt-1 max-w-sm"
                  />
                </Fact>
              )}
              <Fact icon={<Clock aria-hidden className="size-5" />} term={t`When`}>
                {date}
                <span className="block text-slate-600">
                  {booking.arrival
                    ? arriveWords(i18n, booking.arrival)
                    : t`Any time that day: we will call to agree the time.`}{" "}
                  ({zoneName})
                </span>
              </Fact>
              <Fact icon={<MapPin aria-hidden className="size-5" />} term={t`Where`}>
                {site.name}, {site.address}
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {/* No way there for a visit that is not happening. */}
                  {!cancelled && (
                    <a
                      href={directionsHref(site)}
                      rel="noopener noreferrer"
                      className="font-semibold text-brand-700 underline underline-offset-4"
                    >
                      <Trans>Get directions</Trans>
                    </a>
                  )}
                  <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                    <Phone aria-hidden className="mr-1 inline size-4" />
                    {site.phone}
                  </a>
                </span>
              </Fact>
              <Fact icon={<Receipt aria-hidden className="size-5" />} term={t`Reference`}>
                {reference}
                <span className="block text-slate-600">
                  {booking.fullName} · {vehicleWords(i18n, booking)}
                </span>
              </Fact>
            </dl>
            {cancelled ? (
              // A cancelled visit has nothing to put in a calendar; the same choices again are one tap away.
              <Link
                to={localePath(bookAgainPath(booking))}
                className={`mt-5 inline-flex items-center gap-2 ${buttonClass({ size: "lg" })}`}
              >
                <RotateCcw aria-hidden className="size-5" />
                <Trans>Book again</Trans>
              </Link>
            ) : (
              <a
                href={`/api/bookings/manage/${token}/calendar.ics`}
                download
                className={`mt-5 inline-flex items-center gap-2 ${buttonClass({ variant: "outline", size: "lg" })}`}
              >
                <CalendarPlus aria-hidden className="size-5" />
                <Trans>Add to calendar</Trans>
              </a>
            )}
          </section>
        </div>

        <div className="space-y-6">
          {canChange || canReschedule ? (
            <>
              {deadline && canChange && (
                <p className="mb-4 text-slate-700">
                  <Trans>
                    You can reschedule or cancel online until <strong>{deadline}</strong>.
                  </Trans>
                </p>
              )}
              {!canChange && (
                <p className="mb-4 text-slate-700">
                  <Trans>
                    You can choose a new time online whatever our usual deadline. To cancel, please call us on{" "}
                    <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                      {phone}
                    </a>
                    .
                  </Trans>
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
                <Trans>Changes</Trans>
              </h2>
              <p className="mt-2 text-slate-700">{reasonText(i18n, reason)}</p>
              <p className="mt-2 text-slate-700">
                <Trans>
                  Questions? Call us on{" "}
                  <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                    {phone}
                  </a>
                  .
                </Trans>
              </p>
            </section>
          )}
          <section aria-labelledby="arrive-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="arrive-heading" className="text-lg font-bold text-slate-900">
              <Trans>When you arrive</Trans>
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
              {ARRIVAL_NOTES.map((note) => (
                <li key={note.id}>{i18n._(note)}</li>
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
