import { describe, expect, it } from "vitest";
import { fullWindows, joinedText, waitedSlots } from "./join-waitlist";
import type { Availability } from "../use-availability";

const slot = (s: string, extra: Partial<Availability["slots"][number]>) => ({
  slot: s,
  start: s.slice(0, 5),
  end: s.slice(6),
  remaining: 0,
  offered: false,
  started: false,
  ...extra,
});

describe("the booking form's waitlist", () => {
  it("offers the windows that are full for the visit, never those begun or too late", () => {
    const availability: Availability = {
      closed: false,
      minutes: 30,
      slots: [
        slot("09:00–11:00", { started: true, reason: "full" }),
        slot("11:00–13:00", { reason: "full" }),
        slot("13:00–15:00", { offered: true, remaining: 2 }),
        slot("15:00–17:00", {}),
        slot("17:00–19:00", { reason: "too-late" }),
      ],
    };
    // A window not offered without a reason is full (as the slot choices read it).
    expect(fullWindows(availability)).toEqual(["11:00–13:00", "15:00–17:00"]);
    // A closed date may open again: every window not yet begun can be waited for.
    expect(fullWindows({ ...availability, closed: true })).toEqual([
      "11:00–13:00",
      "13:00–15:00",
      "15:00–17:00",
      "17:00–19:00",
    ]);
    expect(fullWindows(null)).toEqual([]);
  });

  it("sends the windows ticked, none for any time that day, and nothing when none is ticked", () => {
    expect(waitedSlots({ slots: ["11:00–13:00"], any: false })).toEqual(["11:00–13:00"]);
    expect(waitedSlots({ slots: ["11:00–13:00"], any: true })).toEqual([]);
    expect(waitedSlots({ slots: [], any: false })).toBeNull();
  });

  it("says the day in full when it is joined", () => {
    expect(joinedText("2026-12-12")).toBe(
      "You're on the waitlist for Saturday, December 12. We'll e-mail you if a place frees up.",
    );
  });
});
