import type { InputHTMLAttributes } from "react";
import { ANYTIME, CLOSED_DATE, TIME_SLOTS } from "../bookings.schema";
import { ChoiceGroup, type Choice } from "./choice-group";
import type { Availability } from "../use-availability";
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
  return {
    value: slot,
    label,
    detail,
    ariaLabel: `${label} (${detail.toLowerCase()})`,
    disabled: !!refused && !over,
  };
}

/** 'Preferred Time Slot': the chosen day's arrival windows with the places left, and Anytime. */
export function SlotChoices({
  availability,
  radio,
  error,
  overCapacity = false,
}: {
  availability: Availability | null;
  radio: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;
  error?: string;
  overCapacity?: boolean;
}) {
  return (
    <div>
      <ChoiceGroup
        legend="Preferred Time Slot"
        layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
        choices={TIME_SLOTS.map((slot) => slotChoice(slot, availability, overCapacity))}
        radio={radio}
        error={error}
        hint="Arrival times, with the places left."
      />
      {availability?.closed && <p className="mt-1 text-sm font-medium text-red-700">{CLOSED_DATE}</p>}
    </div>
  );
}
