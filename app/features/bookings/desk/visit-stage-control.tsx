import type { Booking } from "../bookings.schema";
import type { DeskActions } from "./use-desk-actions";
import { STAGE_LABELS } from "../visit-stages";

/**
 * The stages the visit can be set to now as buttons (the current one pressed), to set one or correct
 * a tap: none before the visit's day, check-in on its day, no-show once its window has passed.
 */
export function VisitStageControl({ booking, actions }: { booking: Booking; actions: DeskActions }) {
  if (booking.status === "cancelled") return null;
  const busy = actions.busyId === booking._id;
  const offered = actions.stagesFor(booking);
  return (
    <fieldset className="mt-5 border-t border-slate-200 pt-4">
      <legend className="float-left mb-2 font-bold text-slate-900">Visit</legend>
      <div className="clear-left flex flex-wrap gap-2">
        {offered.length === 0 && <p className="text-sm text-slate-700">Nothing to set before the visit's day.</p>}
        {offered.map((stage) => {
          const current = booking.visitStage === stage;
          return (
            <button
              key={stage}
              type="button"
              aria-pressed={current}
              disabled={busy}
              onClick={() => actions.setStage(booking, current ? null : stage)}
              className={`rounded-md border px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${
                current
                  ? "border-brand-800 bg-brand-800 text-white"
                  : "border-slate-300 text-slate-800 hover:bg-slate-50"
              }`}
            >
              {STAGE_LABELS[stage]}
            </button>
          );
        })}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Check-in is on the visit's day; no-show once its arrival window has passed. “Ready for pickup” e-mails the
        customer (once). Press the current stage again to clear it.
      </p>
    </fieldset>
  );
}
