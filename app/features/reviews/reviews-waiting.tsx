import { Link } from "react-router";
import { StarRating } from "~/components/star-rating";
import type { AdminReview } from "./reviews.schema";

/**
 * The desk's card of 1–3 star reviews waiting for the admin: the manager hears of a bad visit here
 * (and by e-mail) before anyone else could read it. Nothing shows while none wait.
 */
export function ReviewsWaiting({ reviews, total }: { reviews: AdminReview[]; total: number }) {
  if (total === 0) return null;
  return (
    <section
      aria-labelledby="reviews-waiting-heading"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="reviews-waiting-heading" className="text-xl font-bold text-amber-950">
        Reviews waiting ({total})
      </h2>
      <p className="text-sm text-amber-900">Low ratings stay off the site until you publish or hide them.</p>
      <ul className="mt-3 space-y-2">
        {reviews.map((review) => (
          <li key={review._id} className="rounded-lg bg-white p-3">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <StarRating rating={review.rating} />
              {review.customer.fullName} · {review.serviceLabel}
            </p>
            {review.comment && <p className="mt-1 line-clamp-2 text-slate-700">“{review.comment}”</p>}
          </li>
        ))}
      </ul>
      <Link to="/dashboard/reviews?status=pending" className="mt-3 inline-block font-semibold text-brand-800 underline">
        Read, reply and decide in Reviews
      </Link>
    </section>
  );
}
