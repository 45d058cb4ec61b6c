import { Trans } from "@lingui/react/macro";
import { StarRating } from "~/components/star-rating";
import { useSite } from "~/lib/use-site";
import { initials } from "./sample-reviews";
import type { ReviewView } from "./shown-reviews";

/**
 * One review: who and what first (so names line up across a row, whatever the length of the words
 * or of a reply), the stars, the customer's words as typed (text only), and the shop's reply.
 */
export function ReviewCard({ review }: { review: ReviewView }) {
  const site = useSite();
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <figcaption className="flex items-center gap-3">
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
      <StarRating rating={review.rating} className="mt-4" />
      {review.quote && (
        <blockquote className="mt-3 text-slate-700">
          <p className="whitespace-pre-line">“{review.quote}”</p>
        </blockquote>
      )}
      {review.reply && (
        <div className="mt-4 rounded-lg border-l-4 border-brand-600 bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            <Trans>Reply from {site.name}</Trans>
          </p>
          <p className="mt-1 whitespace-pre-line">{review.reply}</p>
        </div>
      )}
    </figure>
  );
}
