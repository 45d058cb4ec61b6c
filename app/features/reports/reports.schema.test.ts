import { describe, expect, it } from "vitest";
import { presetRange, previousRange } from "./reports.schema";

describe("previousRange", () => {
  it("compares a calendar month with the month before, whatever their lengths", () => {
    expect(previousRange(presetRange("this-month", "2026-12-02"))).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(previousRange({ from: "2027-03-01", to: "2027-03-31" })).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(previousRange({ from: "2027-01-01", to: "2027-01-31" })).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("compares whole months with as many months before: a quarter, a year", () => {
    expect(previousRange({ from: "2027-04-01", to: "2027-06-30" })).toEqual({ from: "2027-01-01", to: "2027-03-31" });
    expect(previousRange(presetRange("this-year", "2028-05-05"))).toEqual({ from: "2027-01-01", to: "2027-12-31" });
  });

  it("compares any other range with as many days just before it: a week, part of a month", () => {
    expect(previousRange({ from: "2031-06-02", to: "2031-06-08" })).toEqual({ from: "2031-05-26", to: "2031-06-01" });
    expect(previousRange({ from: "2026-12-01", to: "2026-12-15" })).toEqual({ from: "2026-11-16", to: "2026-11-30" });
    expect(previousRange({ from: "2026-12-05", to: "2026-12-31" })).toEqual({ from: "2026-11-08", to: "2026-12-04" });
  });
});
