import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocale } from "~/lib/i18n/use-locale";
import { buttonClass } from "~/components/ui/button";
import { arrivalWindow, longDate } from "../visit-text";
import type { Availability } from "../use-availability";

/**
 * The chosen day's windows a customer can wait for (never 'Anytime'): those full for this visit,
 * or on a closed date every window not yet begun (the date may open again).
 */
export function fullWindows(availability: Availability | null): string[] {
  if (!availability) return [];
  if (availability.closed) return availability.slots.filter((s) => !s.started).map((s) => s.slot);
  return availability.slots
    .filter((s) => !s.started && !s.offered && (s.reason ?? "full") === "full")
    .map((s) => s.slot);
}

/** The windows that would do, or any window of the day (the API's `slots: []`). */
export interface WaitChoice {
  slots: string[];
  any: boolean;
}

/** What POST /api/waitlist is sent for a choice; null when nothing is ticked. */
export const waitedSlots = ({ slots, any }: WaitChoice): string[] | null => (any ? [] : slots.length ? slots : null);

export const NO_WINDOW = "Tick a time that would do, or Any time that day.";

/** The waitlist's success line (the form shows it in place of the panel). */
export const joinedText = (date: string) =>
  `You're on the waitlist for ${longDate(date)}. We'll e-mail you if a place frees up.`;

/** "11 AM–1 PM is full.", "9–11 AM and 3–5 PM are full.", "4 times are full.", in the page's language. */
function useFullText(): (windows: string[]) => string {
  const { t } = useLingui();
  const locale = useLocale();
  return (windows) => {
    const count = windows.length;
    if (count > 3) return t`${count} times are full.`;
    const names = windows.map((slot) => arrivalWindow(slot, locale));
    if (names.length === 1) {
      const name = names[0];
      return t`${name} is full.`;
    }
    const [first, last] = [names.slice(0, -1).join(", "), names.at(-1)];
    return t`${first} and ${last} are full.`;
  };
}

const checkbox = "mt-0.5 size-5 shrink-0 accent-brand-700";
const card =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-400 bg-white px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-disabled:cursor-not-allowed has-disabled:opacity-60";

/**
 * The offer beside a full day's slots: a button that opens the panel, and the panel itself (the
 * day, the full windows that would do, "Any time that day"). While it is open the form's own
 * button joins the waitlist with the form's vehicle, service, add-ons and details (booking-form.tsx).
 * `chosen`: the windows ticked, or any time that day; null while the panel is closed.
 */
export function JoinWaitlist({
  date,
  closed = false,
  windows,
  chosen,
  onChange,
  error,
}: {
  date: string;
  /** A closed date: its windows are waited for in case it opens again. */
  closed?: boolean;
  windows: string[];
  chosen: WaitChoice | null;
  onChange(chosen: WaitChoice | null): void;
  error?: string;
}) {
  const id = useId();
  const { t } = useLingui();
  const locale = useLocale();
  const fullText = useFullText();
  const day = longDate(date, locale);
  if (chosen === null)
    return (
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5">
        <p className="text-sm text-amber-950">{closed ? t`We're closed that day.` : fullText(windows)}</p>
        <button
          type="button"
          onClick={() => onChange({ slots: windows, any: false })}
          className={buttonClass({ variant: "outline", size: "sm" })}
        >
          {t`Tell me if a place frees up`}
        </button>
      </div>
    );

  const { any, slots } = chosen;
  const toggle = (slot: string, on: boolean) =>
    onChange({
      any,
      slots: on ? windows.filter((w) => w === slot || slots.includes(w)) : slots.filter((w) => w !== slot),
    });
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-3 rounded-xl border border-slate-300 bg-brand-50 p-4">
      <h4 id={`${id}-heading`} className="font-bold text-slate-900">
        {t`Waitlist for ${day}`}
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        {t`If a place frees up, we'll e-mail you and hold it for you for a little while: one tap books it.`}
      </p>
      <fieldset className="mt-3" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">{t`Times that would do`}</legend>
        <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-2">
          {windows.map((slot) => (
            <label key={slot} className={card}>
              <input
                type="checkbox"
                className={checkbox}
                checked={any || slots.includes(slot)}
                disabled={any}
                onChange={(event) => toggle(slot, event.target.checked)}
              />
              <span className="font-semibold text-slate-900">{arrivalWindow(slot, locale)}</span>
            </label>
          ))}
          <label className={card}>
            <input
              type="checkbox"
              className={checkbox}
              checked={any}
              onChange={(event) => onChange({ slots, any: event.target.checked })}
            />
            <span className="font-semibold text-slate-900">{t`Any time that day`}</span>
          </label>
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {t(fixedMessage(error))}
          </p>
        )}
      </fieldset>
      <p className="mt-3 text-sm text-slate-700">
        <Trans>
          We use your vehicle, service and details from this form. Check them, then tap{" "}
          <strong>Join the waitlist</strong> at the bottom.
        </Trans>
      </p>
      <button
        type="button"
        onClick={() => onChange(null)}
        className="mt-2 text-sm font-semibold text-brand-700 underline underline-offset-4"
      >
        {t`Never mind, I'll pick another time`}
      </button>
    </section>
  );
}
