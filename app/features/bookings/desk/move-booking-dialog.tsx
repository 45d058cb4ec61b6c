import { useState } from "react";
import { DialogActions } from "~/components/ui/dialog-actions";
import { useApiAction } from "~/components/ui/use-api-action";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { apiFetch } from "~/lib/api-client";
import { ANYTIME, slotHours, type Booking } from "../bookings.schema";
import { arrivalIn, useAvailability } from "../use-availability";
import { arrivalText, friendlyDate, visitDayAndWindow } from "../visit-text";
import { Refusal } from "./booking-edit-dialog";

interface Props {
  booking: Booking | null;
  onClose(): void;
}

/**
 * Moves a booking to another slot or day: each slot of the chosen date says how many places its
 * length would find (full shown as full); the server checks capacity again and the refusal is
 * shown here, inside the dialog: "Update failed" and the server's words.
 */
export function MoveBookingDialog({ booking, onClose }: Props) {
  const ref = useModalDialog(booking !== null);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="move-booking-title"
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {booking && <MoveForm key={booking._id} booking={booking} onClose={onClose} />}
    </dialog>
  );
}

function MoveForm({ booking, onClose }: { booking: Booking; onClose(): void }) {
  const [date, setDate] = useState(booking.preferredDate);
  const [slot, setSlot] = useState<string | null>(null);
  // A refusal shows inside the dialog: a toast would sit behind the modal's backdrop.
  const { busy, error, run } = useApiAction({ fallback: "The booking could not be moved." });
  const availability = useAvailability(date, { minutes: booking.minutes });
  const isCurrent = (s: string) => date === booking.preferredDate && s === booking.preferredTimeSlot;

  async function move() {
    if (!slot) return;
    // When the car must arrive after the move, as the choice offered it (and the booking will say it).
    const arrival = arrivalIn(availability, slot) ?? slotHours(slot);
    await run(async () => {
      await apiFetch(`/api/bookings/${booking._id}`, {
        method: "PATCH",
        json: { preferredDate: date, preferredTimeSlot: slot },
      });
      onClose();
      // A pending 'Anytime' request given a window is confirmed with it (updateBooking).
      const placed = booking.status === "pending" && booking.preferredTimeSlot === ANYTIME && slot !== ANYTIME;
      return {
        // The specification's admin update texts (§8), as the status change says them.
        title: "Updated",
        description: `${booking.fullName}'s booking is ${placed ? "confirmed for" : "now"} ${friendlyDate(date)}, ${arrival ? arrivalText(arrival) : "any time"}; they have been e-mailed.`,
      };
    });
  }

  const choices = availability
    ? [...availability.slots, { slot: ANYTIME, remaining: Infinity, reason: undefined }]
    : [];
  return (
    <>
      <h2 id="move-booking-title" className="text-lg font-bold text-slate-900">
        Move {booking.fullName}'s booking
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Now {visitDayAndWindow(booking)} · {booking.minutes} minutes
      </p>
      {error && <Refusal message={error} />}
      <label className="mt-4 block text-sm font-semibold text-slate-800">
        New date
        <input
          type="date"
          value={date}
          required
          onChange={(e) => {
            setDate(e.target.value);
            setSlot(null);
          }}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
        />
      </label>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-800">New time slot</legend>
        {availability?.closed && <p className="mt-1 text-sm font-semibold text-amber-900">Closed on this date.</p>}
        {!availability ? (
          <p className="mt-2 text-sm text-slate-600">Loading places…</p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {choices.map((choice) => {
              const full = choice.remaining <= 0 && !isCurrent(choice.slot);
              const note = isCurrent(choice.slot)
                ? "Current"
                : availability.closed && choice.slot !== ANYTIME
                  ? "Closed"
                  : choice.slot === ANYTIME
                    ? "No bay held"
                    : full
                      ? "Full"
                      : `${choice.remaining} ${choice.remaining === 1 ? "place" : "places"} left${choice.reason === "too-late" ? ", past closing" : ""}`;
              return (
                <label
                  key={choice.slot}
                  className={`flex cursor-pointer items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-50 ${full ? "border-red-200 bg-red-50" : "border-slate-300"}`}
                >
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    <input
                      type="radio"
                      name="move-slot"
                      value={choice.slot}
                      checked={slot === choice.slot}
                      disabled={full || isCurrent(choice.slot) || (availability.closed && choice.slot !== ANYTIME)}
                      onChange={() => setSlot(choice.slot)}
                    />
                    {/* When the car must arrive for this booking's length (availability's offered window). */}
                    {"start" in choice ? arrivalText(choice) : choice.slot}
                  </span>
                  <span className={full ? "font-semibold text-red-800" : "text-slate-600"}>{note}</span>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
      <DialogActions
        actionLabel="Move booking"
        busyLabel="Moving…"
        busy={busy}
        disabled={!slot}
        onClose={onClose}
        onAction={move}
      />
    </>
  );
}
