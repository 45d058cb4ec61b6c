import { describe, expect, it } from "vitest";
import { zonedTimeToUtc } from "~/lib/business-date";
import { stageRefusal, stagesOffered } from "./stage-guards";

const zone = "America/New_York";
const at = (date: string, time: string) => zonedTimeToUtc(date, time, zone);
const visit = (preferredTimeSlot: string, visitStage: null | "checked-in" | "no-show" = null) => ({
  preferredDate: "2026-12-03",
  preferredTimeSlot,
  visitStage,
});

describe("the stages the desk offers a visit", () => {
  it("none before the visit's day; on it every stage but no-show until the window has ended", () => {
    expect(stagesOffered(visit("09:00–11:00"), at("2026-12-02", "23:59"), zone)).toEqual([]);
    expect(stagesOffered(visit("09:00–11:00"), at("2026-12-03", "00:00"), zone)).toEqual([
      "checked-in",
      "in-progress",
      "ready",
      "collected",
    ]);
    expect(stagesOffered(visit("09:00–11:00"), at("2026-12-03", "11:00"), zone)).toContain("no-show");
  });

  it("no check-in once the day has passed, but a later stage or a no-show still", () => {
    expect(stagesOffered(visit("Anytime"), at("2026-12-03", "17:59"), zone)).not.toContain("no-show");
    expect(stagesOffered(visit("Anytime"), at("2026-12-04", "00:00"), zone)).toEqual([
      "in-progress",
      "ready",
      "collected",
      "no-show",
    ]);
  });

  it("the current stage stays offered (to clear it), and clearing is never refused", () => {
    const early = at("2026-12-01", "12:00");
    expect(stagesOffered(visit("09:00–11:00", "checked-in"), early, zone)).toEqual(["checked-in"]);
    expect(stageRefusal(visit("09:00–11:00", "no-show"), null, early, zone)).toBeNull();
    expect(stageRefusal(visit("13:00–15:00"), "no-show", at("2026-12-02", "10:00"), zone)).toBe(
      "Not a no-show yet: the car may still arrive until 3 PM on Thu, Dec 3.",
    );
  });
});
