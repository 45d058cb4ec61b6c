import { telHref } from "~/lib/site-config";
import type { Booking } from "../bookings.schema";
import { NameButton } from "./desk-buttons";
import { StatusBadge } from "../status-badge";
import type { DeskActions } from "./use-desk-actions";
import { OverCapacityBadge } from "./over-capacity-badge";
import { ClubBadge } from "./club-badge";
import { NeedsNewTimeBadge } from "../needs-new-time-badge";
import { VisitStageBadge } from "./visit-stage-badge";
import { OwesBadge } from "./owes-badge";
import { nextStep } from "../visit-stages";
import { lengthAndFinish, serviceText, visitWindow } from "../visit-text";
import { formatPrice } from "~/lib/money";
import { addOnNames, bookingVehicleName, isPriced } from "../visit-summary";

interface Props {
  booking: Booking;
  /** The bay it is drawn in; null in a lane beyond the bays (over capacity); none for an 'Anytime' request still to be placed. */
  bay?: number | null;
  /** How many slots its length holds a bay across. */
  span?: number;
  actions: DeskActions;
  onMove(booking: Booking): void;
  onOpen(booking: Booking): void;
}

const small = "rounded-md border px-2 py-1 text-xs font-semibold";

/**
 * One car on the bay board: who, what, when, where it is on the day, and the next tap — confirm a
 * request, or move the visit on (check in, start, ready, collected) — beside Call, Move and Details.
 * A no-show is one tap, as the desk needs it, and one tap undoes it ("Undo no-show", as the booking's
 * dialog clears a stage pressed again). A car gone is dimmed, unless it left owing: that one stays in plain sight.
 */
export function BoardCard({ booking, bay, span = 1, actions, onMove, onOpen }: Props) {
  const offered = actions.stagesFor(booking);
  const next = booking.status === "pending" ? null : nextStep(booking.visitStage);
  // Only the taps the server would take now: no check-in before the day, no-show before the window ends.
  const step = next && offered.includes(next.stage) ? next : null;
  const missed = booking.visitStage === null && offered.includes("no-show");
  const busy = actions.busyId === booking._id;
  const who = <span className="sr-only"> {booking.fullName}</span>;
  const vehicle = bookingVehicleName(booking);
  const vehicleLine = `${vehicle === booking.vehicleType ? vehicle : `${vehicle} · ${booking.vehicleType}`}${booking.vehicleYear ? ` ${booking.vehicleYear}` : ""}`;
  // The extras make the visit run long: the bay sees them beside the job.
  const addOns = addOnNames(booking).join(", ");
  return (
    <article
      aria-label={`${booking.fullName}, ${visitWindow(booking)}`}
      className={`flex h-full min-w-0 flex-col gap-1 rounded-lg border-l-4 bg-white p-2 text-sm shadow-sm ring-1 ring-slate-200 ${
        booking.status === "pending" ? "border-amber-500" : "border-brand-600"
      } ${booking.visitStage === "no-show" || (booking.visitStage === "collected" && !(booking.balance > 0)) ? "opacity-70" : ""}`}
    >
      <p className="text-xs font-semibold text-slate-600">
        {visitWindow(booking)}
        {typeof bay === "number" && ` · Bay ${bay}`}
        {span > 1 && ` · ${span} slots`}
      </p>
      <NameButton booking={booking} onOpen={onOpen} className="line-clamp-2 text-left break-words" />
      <p className="line-clamp-2 break-words text-slate-700" title={vehicleLine}>
        {vehicleLine}
      </p>
      <p className="line-clamp-2 font-semibold text-slate-900" title={serviceText(booking)}>
        {serviceText(booking)}
      </p>
      {addOns && (
        <p className="line-clamp-2 text-xs text-slate-800" title={addOns}>
          <span className="font-semibold">Add-ons:</span> {addOns}
        </p>
      )}
      <p className="text-xs text-slate-700">
        {lengthAndFinish(booking)}
        {isPriced(booking) && (
          <span className="font-semibold text-slate-900 tabular-nums"> · {formatPrice(booking.total)}</span>
        )}
      </p>
      {booking.specialInstructions && (
        <p className="truncate text-xs text-slate-600" title={booking.specialInstructions}>
          “{booking.specialInstructions}”
        </p>
      )}
      <p className="flex flex-wrap gap-1">
        <StatusBadge status={booking.status} />
        <VisitStageBadge stage={booking.visitStage} />
        <OwesBadge booking={booking} />
        <ClubBadge booking={booking} />
        {/* In no bay: a car more than the bays, however it came to be (bays lowered after booking, say). */}
        <OverCapacityBadge booking={{ overCapacity: booking.overCapacity || bay === null }} />
        <NeedsNewTimeBadge booking={booking} />
      </p>
      <div className="mt-auto flex flex-wrap gap-1 pt-1">
        {booking.status === "pending" ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => actions.confirm(booking)}
            className={`${small} border-brand-700 bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
          >
            Confirm{who}
          </button>
        ) : (
          step && (
            <button
              type="button"
              disabled={busy}
              onClick={() => actions.setStage(booking, step.stage)}
              className={`${small} border-brand-700 bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
            >
              {step.label}
              {who}
            </button>
          )
        )}
        {missed && (
          <button
            type="button"
            disabled={busy}
            onClick={() => actions.setStage(booking, "no-show")}
            className={`${small} border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-60`}
          >
            No-show{who}
          </button>
        )}
        {booking.visitStage === "no-show" && (
          <button
            type="button"
            disabled={busy}
            onClick={() => actions.setStage(booking, null)}
            className={`${small} border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-60`}
          >
            Undo no-show{who}
          </button>
        )}
        {booking.phone && (
          <a href={telHref(booking.phone)} className={`${small} border-slate-300 text-slate-800 hover:bg-slate-50`}>
            Call{who}
          </a>
        )}
        <button
          type="button"
          onClick={() => onMove(booking)}
          className={`${small} border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          Move{who}
        </button>
      </div>
    </article>
  );
}
