import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { useLocale } from "~/lib/i18n/use-locale";
import type { Locale } from "~/lib/i18n/locale";
import { addDays } from "~/lib/business-date";
import { ChoiceGroup } from "./choice-group";
import { firstOpenDay, useAvailabilityDays, type AvailabilityDay, type AvailabilityService } from "../use-availability";
import { friendlyDate } from "../visit-text";

/** Two weeks at a time: a phone shows them in three short rows, a desktop in two. */
export const DAYS_SHOWN = 14;

const chipOptions = { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" } as const;
// Built when the days first show, for the page's language only: not in the form's first task.
const chipFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};
const chipText = (locale: Locale) =>
  (chipFormats[locale] ??= new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", chipOptions));

/** Each reason a day cannot be chosen, as the chip says it. */
const UNAVAILABLE: Record<NonNullable<ReturnType<typeof dayUnavailable>>, MessageDescriptor> = {
  Closed: msg`Closed`,
  Full: msg`Full`,
  Passed: msg`Passed`,
  Unavailable: msg`Unavailable`,
};

/**
 * Why a day cannot be chosen, in a word: closed; full (a window still ahead has no place left);
 * passed (today, once every window has begun or is too late for the service), never "Full" for a
 * day that is over; else no window is long enough for the service that day.
 */
export function dayUnavailable(
  day: Pick<AvailabilityDay, "closed" | "open" | "slots">,
): "Closed" | "Full" | "Passed" | "Unavailable" | undefined {
  if (day.closed) return "Closed";
  if (day.open) return undefined;
  if (day.slots.some((s) => s.reason === "full")) return "Full";
  return day.slots.some((s) => s.reason === "started") ? "Passed" : "Unavailable";
}

/**
 * Whether the form moves to a newly suggested first free day: while nothing is chosen, while the
 * customer keeps the last suggestion, or when the chosen day can no longer be chosen for the visit
 * (a truck's longer wash may not fit today's last window). A day chosen that still can be stays.
 */
export const followsSuggestion = (chosen: string, lastSuggested: string | undefined, unchoosable: readonly string[]) =>
  !chosen || chosen === lastSuggested || unchoosable.includes(chosen);

function dayChoice(
  day: AvailabilityDay,
  overCapacity: boolean,
  fullChoosable: boolean,
  { i18n, locale }: { i18n: I18n; locale: Locale },
) {
  // Spanish abbreviations come with a dot ("sáb.", "nov."): the chip leaves it out.
  const parts = Object.fromEntries(
    chipText(locale)
      .formatToParts(new Date(`${day.date}T12:00:00Z`))
      .map((p) => [p.type, locale === "es" ? p.value.replace(".", "") : p.value]),
  );
  const state = dayUnavailable(day);
  const stateText = state && i18n._(UNAVAILABLE[state]);
  return {
    value: day.date,
    label: (
      <>
        <span className="block text-xs font-medium text-slate-600 uppercase">{parts.weekday}</span>
        <span className="block text-lg leading-tight">{parts.day}</span>
        <span className="block text-xs font-medium">{parts.month}</span>
      </>
    ),
    detail: stateText,
    ariaLabel: `${friendlyDate(day.date, locale)}${stateText ? `, ${stateText.toLowerCase()}` : ""}`,
    // Staff fitting a walk-in in may choose a full day, and then one of its full slots; a
    // customer may choose a full or closed day to join its waitlist (a closed date may open again).
    disabled:
      !day.open && !(overCapacity && state === "Full") && !(fullChoosable && (state === "Full" || state === "Closed")),
  };
}

/**
 * 'Preferred Date' as the next days to tap, judged for the chosen service by the server: closed
 * and full days cannot be chosen, except to join their waitlist (`fullChoosable`). `onFirstOpenDay`
 * hears the first day with a free slot for the visit, so the form can suggest it.
 */
export function DayChoices({
  today,
  service,
  radio,
  error,
  onFirstOpenDay,
  legend,
  overCapacity = false,
  fullChoosable = false,
  busy = false,
}: {
  today: string;
  service: AvailabilityService;
  radio: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;
  error?: string;
  /** The first day with a free slot for the visit, and the days shown that cannot be chosen. */
  onFirstOpenDay?: (date: string, unchoosable: string[]) => void;
  legend?: string;
  overCapacity?: boolean;
  /** A full day can be chosen (its slots stay full): the booking form offers its waitlist there. */
  fullChoosable?: boolean;
  /** The visit changed and its days are not read yet: those shown are the last visit's. */
  busy?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [from, setFrom] = useState(today);
  const availability = useAvailabilityDays(service, { from, days: DAYS_SHOWN });
  const suggested = from === today ? firstOpenDay(availability)?.date : undefined;
  const choices = availability?.days.map((day) => dayChoice(day, overCapacity, fullChoosable, { i18n, locale })) ?? [];
  const unchoosable = choices.filter((c) => c.disabled).map((c) => c.value);
  const unchoosableKey = unchoosable.join();
  useEffect(() => {
    if (suggested) onFirstOpenDay?.(suggested, unchoosableKey.split(","));
  }, [suggested, unchoosableKey, onFirstOpenDay]);

  const last = addDays(from, DAYS_SHOWN - 1);
  const range = `${friendlyDate(from, locale)} – ${friendlyDate(last, locale)}`;
  return (
    <div>
      <ChoiceGroup
        legend={legend ?? t`Preferred Date`}
        size="chip"
        layout="grid grid-cols-5 gap-1.5 sm:grid-cols-7"
        choices={choices}
        radio={radio}
        error={error}
        hint={availability ? range : t`Finding free days…`}
        busy={busy || !availability}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={from <= today}
          onClick={() => setFrom(addDays(from, -DAYS_SHOWN))}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        >
          {t`← Earlier dates`}
        </button>
        <button
          type="button"
          onClick={() => setFrom(addDays(from, DAYS_SHOWN))}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t`Later dates →`}
        </button>
      </div>
    </div>
  );
}
