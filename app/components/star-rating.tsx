import { useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";

const FULL = "fill-amber-400 text-amber-500";
const EMPTY = "fill-slate-200 text-slate-300";

/**
 * How full each of `max` stars is drawn: whole, half or empty, the rating rounded to the nearest
 * half ("3.5 out of 5": three stars and a half; 3.7: the same; 3.8: four).
 */
export function starFills(rating: number, max = 5): (0 | 0.5 | 1)[] {
  const halves = Math.round(rating * 2);
  return Array.from({ length: max }, (_, i) => (halves >= 2 * i + 2 ? 1 : halves === 2 * i + 1 ? 0.5 : 0));
}

/** Stars for the eye (a half star where the rating has one), one sentence for screen readers ("Rated 3.5 out of 5"). */
export function StarRating({ rating, max = 5, className = "" }: { rating: number; max?: number; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="img" aria-label={t`Rated ${rating} out of ${max}`} className={`inline-flex gap-0.5 ${className}`}>
      {starFills(rating, max).map((fill, i) =>
        fill === 0.5 ? (
          // An empty star with a full one over it, cut to its left half.
          <span key={i} className="relative inline-flex">
            <Star aria-hidden className={`size-5 ${EMPTY}`} />
            <Star aria-hidden className={`absolute inset-0 size-5 ${FULL} [clip-path:inset(0_50%_0_0)]`} />
          </span>
        ) : (
          <Star key={i} aria-hidden className={`size-5 ${fill ? FULL : EMPTY}`} />
        ),
      )}
    </span>
  );
}
