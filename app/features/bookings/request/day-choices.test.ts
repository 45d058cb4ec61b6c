import { describe, expect, it } from "vitest";
import type { SlotAvailability } from "../bookings.schema";
import { dayUnavailable, followsSuggestion } from "./day-choices";

const slot = (reason?: SlotAvailability["reason"]): SlotAvailability => ({
  slot: "09:00–11:00",
  start: "09:00",
  end: "11:00",
  remaining: reason ? 0 : 2,
  offered: !reason,
  ...(reason && { reason }),
});

describe("dayUnavailable", () => {
  it("says nothing of a day with a window to choose", () => {
    expect(dayUnavailable({ closed: false, open: true, slots: [slot("started"), slot()] })).toBeUndefined();
  });

  it("calls a day whose windows have all begun passed, not full", () => {
    // Today, late: every window has started, or is too late for the service to finish by closing.
    expect(dayUnavailable({ closed: false, open: false, slots: [slot("started"), slot("too-late")] })).toBe("Passed");
  });

  it("calls a day full when a window still ahead has no place left", () => {
    expect(dayUnavailable({ closed: false, open: false, slots: [slot("started"), slot("full")] })).toBe("Full");
  });

  it("does not call a day passed when none of its windows has begun", () => {
    expect(dayUnavailable({ closed: false, open: false, slots: [slot("too-late"), slot("too-late")] })).toBe(
      "Unavailable",
    );
  });

  it("calls a closed date closed", () => {
    expect(dayUnavailable({ closed: true, open: false, slots: [slot("closed")] })).toBe("Closed");
  });
});

describe("followsSuggestion", () => {
  it("moves to the visit's new first free day from a suggested or no longer choosable day, never from a day chosen", () => {
    expect(followsSuggestion("", undefined, [])).toBe(true);
    // Today was suggested for a car; the customer kept it: the suggestion follows the visit.
    expect(followsSuggestion("2026-11-26", "2026-11-26", [])).toBe(true);
    // A day kept from an earlier page (a draft) that a truck's longer wash no longer fits.
    expect(followsSuggestion("2026-11-26", undefined, ["2026-11-26"])).toBe(true);
    expect(followsSuggestion("2026-12-01", "2026-11-26", ["2026-11-26"])).toBe(false);
    expect(followsSuggestion("2026-12-01", undefined, [])).toBe(false);
  });
});
