import type { InputHTMLAttributes } from "react";
import { ANYTIME, CLOSED_DATE, TIME_SLOTS } from "../bookings.schema";
import { ChoiceGroup, type Choice } from "./choice-group";
import type { Availability } from "../use-availability";
import { clockMinutes, formatClock } from "~/lib/opening-hours";
import { arrivalWindow } from "../visit-text";

const REFUSED = {
  closed: "Closed",
  started: "Already started",
  "too-late": "Too late for this service",
  full: "Full",
} as const;

/**
 * One slot as a choice: its places left, or why it cannot be chosen (as the server judged it).
 * `overCapacity`: staff fitting a walk-in in may choose a full slot.
 */
export function slotChoice(slot: string, availability: Availability | null, overCapacity = false): Choice {
  if (slot === ANYTIME) return { value: slot, label: slot, detail: "We call to agree a time" };
  // Shown as every page says a time ("9–11 AM"); the value stays the specification's label.
  const label = arrivalWindow(slot);
  const place = availability?.slots.find((s) => s.slot === slot);
  if (!place) return { value: slot, label };
  const refused = place.started ? "started" : place.offered ? undefined : (place.reason ?? "full");
  const over = overCapacity && refused === "full";
  const detail = over ? "Full: over capacity" : refused ? REFUSED[refused] : `${place.remaining} left`;
  // What the car must arrive in: the window clipped so that the service is done by closing.
  const shown = refused ? label : arrivalSpan(place.start, place.end);
  return {
    value: slot,
    label: shown,
    detail,
    ariaLabel: `${shown} (${detail.toLowerCase()})`,
    disabled: !!refused && !over,
  };
}

/** "3–4:30 PM", or "At 3 PM" when the latest arrival is the window's start. */
function arrivalSpan(start: string, end: string): string {
  return start === end ? `At ${formatClock(clockMinutes(start))}` : arrivalWindow(`${start}–${end}`);
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
  return (
    <div>
      <ChoiceGroup
        legend="Preferred Time Slot"
        layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
        choices={slotsOf(availability).map((slot) => slotChoice(slot, availability, overCapacity))}
        radio={radio}
        error={error}
        hint="The time your car must arrive in, with the places left."
        busy={busy}
      />
      {availability?.closed && <p className="mt-1 text-sm font-medium text-red-700">{CLOSED_DATE}</p>}
    </div>
  );
}
