import { useLingui } from "@lingui/react";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";

export interface Choice {
  value: string;
  label: ReactNode;
  /** A second line: the price and length, the places left, why it cannot be chosen. */
  detail?: ReactNode;
  /** The name a screen reader says, when the visible text is abbreviated ("Sat 28 Nov"). */
  ariaLabel?: string;
  disabled?: boolean;
}

type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;

/**
 * A set of radio buttons under one legend (the specification's field label): one tap to choose on
 * a phone, arrow keys on a keyboard. Each choice is a card; its native radio fills the card
 * (transparent text on top lets every tap through to it), so the browser keeps focus and keyboard
 * behaviour. `radio` is spread on every input: react-hook-form's register() fits.
 */
export function ChoiceGroup({
  legend,
  choices,
  radio,
  error,
  hint,
  layout = "grid gap-2 sm:grid-cols-2",
  size = "card",
  busy = false,
}: {
  legend: string;
  choices: readonly Choice[];
  radio: RadioProps;
  error?: string;
  hint?: ReactNode;
  layout?: string;
  size?: "card" | "chip";
  /** The choices are being read again (a new visit): what is shown may change in a moment. */
  busy?: boolean;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={described} aria-invalid={error ? true : undefined} aria-busy={busy || undefined}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      {hint && (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      )}
      <div className={`mt-2 ${layout}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`relative flex min-h-11 flex-col justify-center rounded-lg ${size === "chip" ? "items-center px-1 py-2 text-center" : "px-3 py-2.5"}`}
          >
            <input
              type="radio"
              value={choice.value}
              disabled={choice.disabled}
              aria-label={choice.ariaLabel}
              className="peer absolute inset-0 cursor-pointer appearance-none rounded-lg border border-slate-400 bg-white checked:border-2 checked:border-brand-700 checked:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100"
              {...radio}
            />
            <span className="pointer-events-none relative font-semibold text-slate-900 peer-disabled:text-slate-500">
              {choice.label}
            </span>{" "}
            {choice.detail && (
              <span className="pointer-events-none relative text-sm text-slate-600 peer-disabled:text-slate-500">
                {choice.detail}
              </span>
            )}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {i18n._(fixedMessage(error))}
        </p>
      )}
    </fieldset>
  );
}
