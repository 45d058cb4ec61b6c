import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";

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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localePath = useLocalePath();
  const phone = site.phone;
  if (!loaderData.found)
    return (
      <main>
        <Hero eyebrow={t`Your review`} title={t`This review link is not valid`} />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p className="text-lg text-slate-800">
            <Trans>
              The link may be cut short: open it again from the e-mail, tapping the button rather than copying the
              address. Or tell us how your visit went on{" "}
              <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
                {phone}
              </a>
              .
            </Trans>
          </p>
          <Link to={localePath("/")} className={`mt-6 inline-block ${buttonClass({ size: "lg" })}`}>
            <Trans>Go to the home page</Trans>
          </Link>
        </div>
      </main>
    );

  const { token, visit, collected, review, publishesGoodAtOnce } = loaderData;
  // A package keeps the name the shop gave it; the six services are named in the page's language.
  const service = i18n._(catalogueName(visit.serviceLabel));
  const place = site.name;
  const day = friendlyDate(visit.visitDate, locale);
  const firstName = visit.firstName;
  return (
    <main>
      <Hero eyebrow={t`Your review`} title={t`How was your visit?`}>
        {firstName
          ? t`${firstName}, your ${service} at ${place} on ${day}.`
          : t`Your ${service} at ${place} on ${day}.`}
      </Hero>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        {review ? (
          <section aria-labelledby="done-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 id="done-heading" className="text-xl font-bold text-slate-900">
              {i18n._(fixedMessage(ALREADY_REVIEWED))}
            </h2>
            <p className="mt-3 flex items-center gap-3 text-slate-700">
              <Trans>
                You gave <StarRating rating={review.rating} />
              </Trans>
            </p>
          </section>
        ) : collected ? (
          <ReviewForm token={token} publishesGoodAtOnce={publishesGoodAtOnce} />
        ) : (
          <p className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-lg text-amber-900">
            {i18n._(fixedMessage(VISIT_NOT_COLLECTED))}
          </p>
        )}
      </div>
    </main>
  );
}
