import { describe, expect, it } from "vitest";
import { demandLine } from "./waitlist.schema";

describe("demandLine", () => {
  it("says the list in the present while everyone on it still waits", () => {
    expect(demandLine(1, 1, "Monday, November 30")).toBe("1 person is waiting for Monday, November 30");
    expect(demandLine(3, 3, "Monday, November 30")).toBe("3 people are waiting for Monday, November 30");
  });

  it("says how many joined and how many still wait once some have booked or left", () => {
    expect(demandLine(6, 2, "Saturday")).toBe("6 people joined the waitlist for Saturday; 2 still wait");
    expect(demandLine(2, 1, "Saturday")).toBe("2 people joined the waitlist for Saturday; 1 still waits");
  });

  it("says it in the past once nobody waits", () => {
    expect(demandLine(6, 0, "Saturday")).toBe("6 people waited for Saturday");
  });
});
