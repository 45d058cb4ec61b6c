import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import { useAvailability } from "../use-availability";
import { arrivalWindow, friendlyDate } from "../visit-text";
import { buttonClass } from "~/components/ui/button";
import { TimeZoneNote } from "../time-zone-note";

interface ManageLinkActionsProps {
  token: string;
  /** The visit as the page states it, for the confirmation's words. */
  when: string;
  preferredDate: string;
  preferredTimeSlot: string;
  /** The first day a booking may move to (today, in the business's time zone). */
  today: string;
}

const primary = buttonClass({ size: "lg" });
const secondary = buttonClass({ variant: "secondary", size: "lg" });

/**
 * Reschedule (a date, then one of its slots that still has a place) and Cancel (after a
 * confirmation) through the booking's manage link. The server judges both again.
 */
export function ManageLinkActions({ token, when, preferredDate, preferredTimeSlot, today }: ManageLinkActionsProps) {
  const api = `/api/bookings/manage/${token}`;
  const [confirming, setConfirming] = useState(false);
  const { busy: cancelling, run } = useApiAction({ failureToast: "Failed" });

  const cancel = () =>
    run(async () => {
      await apiFetch(`${api}/cancel`, { method: "POST", json: {} });
      setConfirming(false);
      return { title: "Cancelled", description: `Your visit on ${when} is cancelled.` };
    });

  return (
    <div className="space-y-6">
      <RescheduleForm api={api} today={today} current={{ preferredDate, preferredTimeSlot }} />
      <section aria-labelledby="cancel-heading" className="rounded-2xl border border-slate-200 p-5">
        <h2 id="cancel-heading" className="text-lg font-bold text-slate-900">
          Can't make it?
        </h2>
        <p className="mt-1 text-slate-700">Cancelling frees your place for someone else.</p>
        <button type="button" onClick={() => setConfirming(true)} className={`mt-3 ${secondary}`}>
          Cancel booking
        </button>
      </section>
      <ConfirmDialog
        open={confirming}
        title="Cancel this booking?"
        description={`Your visit on ${when} will be cancelled. This cannot be undone online.`}
        // Both buttons say what they do to the booking: "Cancel" alone could mean either.
        confirmLabel="Cancel booking"
        closeLabel="Keep booking"
        busyLabel="Cancelling…"
        busy={cancelling}
        danger
        onConfirm={cancel}
        onClose={() => !cancelling && setConfirming(false)}
      />
    </div>
  );
}

function RescheduleForm({
  api,
  today,
  current,
}: {
  api: string;
  today: string;
  current: { preferredDate: string; preferredTimeSlot: string };
}) {
  const [date, setDate] = useState("");
  const [slot, setSlot] = useState("");
  const { busy, error, setError, run } = useApiAction();
  const availability = useAvailability(date || undefined);
  // Only what can be booked: a place left, not begun, and (where the server says) offered for this visit.
  const choices =
    availability?.slots.filter(
      (s) =>
        s.remaining > 0 &&
        !s.started &&
        (s as { offered?: boolean }).offered !== false &&
        !(date === current.preferredDate && s.slot === current.preferredTimeSlot),
    ) ?? [];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!date || !slot) {
      setError(!date ? "Select a date" : "Select a time slot");
      return;
    }
    await run(async () => {
      await apiFetch(`${api}/reschedule`, { method: "POST", json: { preferredDate: date, preferredTimeSlot: slot } });
      setDate("");
      setSlot("");
      return { title: "Rescheduled", description: `See you on ${friendlyDate(date)}, ${arrivalWindow(slot)}.` };
    });
  }

  return (
    <section aria-labelledby="reschedule-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="reschedule-heading" className="text-lg font-bold text-slate-900">
        Reschedule
      </h2>
      <p className="mt-1 text-slate-700">Pick a new day, then a time with a place left.</p>
      <ClientForm onSubmit={submit} aria-labelledby="reschedule-heading" className="mt-4 space-y-4">
        <TextField
          label="New date"
          type="date"
          min={today}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setSlot("");
            setError(null);
          }}
        />
        {date && (
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">New arrival time</legend>
            <TimeZoneNote className="mt-1" />
            {availability === null ? (
              <p className="mt-2 text-slate-600">Checking the times…</p>
            ) : availability.closed ? (
              <p className="mt-2 text-slate-700">We're closed on that date. Please choose another.</p>
            ) : choices.length === 0 ? (
              <p className="mt-2 text-slate-700">No times left on that date. Please choose another.</p>
            ) : (
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {choices.map((s) => (
                  <label
                    key={s.slot}
                    className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="slot"
                      value={s.slot}
                      checked={slot === s.slot}
                      onChange={() => setSlot(s.slot)}
                      className="size-4 accent-brand-700"
                    />
                    <span>
                      <span className="font-semibold text-slate-900">{arrivalWindow(s.slot)}</span>{" "}
                      <span className="text-sm text-slate-600">
                        ({s.remaining} {s.remaining === 1 ? "place" : "places"} left)
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}
        {error && (
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
        )}
        <SubmitButton busy={busy} busyLabel="Moving…" className={primary}>
          Move my booking
        </SubmitButton>
      </ClientForm>
    </section>
  );
}
