import { describe, expect, it } from "vitest";
import { BAY_SLOTS } from "../bookings.schema";
import { assignLanes, bayOfLane } from "./bay-lanes";

const visit = (name: string, slot: string, minutes = 120) => ({ name, preferredTimeSlot: slot, minutes });
const lanes = (placements: ReturnType<typeof assignLanes<ReturnType<typeof visit>>>) =>
  Object.fromEntries(placements.map((p) => [p.booking.name, [p.lane, p.column, p.span]]));

describe("assignLanes", () => {
  it("a four-hour visit spans two columns in one lane, and a later car takes the lane once it is free", () => {
    const result = lanes(
      assignLanes(
        [
          visit("short", "09:00–11:00", 30),
          visit("detail", "09:00–11:00", 240),
          visit("after", "13:00–15:00"),
          visit("midday", "11:00–13:00"),
        ],
        BAY_SLOTS,
      ),
    );
    expect(result).toEqual({
      detail: [0, 0, 2],
      short: [1, 0, 1],
      midday: [1, 1, 1],
      after: [0, 2, 1],
    });
  });

  it("a full day of three bays needs exactly three lanes, whatever order the bookings come in", () => {
    const day = [
      visit("a", "09:00–11:00", 240),
      visit("b", "09:00–11:00", 240),
      visit("c", "09:00–11:00"),
      visit("d", "11:00–13:00"),
      ...["13:00–15:00", "15:00–17:00", "17:00–19:00"].flatMap((slot) => [
        visit(`${slot}1`, slot),
        visit(`${slot}2`, slot),
        visit(`${slot}3`, slot),
      ]),
    ];
    for (const order of [day, [...day].reverse()]) {
      const placed = assignLanes(order, BAY_SLOTS);
      expect(placed).toHaveLength(13);
      expect(Math.max(...placed.map((p) => p.lane))).toBe(2);
      // No two bookings share a lane in a column.
      const cells = placed.flatMap((p) => Array.from({ length: p.span }, (_, i) => `${p.lane}:${p.column + i}`));
      expect(new Set(cells).size).toBe(cells.length);
    }
  });

  it("leaves 'Anytime' requests unplaced and gives an over-full slot an extra lane rather than hiding a car", () => {
    const placed = assignLanes(
      [visit("x", "Anytime"), visit("p", "09:00–11:00"), visit("q", "09:00–11:00")],
      BAY_SLOTS,
    );
    expect(placed.map((p) => p.booking.name)).toEqual(["p", "q"]);
    expect(placed.map((p) => p.lane)).toEqual([0, 1]);
  });
});

describe("bayOfLane", () => {
  it("names the bays by number, and a lane beyond them by none (over capacity)", () => {
    expect([0, 1, 2, 3].map((lane) => bayOfLane(lane, 3))).toEqual([1, 2, 3, null]);
  });
});
