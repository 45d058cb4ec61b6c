import { occupiedSlots } from "../slot-plan";

/** Where a booking is drawn on the bay board: its lane, and the slots (columns) it spans. */
export interface LanePlacement<T> {
  booking: T;
  lane: number;
  /** Index in `windows` of the first slot it holds, and how many it holds. */
  column: number;
  span: number;
}

interface Placeable {
  preferredTimeSlot: string;
  minutes: number;
}

/**
 * Bookings do not name a bay: capacity counts places per slot. The board gives each booking a
 * lane for every slot it spans, earliest arrival first, in the lowest lane free all that time —
 * the interval-graph colouring that never needs more lanes than the busiest slot has cars, so a
 * day within capacity fits its bays. A day over capacity (bays reduced after booking) gets extra
 * lanes rather than hiding a car. 'Anytime' requests have no slot yet: they are not placed.
 */
export function assignLanes<T extends Placeable>(
  bookings: readonly T[],
  windows: readonly string[],
): LanePlacement<T>[] {
  const placed = bookings
    .map((booking) => {
      const slots = occupiedSlots(booking.preferredTimeSlot, booking.minutes, windows);
      return { booking, column: windows.indexOf(slots[0]!), span: slots.length };
    })
    .filter((p) => p.span > 0)
    .sort((a, b) => a.column - b.column || b.span - a.span);
  const busyUntil: number[] = [];
  return placed.map((p) => {
    let lane = busyUntil.findIndex((end) => end <= p.column);
    if (lane === -1) lane = busyUntil.length;
    busyUntil[lane] = p.column + p.span;
    return { ...p, lane };
  });
}

/** The bay a lane is, or null for a lane beyond the bays (a day over capacity): said "Over capacity", never "Bay 4". */
export function bayOfLane(lane: number, bays: number): number | null {
  return lane < bays ? lane + 1 : null;
}
