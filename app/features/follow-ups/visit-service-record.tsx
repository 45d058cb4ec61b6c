import { useEffect, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import type { Booking } from "~/features/bookings/bookings.schema";
import { vehicleName } from "~/features/garage/garage.schema";
import { includesOilChange } from "./follow-ups.schema";
import { NextOilChange, ServiceRecordForm, type RecordedOilChange } from "./service-record-form";
import { bookedOil, nextDueText } from "./service-record-text";
import type { VisitServiceRecord } from "./service-records.schema";

const recordUrl = (bookingId: string) => `/api/bookings/${bookingId}/service-record`;

const vehicleOf = (b: Booking) => ({
  make: b.vehicleMake,
  model: b.vehicleModel,
  color: b.vehicleColor,
  vehicleType: b.vehicleType,
});

/** Whether a visit can have an oil change recorded: not one cancelled or missed. */
const recordable = (booking: Booking) => booking.status !== "cancelled" && booking.visitStage !== "no-show";

/**
 * A visit's oil change in the admin's booking dialog: its next due date and mileage with the
 * sticker once recorded (and a way to correct it); before that, the form for a visit that includes
 * an oil change, or a small button for any other visit.
 */
function ServiceRecordSection({ booking, onSaved }: { booking: Booking; onSaved(saved: RecordedOilChange): void }) {
  const [visit, setVisit] = useState<VisitServiceRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    apiFetch<VisitServiceRecord>(recordUrl(booking._id), { signal: abort.signal })
      .then(setVisit)
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [booking._id]);
  if (!recordable(booking) && !visit?.record) return null;

  const headingId = `service-record-${booking._id}`;
  const record = visit?.record ?? null;
  const showForm = visit !== null && (editing || (!record && includesOilChange(booking)));
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-slate-200 pt-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-bold text-slate-900">
          Service record
        </h3>
        {visit && !showForm && recordable(booking) && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {record ? "Correct" : "Record an oil change"}
          </button>
        )}
      </div>
      {failed ? (
        <p className="mt-2 text-sm text-red-800">The service record could not be loaded.</p>
      ) : visit === null ? (
        <p className="mt-2 text-sm text-slate-600">Loading the service record…</p>
      ) : (
        <div className="mt-2 space-y-3">
          {record && !editing && <NextOilChange record={record} />}
          {showForm && (
            <ServiceRecordForm
              bookingId={booking._id}
              oilTypes={visit.oilTypes}
              initial={record ?? { oilType: bookedOil(booking, visit.oilTypes) }}
              booked={bookedOil(booking, visit.oilTypes)}
              onSaved={(saved) => {
                setVisit({ ...visit, record: saved.record });
                setEditing(false);
                onSaved(saved);
              }}
            >
              {editing && (
                <button
                  type="button"
                  onClick={() => setEditing(false)}
                  className={buttonClass({ variant: "secondary" })}
                >
                  Cancel
                </button>
              )}
            </ServiceRecordForm>
          )}
        </div>
      )}
    </section>
  );
}

/** Asks for the oil change of a visit just collected: saved, it shows the next due date and the sticker; or skipped. */
function OilChangePrompt({
  prompt,
  onSaved,
  onClose,
}: {
  prompt: { booking: Booking; visit: VisitServiceRecord } | null;
  onSaved(saved: RecordedOilChange): void;
  onClose(): void;
}) {
  const ref = useModalDialog(prompt !== null);
  const [saved, setSaved] = useState<RecordedOilChange | null>(null);
  const close = () => {
    setSaved(null);
    onClose();
  };
  return (
    <dialog
      ref={ref}
      onClose={close}
      aria-labelledby="oil-change-prompt-title"
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {prompt && (
        <>
          <h2 id="oil-change-prompt-title" className="text-lg font-bold text-slate-900">
            {saved ? "Oil change recorded" : "Record the oil change"}
          </h2>
          {saved ? (
            <>
              <div className="mt-4">
                <NextOilChange record={saved.record} />
              </div>
              <div className="mt-5 flex justify-end">
                <button type="button" onClick={close} className={buttonClass()}>
                  Done
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="mt-1 text-slate-700">
                {prompt.booking.fullName}'s {vehicleName(vehicleOf(prompt.booking))} is collected. The odometer and the
                oil used give the next oil change, for the windshield sticker and the customer's reminder.
              </p>
              <div className="mt-4">
                <ServiceRecordForm
                  bookingId={prompt.booking._id}
                  oilTypes={prompt.visit.oilTypes}
                  initial={{ oilType: bookedOil(prompt.booking, prompt.visit.oilTypes) }}
                  booked={bookedOil(prompt.booking, prompt.visit.oilTypes)}
                  onSaved={(recorded) => {
                    setSaved(recorded);
                    onSaved(recorded);
                  }}
                >
                  <button type="button" onClick={close} className={buttonClass({ variant: "secondary" })}>
                    Skip
                  </button>
                </ServiceRecordForm>
              </div>
            </>
          )}
        </>
      )}
    </dialog>
  );
}

/**
 * The service record's part of the counter (issue 28): the section of the booking dialog, and the
 * prompt when a visit that includes an oil change is moved to Collected (unless it is recorded
 * already). Hand `desk(…)` to useDesk, with what else the dialog shows after the section, and
 * render `prompt` beside the desk's dialogs.
 */
export function useVisitServiceRecord() {
  const toast = useToast();
  const [prompt, setPrompt] = useState<{ booking: Booking; visit: VisitServiceRecord } | null>(null);
  // Bumped on every save, so an open dialog's section shows what the prompt saved.
  const [saves, setSaves] = useState(0);
  const saved = (recorded: RecordedOilChange) =>
    void toast({ title: "Oil change recorded", description: `Next due ${nextDueText(recorded)}.`, tone: "success" });

  async function onStageSet(booking: Booking, stage: Booking["visitStage"]) {
    if (stage !== "collected" || !includesOilChange(booking)) return;
    // No prompt when it is recorded already; nor when it cannot be read (the dialog's section says so).
    const visit = await apiFetch<VisitServiceRecord>(recordUrl(booking._id)).catch(() => null);
    if (visit && !visit.record) setPrompt({ booking, visit });
  }

  const section = (booking: Booking) => (
    <ServiceRecordSection key={`${booking._id}-${saves}`} booking={booking} onSaved={saved} />
  );
  return {
    /** useDesk's extras: the section, then `after` (the booking's messages), and the prompt's cue. */
    desk: (after?: (booking: Booking) => ReactNode) => ({
      more: (booking: Booking) => (
        <>
          {section(booking)}
          {after?.(booking)}
        </>
      ),
      onStageSet,
    }),
    prompt: (
      <OilChangePrompt
        prompt={prompt}
        // The dialog itself says what was saved: no toast.
        onSaved={() => setSaves((n) => n + 1)}
        onClose={() => setPrompt(null)}
      />
    ),
  };
}
