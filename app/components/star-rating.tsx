import { Star } from "lucide-react";

/** Stars for the eye, one sentence for screen readers ("Rated 4 out of 5"). */
export function StarRating({ rating, max = 5, className = "" }: { rating: number; max?: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${max}`} className={`inline-flex gap-0.5 ${className}`}>
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden
          className={`size-5 ${i < rounded ? "fill-amber-400 text-amber-500" : "fill-slate-200 text-slate-300"}`}
        />
      ))}
    </span>
  );
}
