import { msg } from "@lingui/core/macro";
import { data, Link } from "react-router";
import type { Route } from "./+types/review-link";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import { friendlyDate } from "~/features/bookings/visit-text";
import { ReviewForm } from "~/features/reviews/review-form";
import { ALREADY_REVIEWED, VISIT_NOT_COLLECTED } from "~/features/reviews/reviews.schema";
import { isAppError } from "~/lib/app-error";
import { telHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { privateLinkMeta } from "~/lib/page-meta";

/**
 * The token in the address is the visit's key: the page is the customer's alone (no shared cache,
 * never kept), never indexed, and the address is not sent on to the sites it links to.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const view = await context.services.reviews.findByToken(params.token);
    return data({ found: true as const, token: params.token, ...view }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    // A friendly page of its own rather than the site's "not found": the customer followed our link.
    if (isAppError(error, "not_found"))
      return data({ found: false as const }, { status: 404, headers: PRIVATE_HEADERS });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.found ? msg`Rate your visit` : msg`Review link not valid`);

function Hero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 py-10 text-white sm:py-14">
      <div className="mx-auto max-w-3xl px-4">
        <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <p className="mt-3 text-lg text-brand-100">{children}</p>}
      </div>
    </section>
  );
}

export default function ReviewLinkPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (!loaderData.found)
    return (
      <main>
        <Hero eyebrow="Your review" title="This review link is not valid" />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p className="text-lg text-slate-800">
            The link may be cut short: open it again from the e-mail, tapping the button rather than copying the
            address. Or tell us how your visit went on{" "}
            <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
              {site.phone}
            </a>
            .
          </p>
          <Link to="/" className={`mt-6 inline-block ${buttonClass({ size: "lg" })}`}>
            Go to the home page
          </Link>
        </div>
      </main>
    );

  const { token, visit, collected, review, publishesGoodAtOnce } = loaderData;
  return (
    <main>
      <Hero eyebrow="Your review" title="How was your visit?">
        {visit.firstName ? `${visit.firstName}, your` : "Your"} {visit.serviceLabel} at {site.name} on{" "}
        {friendlyDate(visit.visitDate)}.
      </Hero>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        {review ? (
          <section aria-labelledby="done-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 id="done-heading" className="text-xl font-bold text-slate-900">
              {ALREADY_REVIEWED}
            </h2>
            <p className="mt-3 flex items-center gap-3 text-slate-700">
              You gave <StarRating rating={review.rating} />
            </p>
          </section>
        ) : collected ? (
          <ReviewForm token={token} publishesGoodAtOnce={publishesGoodAtOnce} />
        ) : (
          <p className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-lg text-amber-900">
            {VISIT_NOT_COLLECTED}
          </p>
        )}
      </div>
    </main>
  );
}
