import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import { PageHero } from "~/components/page-hero";
import { StarRating } from "~/components/star-rating";
import { ReviewCard } from "~/features/reviews/review-card";
import { ratingSummary, SAMPLE_REVIEWS } from "~/features/reviews/sample-reviews";
import { pageMeta } from "~/lib/page-meta";

export function loader() {
  return { reviews: SAMPLE_REVIEWS, average: ratingSummary(SAMPLE_REVIEWS).average };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Customer Reviews",
    description:
      "What drivers say about our hand car wash, detailing and oil changes: honest reviews from commuters, families and classic car owners.",
  });

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { reviews, average } = loaderData;
  return (
    <main>
      <PageHero eyebrow="Reviews" title="What our customers say">
        <p className="flex flex-wrap items-center gap-3">
          <StarRating rating={average} className="rounded bg-white px-2 py-1" />
          <span>
            {average} out of 5 from {reviews.length} recent reviews
          </span>
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="sr-only">All reviews</h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {reviews.map((review) => (
            <li key={review.name}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-3xl bg-brand-900 p-8 text-center text-white">
          <h2 className="text-2xl font-bold">See for yourself</h2>
          <p className="mt-2 text-brand-100">Most washes are done within the hour.</p>
          <Link
            to="/contact"
            className="mt-5 inline-block rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
          >
            Book A Slot
          </Link>
        </div>
      </div>
    </main>
  );
}
