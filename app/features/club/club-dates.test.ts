import { describe, expect, it } from "vitest";
import { addPeriod, normalPlate } from "./club-dates";

describe("a membership's days", () => {
  it("runs a month or a year on, to the last day of a shorter month", () => {
    expect(addPeriod("2026-11-29", "month")).toBe("2026-12-29");
    expect(addPeriod("2026-12-15", "month")).toBe("2027-01-15");
    expect(addPeriod("2027-01-31", "month")).toBe("2027-02-28");
    expect(addPeriod("2028-01-31", "month")).toBe("2028-02-29");
    expect(addPeriod("2028-02-29", "year")).toBe("2029-02-28");
  });

  it("matches plates however they were typed", () => {
    expect(normalPlate(" abc-123 ")).toBe("ABC123");
  });
});
