import { describe, expect, it } from "vitest";
import { savedSettingsText } from "./booking-settings-form";

const settings = { bays: 3, notifyEmail: "", cancelWindowHours: 2, reminderHours: 24, offerHoldMinutes: 30 };

describe("savedSettingsText", () => {
  it("says what the save changed, not the bays whatever was saved", () => {
    expect(savedSettingsText(settings, { ...settings, offerHoldMinutes: 5 })).toBe(
      "Waitlist offers hold their place 5 minutes.",
    );
    expect(savedSettingsText(settings, { ...settings, bays: 4 })).toBe("4 bays per time slot.");
  });

  it("says each field changed, in the form's order, with none and zero in words", () => {
    expect(
      savedSettingsText(settings, { ...settings, bays: 1, notifyEmail: "desk@example.com", reminderHours: 0 }),
    ).toBe("1 bay per time slot. New requests are e-mailed to desk@example.com. No reminders are sent.");
    expect(
      savedSettingsText({ ...settings, notifyEmail: "desk@example.com" }, { ...settings, cancelWindowHours: 0 }),
    ).toBe("New requests are e-mailed to nobody. Customers can cancel or reschedule until the visit.");
  });

  it("reads the form's values as typed (text) against the saved numbers", () => {
    expect(savedSettingsText({ ...settings, bays: "3" }, settings)).toBe("Nothing changed.");
  });
});
