import type { CSSProperties, ReactNode } from "react";
import { assignLanes, bayOfLane } from "./bay-lanes";
import { BoardCard } from "./board-card";
import { ANYTIME, type Booking } from "../bookings.schema";
import { openPartOfWindow, type OpenMinutes } from "../shop-hours";
import type { DeskActions } from "./use-desk-actions";
import { arrivalWindow } from "../visit-text";

interface Props {
  bays: number;
  /** The windows the day has (listDay's): the board's columns. */
  windows: string[];
  /** The day's opening hours (listDay's): a column ends at closing, as the booking form's last window does. */
  hours: OpenMinutes | null;
  /** The day's live bookings, each once. */
  bookings: Booking[];
  actions: DeskActions;
  onMove(booking: Booking): void;
  onOpen(booking: Booking): void;
  /** Shown under the 'Anytime' requests (the day's waitlist). */
  aside?: ReactNode;
  /** Places a waitlist offer holds (its window and who for): drawn in a free cell of their window. */
  held?: { slot: string; name: string }[];
}

/**
 * The bay board: a lane per bay, the slots across, each car drawn over every slot its length holds,
 * and the 'Anytime' requests beside it waiting for a slot. The cards are one list in time order
 * (what a screen reader and the keyboard go through); the grid only places them on the screen.
 */
export function DayBoard({ bays, windows, hours, bookings, actions, onMove, onOpen, aside, held = [] }: Props) {
  const columns = `repeat(${Math.max(1, windows.length)}, minmax(8.75rem, 1fr))`;
  const placed = assignLanes(bookings, windows).sort((a, b) => a.column - b.column || a.lane - b.lane);
  const lanes = Math.max(bays, ...placed.map((p) => p.lane + 1));
  const anytime = bookings.filter((b) => b.preferredTimeSlot === ANYTIME);
  const taken = new Set(placed.flatMap((p) => Array.from({ length: p.span }, (_, i) => `${p.lane}:${p.column + i}`)));
  const free = Array.from({ length: lanes }, (_, lane) =>
    windows.map((_, column) => ({ lane, column })).filter(({ lane: l, column }) => !taken.has(`${l}:${column}`)),
  ).flat();
  // Each held place takes the first free cell of its window.
  const holders = new Map<string, string>();
  for (const { slot, name } of held) {
    const spot = free.find((f) => f.column === windows.indexOf(slot) && !holders.has(`${f.lane}:${f.column}`));
    if (spot) holders.set(`${spot.lane}:${spot.column}`, name);
  }
  const cell = (lane: number, column: number, span = 1): CSSProperties => ({
    gridRow: lane + 2,
    gridColumn: `${column + 2} / span ${span}`,
  });

  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_15rem] print:hidden">
      {/* On a narrow screen the board scrolls sideways inside its frame; the page itself does not. */}
      {/* relative: the cards' screen-reader text (position: absolute) is clipped with them, not laid out on the page. */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-slate-100 p-2">
        <ol
          aria-label="The day's bookings in time order"
          className="grid gap-1.5"
          style={{
            gridTemplateColumns: `3rem ${columns}`,
            gridTemplateRows: `auto repeat(${lanes}, minmax(7.5rem, auto))`,
          }}
        >
          {/* The headings are drawn for the eye; each card says its own time and bay. */}
          {windows.map((slot, column) => (
            <li
              key={slot}
              aria-hidden="true"
              style={{ gridRow: 1, gridColumn: column + 2 }}
              className="px-1 text-center text-xs font-bold text-slate-700"
            >
              {arrivalWindow(openPartOfWindow(slot, hours))}
            </li>
          ))}
          {Array.from({ length: lanes }, (_, lane) => (
            <li
              key={`bay-${lane}`}
              aria-hidden="true"
              style={{ gridRow: lane + 2, gridColumn: 1 }}
              className={`flex items-center justify-center rounded-md text-xs font-bold ${lane < bays ? "bg-white text-slate-700" : "bg-red-100 text-red-900"}`}
            >
              {lane < bays ? `Bay ${lane + 1}` : "Over"}
            </li>
          ))}
          {free.map(({ lane, column }) => {
            const holder = holders.get(`${lane}:${column}`);
            return (
              <li
                key={`free-${lane}-${column}`}
                aria-hidden={holder ? undefined : "true"}
                style={cell(lane, column)}
                className={`flex items-center justify-center rounded-lg border border-dashed p-1 text-center text-xs ${holder ? "border-amber-400 bg-amber-50 font-semibold text-amber-900" : "border-slate-300 text-slate-600"}`}
              >
                {holder ? (
                  <span>
                    <span className="sr-only">{arrivalWindow(windows[column]!)}: </span>
                    Held for {holder}
                    <span className="block font-normal">waitlist offer</span>
                  </span>
                ) : (
                  "Free"
                )}
              </li>
            );
          })}
          {placed.map(({ booking, lane, column, span }) => (
            <li key={booking._id} style={cell(lane, column, span)} className="min-w-0">
              <BoardCard
                booking={booking}
                bay={bayOfLane(lane, bays)}
                span={span}
                actions={actions}
                onMove={onMove}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ol>
      </div>
      <div className="grid content-start gap-6">
        <section aria-labelledby="anytime-heading" className="rounded-xl border border-slate-200 bg-white p-3">
          <h2 id="anytime-heading" className="font-bold text-slate-900">
            Anytime: to place
          </h2>
          <p className="text-sm text-slate-600">
            {anytime.length === 0 ? "No requests without a slot." : `${anytime.length} waiting for a slot`}
          </p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-1">
            {anytime.map((booking) => (
              <li key={booking._id}>
                <BoardCard booking={booking} actions={actions} onMove={onMove} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </section>
        {aside}
      </div>
    </div>
  );
}
