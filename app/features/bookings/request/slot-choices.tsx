import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { InputHTMLAttributes } from "react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocale } from "~/lib/i18n/use-locale";
import type { Locale } from "~/lib/i18n/locale";
import { ANYTIME, CLOSED_DATE, TIME_SLOTS } from "../bookings.schema";
import { ChoiceGroup, type Choice } from "./choice-group";
import type { Availability } from "../use-availability";
import { clockMinutes, formatClock, timeInSentence } from "~/lib/opening-hours";
import { arrivalWindow } from "../visit-text";

const REFUSED = {
  closed: [msg`Closed`, "Closed"],
  started: [msg`Already started`, "Already started"],
  "too-late": [msg`Too late for this service`, "Too late for this service"],
  full: [msg`Full`, "Full"],
} as const;

/** The page's words for a slot: its i18n and the language of its times. */
export interface SlotWords {
  i18n: I18n;
  locale: Locale;
}

/**
 * One slot as a choice: its places left, or why it cannot be chosen (as the server judged it).
 * `overCapacity`: staff fitting a walk-in in may choose a full slot. Without `words`, English.
 */
export function slotChoice(
  slot: string,
  availability: Availability | null,
  overCapacity = false,
  words?: SlotWords,
): Choice {
  const locale = words?.locale ?? "en";
  // A message in the page's language, or its English where the caller gives no words.
  const say = (message: MessageDescriptor, english: string) => (words ? words.i18n._(message) : english);
  if (slot === ANYTIME)
    return {
      value: slot,
      label: say(msg`Anytime`, slot),
      detail: say(msg`We call to agree a time`, "We call to agree a time"),
    };
  // Shown as every page says a time ("9–11 AM"); the value stays the specification's label.
  const label = arrivalWindow(slot, locale);
  const place = availability?.slots.find((s) => s.slot === slot);
  if (!place) return { value: slot, label };
  const refused = place.started ? "started" : place.offered ? undefined : (place.reason ?? "full");
  const over = overCapacity && refused === "full";
  const remaining = place.remaining;
  const detail = over
    ? say(msg`Full: over capacity`, "Full: over capacity")
    : refused
      ? say(REFUSED[refused][0], REFUSED[refused][1])
      : say(msg`${remaining} left`, `${remaining} left`);
  // What the car must arrive in: the window clipped so that the service is done by closing.
  // "3–4:30 PM", or "At 3 PM" when the latest arrival is the window's start.
  const time = formatClock(clockMinutes(place.start), locale);
  // "A la 1 p. m.", "A las 3 p. m.": a Spanish hour takes its article.
  const at = timeInSentence(time, locale);
  const shown = refused
    ? label
    : place.start === place.end
      ? say(msg`At ${at}`, `At ${time}`)
      : arrivalWindow(`${place.start}–${place.end}`, locale);
  return {
    value: slot,
    label: shown,
    detail,
    ariaLabel: `${shown} (${detail.toLowerCase()})`,
    disabled: !!refused && !over,
  };
}

/** The day's windows as the server sent them (Booking Settings), and Anytime; the specification's before they come. */
const slotsOf = (availability: Availability | null) =>
  availability ? [...availability.slots.map((s) => s.slot), ANYTIME] : TIME_SLOTS;

/** 'Preferred Time Slot': the chosen day's arrival windows with the places left, and Anytime. */
export function SlotChoices({
  availability,
  radio,
  error,
  overCapacity = false,
  busy = false,
}: {
  availability: Availability | null;
  /** The visit changed and its slots are not read yet: those shown are the last visit's. */
  busy?: boolean;
  radio: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;
  error?: string;
  overCapacity?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <div>
      <ChoiceGroup
        legend={t`Preferred Time Slot`}
        layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
        choices={slotsOf(availability).map((slot) => slotChoice(slot, availability, overCapacity, { i18n, locale }))}
        radio={radio}
        error={error}
        hint={t`The time your car must arrive in, with the places left.`}
        busy={busy}
      />
      {availability?.closed && <p className="mt-1 text-sm font-medium text-red-700">{t(fixedMessage(CLOSED_DATE))}</p>}
    </div>
  );
}
