import { describe, expect, it } from "vitest";
import {
  arrivalWindow,
  bookingReference,
  dateWithYear,
  dayAndWindow,
  finishTime,
  friendlyDate,
  lengthAndFinish,
  momentText,
  serviceText,
  zoneGenericName,
} from "./visit-text";

describe("visit texts", () => {
  it("say the date as a person does", () => {
    expect(friendlyDate("2026-05-30")).toBe("Sat, May 30");
    // The business's date, whatever the process's zone: a date is never shifted by a day.
    expect(friendlyDate("2026-01-01")).toBe("Thu, Jan 1");
    expect(dateWithYear("2025-12-31")).toBe("Wed, Dec 31, 2025");
    expect(dayAndWindow("2026-11-26", "09:00–11:00")).toBe("Thu, Nov 26, 9–11 AM");
    expect(dayAndWindow("2026-11-26", "Anytime")).toBe("Thu, Nov 26, any time");
  });

  it("say the arrival window with one AM/PM where both ends share it", () => {
    expect(arrivalWindow("09:00–11:00")).toBe("9–11 AM");
    expect(arrivalWindow("11:00–13:00")).toBe("11 AM–1 PM");
    expect(arrivalWindow("17:00–19:00")).toBe("5–7 PM");
    expect(arrivalWindow("Anytime")).toBe("Anytime");
  });

  it("say an instant on the business's clock, and its zone as a customer reads it", () => {
    // 02:05 UTC is still the evening before in New York.
    expect(momentText("2026-11-27T02:05:00Z", "America/New_York")).toBe("Thu, Nov 26, 9:05 PM");
    expect(momentText(new Date("2026-07-01T13:00:00Z"), "America/New_York")).toBe("Wed, Jul 1, 9 AM");
    expect(zoneGenericName("America/New_York")).toBe("Eastern Time");
  });

  it("say references briefly", () => {
    expect(bookingReference("6740a1b2c3d4e5f6a7b8c9d0")).toBe("A7B8C9D0");
  });

  it("say when the job is done: the window's start plus the booking's length", () => {
    expect(finishTime({ preferredTimeSlot: "09:00–11:00", minutes: 30 })).toBe("9:30 AM");
    expect(finishTime({ preferredTimeSlot: "11:00–13:00", minutes: 120 })).toBe("1 PM");
    expect(finishTime({ preferredTimeSlot: "13:00–15:00", minutes: 45 })).toBe("1:45 PM");
    expect(finishTime({ preferredTimeSlot: "09:00–11:00", minutes: 240 })).toBe("1 PM");
    expect(finishTime({ preferredTimeSlot: "11:00–13:00", minutes: 40 })).toBe("11:40 AM");
    // Not known until the car is given a time.
    expect(finishTime({ preferredTimeSlot: "Anytime", minutes: 30 })).toBeNull();
  });

  it("say the job and its length in one line", () => {
    expect(lengthAndFinish({ preferredTimeSlot: "13:00–15:00", minutes: 90 })).toBe(
      "1 hr 30 min · ready around 2:30 PM",
    );
    expect(lengthAndFinish({ preferredTimeSlot: "Anytime", minutes: 240 })).toBe("4 hr");
    expect(serviceText({ serviceType: "Hand Wash", packageName: null })).toBe("Hand Wash");
    expect(serviceText({ serviceType: "Full Detail", packageName: "Platinum Full Detail" })).toBe(
      "Full Detail, Platinum Full Detail",
    );
  });
});
