import { CalendarClock, Car, Hourglass } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/waitlist-offer";
import { buttonClass } from "~/components/ui/button";
import { arriveBetween, arrivalWindow, longDate } from "~/features/bookings/visit-text";
import { OfferActions } from "~/features/waitlist/offer-actions";
import type { WaitlistOfferStatus } from "~/features/waitlist/waitlist.schema";
import { zonedFormatter } from "~/lib/business-date";
import { PRIVATE_LINK_HEADERS, privateLinkMeta } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";

/**
 * The page an offer e-mail's link opens (issue 29): the place held for the customer, booked with
 * one tap (then the booking's confirmation page), or passed on with "No thanks" (confirmed first).
 * Opening it changes nothing (mail scanners open every link): the e-mail's "No thanks" link
 * (?answer=no) only opens the question. A link the server did not write is the site's not-found page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const offer = await context.services.waitlist.offerPage(params.token);
  if (!offer) throw data(null, { status: 404, headers: PRIVATE_LINK_HEADERS });
  const heldUntil = zonedFormatter("en-US", {
    timeZone: context.site.timeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(offer.expiresAt));
  const askDecline = pageSearch(request, z.object({ answer: z.literal("no") })).answer === "no";
  return data({ ...offer, token: params.token, heldUntil, askDecline }, { headers: PRIVATE_LINK_HEADERS });
}

/** The token in the address is the offer's key: the page is the holder's alone. */
export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.status === "open" ? "A place for you" : "Waitlist offer");

/** Why an offer can no longer be taken, in the shop's words; a lapse, by whether they are still on the list. */
const ENDED: Record<Exclude<WaitlistOfferStatus, "open" | "lapsed">, { title: string; text: string }> = {
  accepted: {
    title: "You've booked this place",
    text: "Your booking is confirmed: the confirmation e-mail has its details and a link to change or cancel it.",
  },
  declined: {
    title: "No thanks, noted",
    text: "We've offered it to the next person, and you're no longer on the waitlist for this day. Thanks for letting us know.",
  },
  withdrawn: {
    title: "This offer was withdrawn",
    text: "The place is no longer held for you.",
  },
};
const lapsed = (stillWaiting: boolean) => ({
  title: "This offer has lapsed",
  text: stillWaiting
    ? "The hold ended before it was booked, so we passed the place on. You're still on the waitlist for this day: if another place frees up, we'll hold it for you and e-mail you again."
    : "The hold ended before it was booked, so the place went to the next person on the list. As it was the second place held for you, you're no longer on the waitlist for this day.",
});

export default function WaitlistOfferPage({ loaderData }: Route.ComponentProps) {
  const { date, slot, arrival, summary, fullName, status, heldUntil, token, stillWaiting, askDecline } = loaderData;
  const firstName = fullName.split(/\s+/)[0];
  const open = status === "open";
  const ended = open ? null : status === "lapsed" ? lapsed(stillWaiting) : ENDED[status];
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10 text-white sm:py-14">
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">From the waitlist</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">
            {open ? `${firstName ? `${firstName}, a` : "A"} place freed up` : ended!.title}
          </h1>
          {open && <p className="mt-3 text-lg text-brand-100">We're holding it for you. One tap books it.</p>}
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <section
          aria-labelledby="place-heading"
          className={`rounded-2xl border p-5 sm:p-6 ${open ? "border-slate-200 bg-white shadow-md" : "border-slate-200 bg-slate-50"}`}
        >
          <h2 id="place-heading" className="text-lg font-bold text-slate-900">
            {open ? "Your place" : "The place"}
          </h2>
          <dl className="mt-4 space-y-4">
            <Fact icon={<CalendarClock aria-hidden className="size-5" />} term="When">
              {longDate(date)}
              <span className="block text-slate-600">
                {arrival ? arriveBetween(arrival) : `Arrive between ${arrivalWindow(slot)}`}
              </span>
            </Fact>
            <Fact icon={<Car aria-hidden className="size-5" />} term="What">
              {summary}
            </Fact>
            {open && (
              <Fact icon={<Hourglass aria-hidden className="size-5" />} term="Hold">
                <strong>Held for you until {heldUntil}</strong>
                <span className="block text-slate-600">After that it goes to the next person on the list.</span>
              </Fact>
            )}
          </dl>
          {open ? (
            <OfferActions token={token} place={`${arrivalWindow(slot)} on ${longDate(date)}`} askDecline={askDecline} />
          ) : (
            <>
              <p className="mt-5 text-slate-800">{ended!.text}</p>
              {status !== "accepted" && (
                <Link to="/booking" className={`mt-5 inline-block ${buttonClass({ size: "lg" })}`}>
                  Book another time
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
