import { StarRating } from "~/components/star-rating";
import { initials, type Review } from "./sample-reviews";

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <StarRating rating={review.rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>“{review.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-11 items-center justify-center rounded-full font-bold text-white"
          style={{ backgroundColor: review.avatar }}
        >
          {initials(review.name)}
        </span>
        <span>
          <span className="block font-bold text-slate-900">{review.name}</span>
          <span className="block text-sm text-slate-600">{review.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
