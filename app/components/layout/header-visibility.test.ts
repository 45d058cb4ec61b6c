import { describe, expect, it } from "vitest";
import { nextScrollState, type ScrollState } from "./header-visibility";

const run = (positions: number[], start: ScrollState = { hidden: false, anchorY: 0 }) =>
  positions
    .reduce<ScrollState[]>((states, y) => [...states, nextScrollState(states.at(-1) ?? start, y)], [])
    .map((s) => s.hidden);

describe("nextScrollState", () => {
  it("never hides within the first 80 px", () => {
    expect(run([20, 50, 80])).toEqual([false, false, false]);
  });

  it("hides when scrolling down beyond 80 px by more than 8 px, and shows again when scrolling up", () => {
    expect(run([100, 300, 295, 250])).toEqual([true, true, true, false]);
  });

  it("ignores moves of 8 px or less, even when they add up slowly", () => {
    expect(run([200], { hidden: false, anchorY: 195 })).toEqual([false]);
    expect(run([204, 208], { hidden: false, anchorY: 200 })).toEqual([false, false]);
    expect(run([209], { hidden: false, anchorY: 200 })).toEqual([true]);
  });

  it("shows at once when back near the top", () => {
    expect(run([60], { hidden: true, anchorY: 500 })).toEqual([false]);
  });
});
