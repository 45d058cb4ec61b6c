import type { Booking } from "../bookings.schema";
import type { DeskActions } from "./use-desk-actions";
import { STAGE_LABELS, VISIT_STAGES } from "../visit-stages";

/** Every stage of the visit as a button (the current one pressed), to set any stage or correct a tap. */
export function VisitStageControl({ booking, actions }: { booking: Booking; actions: DeskActions }) {
  if (booking.status === "cancelled") return null;
  const busy = actions.busyId === booking._id;
  return (
    <fieldset className="mt-5 border-t border-slate-200 pt-4">
      <legend className="float-left mb-2 font-bold text-slate-900">Visit</legend>
      <div className="clear-left flex flex-wrap gap-2">
        {VISIT_STAGES.map((stage) => {
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
        “Ready for pickup” e-mails the customer (once). Press the current stage again to clear it.
      </p>
    </fieldset>
  );
}
