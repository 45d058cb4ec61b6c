import { describe, expect, it } from "vitest";
import {
  addMonths,
  DEFAULT_FOLLOW_UP_SETTINGS,
  followUpSettingsChangeSchema,
  includesOilChange,
  nextDue,
  readFollowUpSettings,
} from "./follow-ups.schema";

describe("the next oil change", () => {
  it("is the oil's months later, on the same day where the month has it", () => {
    expect(addMonths("2026-11-26", 3)).toBe("2027-02-26");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-01-15", 12)).toBe("2027-01-15");
  });

  it("is the oil's miles after the odometer", () => {
    expect(nextDue("2026-11-26", 36_500, { months: 6, miles: 5000 })).toEqual({
      nextDueDate: "2027-05-26",
      nextDueMileage: 41_500,
    });
  });
});

describe("a visit with an oil change", () => {
  it("is the Oil Change service, or a package or add-on line that is one", () => {
    expect(includesOilChange({ serviceType: "Oil Change" })).toBe(true);
    expect(includesOilChange({ serviceType: "Full Detailing" })).toBe(false);
    expect(
      includesOilChange({ serviceType: "Exterior Wash", lines: [{ kind: "add-on", label: "Quick lube add-on" }] }),
    ).toBe(true);
    expect(includesOilChange({ serviceType: "Exterior Wash", lines: [{ kind: "add-on", label: "Boiled wax" }] })).toBe(
      false,
    );
  });
});

describe("the follow-up settings", () => {
  it("take the defaults for what is missing or unreadable", () => {
    expect(readFollowUpSettings(undefined)).toEqual(DEFAULT_FOLLOW_UP_SETTINGS);
    expect(readFollowUpSettings({ dueReminderDaysBefore: 10 }).dueReminderDaysBefore).toBe(10);
    expect(readFollowUpSettings({ dueReminderDaysBefore: "soon" })).toEqual(DEFAULT_FOLLOW_UP_SETTINGS);
  });

  it("refuse an empty change, unknown fields and two oils with one id", () => {
    expect(followUpSettingsChangeSchema.safeParse({}).success).toBe(false);
    expect(followUpSettingsChangeSchema.safeParse({ colour: "red" }).success).toBe(false);
    const oil = { id: "conventional", name: "Conventional", months: 3, miles: 3000 };
    expect(followUpSettingsChangeSchema.safeParse({ oilTypes: [oil, oil] }).success).toBe(false);
    expect(followUpSettingsChangeSchema.safeParse({ oilTypes: [oil] }).success).toBe(true);
  });
});
