import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Star } from "lucide-react";
import { useId, type InputHTMLAttributes } from "react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { RATING_LABELS } from "./reviews.schema";

/** RATING_LABELS as the page's reader reads them. */
const LABELS = [msg`Poor`, msg`Fair`, msg`Good`, msg`Very good`, msg`Excellent`] as const;

type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;

/** "5 stars: Excellent": what a screen reader says of each choice. */
export const ratingChoiceName = (i18n: I18n, rating: number) => {
  const label = i18n._(LABELS[rating - 1]!);
  return rating === 1 ? i18n._(msg`1 star: ${label}`) : i18n._(msg`${rating} stars: ${label}`);
};

/**
 * The 1–5 star choice: five native radio buttons under one legend, so arrow keys move between them
 * and a screen reader names each ("4 stars: Very good"). Each is a tall card a thumb hits easily,
 * drawing as many stars as it gives ("1 Poor": one; "5 Excellent": five); the chosen card is
 * outlined. `radio` is spread on every input (react-hook-form's register()).
 */
export function StarChoice({ value, radio, error }: { value: number | undefined; radio: RadioProps; error?: string }) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-lg font-bold text-slate-900">
        <Trans>Your rating</Trans>
      </legend>
      <div className="mt-3 grid grid-cols-5 gap-1.5 sm:gap-3">
        {RATING_LABELS.map((_, index) => {
          const rating = index + 1;
          const chosen = value === rating;
          return (
            <label key={rating} className="relative flex min-h-24 flex-col items-center gap-1 p-1 pt-3">
              <input
                type="radio"
                value={rating}
                aria-label={ratingChoiceName(i18n, rating)}
                className="peer absolute inset-0 cursor-pointer appearance-none rounded-xl border border-slate-300 bg-white checked:border-2 checked:border-brand-700 checked:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                {...radio}
              />
              <span aria-hidden className="pointer-events-none relative flex h-9 items-center -space-x-0.5 sm:h-10">
                {Array.from({ length: rating }, (_, i) => (
                  <Star
                    key={i}
                    className={`size-3.5 sm:size-5 ${chosen || value === undefined ? "fill-amber-400 text-amber-500" : "fill-amber-200 text-amber-400"}`}
                  />
                ))}
              </span>
              <span
                aria-hidden
                className="pointer-events-none relative text-center text-xs leading-tight text-slate-700 sm:text-sm"
              >
                <span className="block font-bold text-slate-900">{rating}</span>
                {i18n._(LABELS[index]!)}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-red-700">
          {i18n._(fixedMessage(error))}
        </p>
      )}
    </fieldset>
  );
}
