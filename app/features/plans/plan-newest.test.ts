import { describe, expect, it } from "vitest";
import { newestFirst, planTimestamp } from "./plan-newest";

const ms = (iso: string) => Date.parse(iso);

describe("planTimestamp", () => {
  it("takes the latest of date, createdAt and updatedAt", () => {
    expect(
      planTimestamp({
        date: "2024-01-01T00:00:00Z",
        createdAt: "2024-03-01T00:00:00Z",
        updatedAt: "2024-02-01T00:00:00Z",
      }),
    ).toBe(ms("2024-03-01T00:00:00Z"));
    expect(planTimestamp({ date: "2025-05-05T00:00:00Z", createdAt: "2024-03-01T00:00:00Z" })).toBe(
      ms("2025-05-05T00:00:00Z"),
    );
  });

  it("reads numbers under 1e12 as seconds and larger ones as milliseconds", () => {
    expect(planTimestamp({ date: 1_700_000_000 })).toBe(1_700_000_000_000);
    expect(planTimestamp({ date: 1_700_000_000_123 })).toBe(1_700_000_000_123);
    expect(planTimestamp({ createdAt: "1700000000" })).toBe(1_700_000_000_000);
  });

  it("accepts Date objects and ignores unparseable values", () => {
    expect(planTimestamp({ date: new Date("2023-06-01T00:00:00Z"), createdAt: "not a date", updatedAt: null })).toBe(
      ms("2023-06-01T00:00:00Z"),
    );
  });

  it("falls back to the time in the id when no date is usable", () => {
    expect(planTimestamp({ _id: "65a1b2c3" + "0".repeat(16), date: "garbage" })).toBe(0x65a1b2c3 * 1000);
  });

  it("is 0 when nothing tells the time", () => {
    expect(planTimestamp({})).toBe(0);
    expect(planTimestamp({ _id: "xyz" })).toBe(0);
  });
});

describe("newestFirst", () => {
  it("orders by newest-ness without changing its input", () => {
    const plans = [
      { _id: "a", createdAt: "2024-01-01T00:00:00Z" },
      { _id: "b", updatedAt: "2024-06-01T00:00:00Z" },
      { _id: "c", date: 1_710_000_000 },
    ];
    expect(newestFirst(plans).map((p) => p._id)).toEqual(["b", "c", "a"]);
    expect(plans.map((p) => p._id)).toEqual(["a", "b", "c"]);
  });
});
