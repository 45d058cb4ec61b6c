import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock, Car, Hourglass } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/waitlist-offer";
import { buttonClass } from "~/components/ui/button";
import { longDate } from "~/features/bookings/visit-text";
import { arriveWords, slotWindowWords } from "~/features/bookings/visit-words";
import { OfferActions } from "~/features/waitlist/offer-actions";
import type { WaitlistOfferStatus } from "~/features/waitlist/waitlist.schema";
import { zonedFormatter } from "~/lib/business-date";
import { PRIVATE_LINK_HEADERS, privateLinkMeta } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { localeOfPath } from "~/lib/i18n/locale";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";
import { formatClock, timeInSentence, zonedClock } from "~/lib/opening-hours";

/**
 * The page an offer e-mail's link opens (issue 29): the place held for the customer, booked with
 * one tap (then the booking's confirmation page), or passed on with "No thanks" (confirmed first).
 * Opening it changes nothing (mail scanners open every link): the e-mail's "No thanks" link
 * (?answer=no) only opens the question. A link the server did not write is the site's not-found page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const offer = await context.services.waitlist.offerPage(params.token);
  if (!offer) throw data(null, { status: 404, headers: PRIVATE_LINK_HEADERS });
  const expires = new Date(offer.expiresAt);
  // "3:45 PM" as before; on a Spanish page "las 3:45 p. m." ("la 1:15"), as a Spanish sentence says a time.
  const heldUntil =
    localeOfPath(new URL(request.url).pathname) === "es"
      ? timeInSentence(formatClock(zonedClock(expires, context.site.timeZone).minutes, "es"), "es")
      : zonedFormatter("en-US", { timeZone: context.site.timeZone, hour: "numeric", minute: "2-digit" }).format(
          expires,
        );
  const askDecline = pageSearch(request, z.object({ answer: z.literal("no") })).answer === "no";
  return data({ ...offer, token: params.token, heldUntil, askDecline }, { headers: PRIVATE_LINK_HEADERS });
}

/** The token in the address is the offer's key: the page is the holder's alone. */
export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.status === "open" ? msg`A place for you` : msg`Waitlist offer`);

type Ended = { title: MessageDescriptor; text: MessageDescriptor };

/** Why an offer can no longer be taken, in the shop's words; a lapse, by whether they are still on the list. */
const ENDED: Record<Exclude<WaitlistOfferStatus, "open" | "lapsed">, Ended> = {
  accepted: {
    title: msg`You've booked this place`,
    text: msg`Your booking is confirmed: the confirmation e-mail has its details and a link to change or cancel it.`,
  },
  declined: {
    title: msg`No thanks, noted`,
    text: msg`We've offered it to the next person, and you're no longer on the waitlist for this day. Thanks for letting us know.`,
  },
  withdrawn: {
    title: msg`This offer was withdrawn`,
    text: msg`The place is no longer held for you.`,
  },
};
const lapsed = (stillWaiting: boolean): Ended => ({
  title: msg`This offer has lapsed`,
  text: stillWaiting
    ? msg`The hold ended before it was booked, so we passed the place on. You're still on the waitlist for this day: if another place frees up, we'll hold it for you and e-mail you again.`
    : msg`The hold ended before it was booked, so the place went to the next person on the list. As it was the second place held for you, you're no longer on the waitlist for this day.`,
});

/**
 * The entry's stored summary ("Full Detail (SUV) + Tire shine") with the service's and vehicle
 * type's names in the page's language; packages and add-ons keep the names the shop gave them.
 */
function summaryWords(i18n: I18n, summary: string): string {
  const [first = "", ...addOns] = summary.split(" + ");
  const parts = /^(.*) \(([^()]+)\)$/.exec(first);
  const main = parts ? `${i18n._(catalogueName(parts[1]!))} (${i18n._(catalogueName(parts[2]!))})` : first;
  return [main, ...addOns].join(" + ");
}

export default function WaitlistOfferPage({ loaderData }: Route.ComponentProps) {
  const { date, slot, arrival, summary, fullName, status, heldUntil, token, stillWaiting, askDecline } = loaderData;
  const firstName = fullName.split(/\s+/)[0];
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localePath = useLocalePath();
  const open = status === "open";
  const ended = open ? null : status === "lapsed" ? lapsed(stillWaiting) : ENDED[status];
  const day = longDate(date, locale);
  const window = slotWindowWords(i18n, slot);
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10 text-white sm:py-14">
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">
            <Trans>From the waitlist</Trans>
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">
            {open ? (firstName ? t`${firstName}, a place freed up` : t`A place freed up`) : i18n._(ended!.title)}
          </h1>
          {open && (
            <p className="mt-3 text-lg text-brand-100">
              <Trans>We're holding it for you. One tap books it.</Trans>
            </p>
          )}
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <section
          aria-labelledby="place-heading"
          className={`rounded-2xl border p-5 sm:p-6 ${open ? "border-slate-200 bg-white shadow-md" : "border-slate-200 bg-slate-50"}`}
        >
          <h2 id="place-heading" className="text-lg font-bold text-slate-900">
            {open ? t`Your place` : t`The place`}
          </h2>
          <dl className="mt-4 space-y-4">
            <Fact icon={<CalendarClock aria-hidden className="size-5" />} term={t`When`}>
              {day}
              <span className="block text-slate-600">
                {arrival ? arriveWords(i18n, arrival) : t`Arrive between ${window}`}
              </span>
            </Fact>
            <Fact icon={<Car aria-hidden className="size-5" />} term={t`What`}>
              {summaryWords(i18n, summary)}
            </Fact>
            {open && (
              <Fact icon={<Hourglass aria-hidden className="size-5" />} term={t`Hold`}>
                <strong>
                  <Trans>Held for you until {heldUntil}</Trans>
                </strong>
                <span className="block text-slate-600">
                  <Trans>After that it goes to the next person on the list.</Trans>
                </span>
              </Fact>
            )}
          </dl>
          {open ? (
            <OfferActions token={token} place={t`${window} on ${day}`} askDecline={askDecline} />
          ) : (
            <>
              <p className="mt-5 text-slate-800">{i18n._(ended!.text)}</p>
              {status !== "accepted" && (
                <Link to={localePath("/booking")} className={`mt-5 inline-block ${buttonClass({ size: "lg" })}`}>
                  <Trans>Book another time</Trans>
                </Link>
              )}
            </>
          )}
        </section>
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
