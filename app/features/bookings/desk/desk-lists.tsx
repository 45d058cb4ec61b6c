import { useState, type ReactNode } from "react";
import type { Booking } from "../bookings.schema";
import { CallLink, NameButton, NameForReaders, plainButton, TapButton } from "./desk-buttons";
import { OverCapacityBadge } from "./over-capacity-badge";
import { ClubBadge } from "./club-badge";
import { NeedsNewTimeBadge } from "../needs-new-time-badge";
import { OwesBadge } from "./owes-badge";
import type { DeskActions } from "./use-desk-actions";
import { friendlyDate, lengthAndFinish, serviceText, visitWindow } from "../visit-text";
import { bookingVehicleName } from "../visit-summary";
import { addDays } from "~/lib/business-date";

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
    <span className="block font-semibold text-slate-700">
      {day}, {visitWindow(booking)}
    </span>
  );
}

function Who({ booking, onOpen }: { booking: Booking; onOpen(booking: Booking): void }) {
  return (
    <>
      <NameButton booking={booking} onOpen={onOpen} />
      <span className="block text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{serviceText(booking)}</span> · {bookingVehicleName(booking)}
      </span>
      <span className="block text-sm text-slate-700">{lengthAndFinish(booking)}</span>
    </>
  );
}

/** How many rows a desk list shows before "Show all": on a busy morning the bay board stays near the top. */
const DESK_LIST_FEW = 3;

/**
 * A list of bookings, each with when and who, and the taps `buttons` gives it; `empty` when there
 * are none. The first few show; "Show all" the rest.
 */
function DeskList({
  bookings,
  empty,
  today,
  onOpen,
  buttons,
}: Pick<ListProps, "bookings" | "today" | "onOpen"> & { empty: string; buttons(booking: Booking): ReactNode }) {
  const [all, setAll] = useState(false);
  if (bookings.length === 0) return <p className="mt-2 text-slate-600">{empty}</p>;
  const shown = all ? bookings : bookings.slice(0, DESK_LIST_FEW);
  return (
    <>
      <ul className="mt-2 divide-y divide-slate-200">
        {shown.map((booking) => (
          <li key={booking._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <When booking={booking} today={today} />
              <Who booking={booking} onOpen={onOpen} />
              <OverCapacityBadge booking={booking} />
              <NeedsNewTimeBadge booking={booking} />
              <OwesBadge booking={booking} />
              <ClubBadge booking={booking} />
            </div>
            <div className="flex flex-wrap gap-2">{buttons(booking)}</div>
          </li>
        ))}
      </ul>
      {bookings.length > DESK_LIST_FEW && (
        <button
          type="button"
          aria-expanded={all}
          onClick={() => setAll(!all)}
          className="mt-1 font-semibold text-brand-800 underline underline-offset-2"
        >
          {all ? "Show fewer" : `Show all ${bookings.length}`}
        </button>
      )}
    </>
  );
}

/** Requests waiting for a confirmation, soonest visit first, each confirmed, called or moved in one tap. */
export function RequestQueue({ actions, onMove, ...list }: ListProps) {
  return (
    <DeskList
      {...list}
      empty="No requests waiting. All caught up."
      buttons={(booking) => (
        <>
          <TapButton booking={booking} actions={actions} onTap={() => actions.confirm(booking)}>
            Confirm
          </TapButton>
          <CallLink booking={booking} />
          <button type="button" className={plainButton} onClick={() => onMove(booking)}>
            Move
            <NameForReaders booking={booking} />
          </button>
        </>
      )}
    />
  );
}

/** Today's cars not yet here, in time order, each checked in with one tap (or, once its window has passed, a no-show). */
export function NextArrivals({ actions, ...list }: Omit<ListProps, "onMove">) {
  return (
    <DeskList
      {...list}
      empty="Every car booked for today is here."
      buttons={(booking) => (
        <>
          <TapButton booking={booking} actions={actions} onTap={() => actions.setStage(booking, "checked-in")}>
            Check in
          </TapButton>
          {actions.stagesFor(booking).includes("no-show") && (
            <button
              type="button"
              className={plainButton}
              disabled={actions.busyId === booking._id}
              onClick={() => actions.setStage(booking, "no-show")}
            >
              No-show
              <NameForReaders booking={booking} />
            </button>
          )}
          <CallLink booking={booking} />
        </>
      )}
    />
  );
}

/** "1 visit from yesterday needs an outcome", "3 visits of the past week need an outcome". */
export function looseEndsTitle(bookings: Booking[], today: string): string {
  const n = bookings.length;
  const when = bookings.every((b) => b.preferredDate === addDays(today, -1)) ? "from yesterday" : "of the past week";
  return `${n === 1 ? "1 visit" : `${n} visits`} ${when} ${n === 1 ? "needs" : "need"} an outcome`;
}

/**
 * Visits of the days before never collected nor marked a no-show (never checked in, or left on
 * site), each given its outcome with one tap of the stage it should have had: Collected, or (a car
 * never checked in) No-show.
 */
export function LooseEnds({ actions, ...list }: Omit<ListProps, "onMove">) {
  return (
    <DeskList
      {...list}
      empty=""
      buttons={(booking) => (
        <>
          <TapButton booking={booking} actions={actions} onTap={() => actions.setStage(booking, "collected")}>
            Collected
          </TapButton>
          {booking.visitStage === null && (
            <button
              type="button"
              className={plainButton}
              disabled={actions.busyId === booking._id}
              onClick={() => actions.setStage(booking, "no-show")}
            >
              No-show
              <NameForReaders booking={booking} />
            </button>
          )}
          <CallLink booking={booking} />
        </>
      )}
    />
  );
}
