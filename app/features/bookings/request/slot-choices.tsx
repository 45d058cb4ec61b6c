import type { InputHTMLAttributes } from "react";
import { ANYTIME, CLOSED_DATE, TIME_SLOTS } from "../bookings.schema";
import { ChoiceGroup, type Choice } from "./choice-group";
import type { Availability } from "../use-availability";

const REFUSED = {
  closed: "Closed",
  started: "Already started",
  "too-late": "Too late for this service",
  full: "Full",
} as const;

/** One slot as a choice: its places left, or why it cannot be chosen (as the server judged it). */
export function slotChoice(slot: string, availability: Availability | null): Choice {
  if (slot === ANYTIME) return { value: slot, label: slot, detail: "We call to agree a time" };
  const place = availability?.slots.find((s) => s.slot === slot);
  if (!place) return { value: slot, label: slot };
  const refused = place.started ? "started" : place.offered ? undefined : (place.reason ?? "full");
  const detail = refused ? REFUSED[refused] : `${place.remaining} left`;
  // What the car must arrive in: the window clipped so that the service is done by closing.
  const label = refused ? slot : place.start === place.end ? `At ${place.start}` : `${place.start}–${place.end}`;
  return { value: slot, label, detail, ariaLabel: `${label} (${detail.toLowerCase()})`, disabled: !!refused };
}

/** The day's windows as the server sent them (Booking Settings), and Anytime; the specification's before they come. */
const slotsOf = (availability: Availability | null) =>
  availability ? [...availability.slots.map((s) => s.slot), ANYTIME] : TIME_SLOTS;

/** 'Preferred Time Slot': the chosen day's arrival windows with the places left, and Anytime. */
export function SlotChoices({
  availability,
  radio,
  error,
}: {
  availability: Availability | null;
  radio: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;
  error?: string;
}) {
  return (
    <div>
      <ChoiceGroup
        legend="Preferred Time Slot"
        layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
        choices={slotsOf(availability).map((slot) => slotChoice(slot, availability))}
        radio={radio}
        error={error}
        hint="The time your car must arrive in, with the places left."
      />
      {availability?.closed && <p className="mt-1 text-sm font-medium text-red-700">{CLOSED_DATE}</p>}
    </div>
  );
}
