import { StarRating } from "~/components/star-rating";
import { useSite } from "~/lib/use-site";
import { initials } from "./sample-reviews";
import type { ReviewView } from "./shown-reviews";

/** One review: stars, the customer's words (text only, as typed), who and what, and the shop's reply. */
export function ReviewCard({ review }: { review: ReviewView }) {
  const site = useSite();
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <StarRating rating={review.rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        {review.quote && <p className="whitespace-pre-line">“{review.quote}”</p>}
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-full font-bold text-white"
          style={{ backgroundColor: review.avatar }}
        >
          {initials(review.name)}
        </span>
        <span>
          <span className="block font-bold text-slate-900">{review.name}</span>
          <span className="block text-sm text-slate-600">{review.detail}</span>
        </span>
      </figcaption>
      {review.reply && (
        <div className="mt-4 rounded-lg border-l-4 border-brand-600 bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Reply from {site.name}</p>
          <p className="mt-1 whitespace-pre-line">{review.reply}</p>
        </div>
      )}
    </figure>
  );
}
