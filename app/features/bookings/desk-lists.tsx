import { telHref } from "~/lib/site-config";
import { packageLabel, type Booking } from "./bookings.schema";
import type { DeskActions } from "./use-desk-actions";
import { arrivalWindow, friendlyDate } from "./visit-text";

const button = "rounded-md border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";
const primary = `${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`;
const plain = `${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

interface ListProps {
  bookings: Booking[];
  actions: DeskActions;
  onMove(booking: Booking): void;
  onOpen(booking: Booking): void;
  today: string;
}

function When({ booking, today }: { booking: Booking; today: string }) {
  const day = booking.preferredDate === today ? "Today" : friendlyDate(booking.preferredDate);
  return (
    <span className="font-semibold text-slate-700">
      {day}, {arrivalWindow(booking.preferredTimeSlot)}
    </span>
  );
}

function Who({ booking, onOpen }: { booking: Booking; onOpen(booking: Booking): void }) {
  return (
    <>
      <button
        type="button"
        onClick={() => onOpen(booking)}
        aria-label={`Details of ${booking.fullName}'s booking`}
        className="font-bold text-slate-900 underline-offset-2 hover:underline"
      >
        {booking.fullName}
      </button>
      <span className="block truncate text-sm text-slate-700">
        {booking.vehicleType} · {booking.serviceType}, {packageLabel(booking)}
      </span>
    </>
  );
}

/** Requests waiting for a confirmation, soonest visit first, each confirmed, called or moved in one tap. */
export function RequestQueue({ bookings, actions, onMove, onOpen, today }: ListProps) {
  if (bookings.length === 0) return <p className="mt-2 text-slate-600">No requests waiting. All caught up.</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200">
      {bookings.map((booking) => {
        const who = <span className="sr-only"> {booking.fullName}</span>;
        return (
          <li key={booking._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <When booking={booking} today={today} />
              <Who booking={booking} onOpen={onOpen} />
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={primary}
                disabled={actions.busyId === booking._id}
                onClick={() => actions.confirm(booking)}
              >
                Confirm{who}
              </button>
              <a className={plain} href={telHref(booking.phone)}>
                Call{who}
              </a>
              <button type="button" className={plain} onClick={() => onMove(booking)}>
                Move{who}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Today's cars not yet here, in time order, each checked in with one tap. */
export function NextArrivals({ bookings, actions, onOpen, today }: Omit<ListProps, "onMove">) {
  if (bookings.length === 0) return <p className="mt-2 text-slate-600">Every car booked for today is here.</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200">
      {bookings.map((booking) => {
        const who = <span className="sr-only"> {booking.fullName}</span>;
        return (
          <li key={booking._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <When booking={booking} today={today} />
              <Who booking={booking} onOpen={onOpen} />
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={primary}
                disabled={actions.busyId === booking._id}
                onClick={() => actions.setStage(booking, "checked-in")}
              >
                Check in{who}
              </button>
              <a className={plain} href={telHref(booking.phone)}>
                Call{who}
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
