import { describe, expect, it } from "vitest";
import { starFills } from "./star-rating";

describe("starFills", () => {
  it("draws a half star for a half, as the text says it (3.5 out of 5)", () => {
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
  });

  it("rounds to the nearest half, and draws whole ratings whole", () => {
    expect(starFills(3.7)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(3.8)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.2)).toEqual([1, 1, 1, 0, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(1)).toEqual([1, 0, 0, 0, 0]);
  });
});
