import { describe, expect, it } from "vitest";
import { zonedTimeToUtc } from "~/lib/business-date";
import { customerChangeRule, visitStart, VISIT_HAPPENED, windowClosedMessage } from "./change-window";

const zone = "America/New_York";
const booking = { preferredDate: "2026-05-30", preferredTimeSlot: "13:00–15:00", status: "pending" as const };
const at = (time: string, date = "2026-05-30") => zonedTimeToUtc(date, time, zone);
const rule = (now: Date, windowHours = 2, b: typeof booking | { [k: string]: string } = booking) =>
  customerChangeRule(b as typeof booking, { windowHours, timeZone: zone, now });

describe("the customer's change window", () => {
  it("is open until the window before the slot starts", () => {
    expect(rule(at("10:59"))).toEqual({ canChange: true, deadline: at("11:00") });
  });

  it("closes the window's hours before the slot", () => {
    expect(rule(at("11:00"))).toMatchObject({ canChange: false, reason: windowClosedMessage(2) });
    expect(windowClosedMessage(2)).toBe("Changes close 2 hours before your visit. Please call us.");
    expect(windowClosedMessage(1)).toBe("Changes close 1 hour before your visit. Please call us.");
  });

  it("says a started visit has happened, whatever the window", () => {
    expect(rule(at("13:00"), 0)).toMatchObject({ canChange: false, reason: VISIT_HAPPENED });
    expect(rule(at("12:59"), 0)).toMatchObject({ canChange: true });
    expect(rule(at("09:00", "2026-06-02"))).toMatchObject({ reason: VISIT_HAPPENED });
  });

  it("counts an Anytime visit from the day's opening (Saturday 8 AM, Sunday 8 AM)", () => {
    expect(visitStart({ preferredDate: "2026-05-30", preferredTimeSlot: "Anytime" }, zone)).toEqual(at("08:00"));
    const anytime = { ...booking, preferredTimeSlot: "Anytime" };
    expect(rule(at("05:59"), 2, anytime)).toMatchObject({ canChange: true });
    expect(rule(at("06:00"), 2, anytime)).toMatchObject({ canChange: false, reason: windowClosedMessage(2) });
  });

  it("refuses a cancelled booking", () => {
    expect(rule(at("08:00"), 2, { ...booking, status: "cancelled" })).toMatchObject({
      canChange: false,
      reason: "Already cancelled",
    });
  });
});
