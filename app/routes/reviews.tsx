import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";
import type { Route } from "./+types/reviews";
import { PageHero } from "~/components/page-hero";
import { StarRating } from "~/components/star-rating";
import { Pager } from "~/components/ui/pager";
import { ReviewCard } from "~/features/reviews/review-card";
import { shownReviews } from "~/features/reviews/shown-reviews";
import { jsonForScript, reviewsJsonLd } from "~/features/site/structured-data";
import { pageMeta } from "~/lib/page-meta";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 12;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const published = await context.services.reviews.listPublished({ limit, offset });
  const shown = shownReviews(published.reviews);
  const origin = context.site.publicUrl ?? url.origin;
  return {
    ...shown,
    page,
    average: published.average,
    count: published.count,
    // The reviews on this page, for search engines: real ones only, never the samples.
    jsonLd: published.reviews.length > 0 ? jsonForScript(reviewsJsonLd(origin, published.reviews)) : null,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`Customer Reviews`,
    description: msg`What drivers say about our hand car wash, detailing and oil changes: honest reviews from commuters, families and classic car owners.`,
  });

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { items, real, average, count, page, jsonLd } = loaderData;
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <main>
      <PageHero eyebrow={t`Reviews`} title={t`What our customers say`}>
        {/* A rating only from published reviews: the samples claim none. */}
        {real && (
          <p className="flex flex-wrap items-center gap-3">
            <StarRating rating={average} className="rounded bg-white px-2 py-1" />
            <span>
              <Plural
                value={count}
                one={`${average} out of 5 from # review`}
                other={`${average} out of 5 from # reviews`}
              />
            </span>
          </p>
        )}
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="sr-only">
          <Trans>All reviews</Trans>
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        {real && <Pager page={page} total={count} size={PAGE_SIZE} label={t`Review pages`} />}
        <div className="mt-12 rounded-3xl bg-brand-900 p-8 text-center text-white">
          <h2 className="text-2xl font-bold">
            <Trans>See for yourself</Trans>
          </h2>
          <p className="mt-2 text-brand-100">
            <Trans>Most washes are done within the hour.</Trans>
          </p>
          <Link
            to={localePath("/contact")}
            className="mt-5 inline-block rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
          >
            <Trans>Book A Slot</Trans>
          </Link>
        </div>
      </div>
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
    </main>
  );
}
