import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import { assignLanes, bayOfLane } from "./bay-lanes";
import { displayStatus, type Booking } from "../bookings.schema";
import { STAGE_LABELS } from "../visit-stages";
import { finishTime, serviceText, visitWindow } from "../visit-text";
import { addOnNames, vehicleText } from "../visit-summary";
import { displayPhone } from "~/lib/phone";

/**
 * The day on paper: every booking in time order with its bay, customer, phone, vehicle, the job
 * (service and package), its length and finish time, price, status and notes. Only printed (the
 * board is the screen's); the navigation and buttons are not.
 */
export function RunSheet({ bookings, windows, bays }: { bookings: Booking[]; windows: string[]; bays: number }) {
  // As the board draws them: a bay, or none for a car over capacity ("Over capacity", not "Bay 4").
  const bayOf = new Map(assignLanes(bookings, windows).map((p) => [p.booking._id, bayOfLane(p.lane, bays)]));
  const order = (b: Booking) => bayOf.get(b._id) ?? (bayOf.has(b._id) ? bays + 1 : 0);
  const inOrder = [...bookings].sort(
    (a, b) => a.preferredTimeSlot.localeCompare(b.preferredTimeSlot) || order(a) - order(b),
  );
  return (
    <section className="hidden print:block" aria-label="Run sheet">
      <h2 className="text-xl font-bold">Run sheet</h2>
      {inOrder.length === 0 ? (
        <p>No bookings.</p>
      ) : (
        <table className="mt-2 w-full border-collapse text-left text-[11px] [&_td]:border [&_td]:border-slate-400 [&_td]:p-1 [&_th]:border [&_th]:border-slate-400 [&_th]:p-1">
          <thead>
            <tr>
              <th>Time</th>
              <th>Bay</th>
              <th>Customer</th>
              <th>Phone</th>
              <th>Vehicle</th>
              <th>Service</th>
              <th>Length</th>
              <th>Ready</th>
              <th>Price</th>
              <th>Status</th>
              <th>Notes</th>
            </tr>
          </thead>
          <tbody>
            {inOrder.map((b) => (
              <tr key={b._id} className="break-inside-avoid">
                <td className="whitespace-nowrap">{visitWindow(b)}</td>
                <td>{bayOf.has(b._id) ? (bayOf.get(b._id) ?? "Over capacity") : "—"}</td>
                <td>{b.fullName}</td>
                <td className="whitespace-nowrap">{displayPhone(b.phone)}</td>
                <td>{vehicleText(b)}</td>
                <td>
                  {serviceText(b)}
                  {b.addOns.length > 0 && ` + ${addOnNames(b).join(", ")}`}
                </td>
                <td className="whitespace-nowrap">{formatLength(b.minutes)}</td>
                <td className="whitespace-nowrap">{finishTime(b) ?? "—"}</td>
                <td className="whitespace-nowrap">{formatPrice(b.total)}</td>
                <td>
                  {displayStatus(b.status)}
                  {b.visitStage && `, ${STAGE_LABELS[b.visitStage]}`}
                </td>
                <td>{b.specialInstructions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
