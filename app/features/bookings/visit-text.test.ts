import { describe, expect, it } from "vitest";
import {
  arrivalText,
  arrivalWindow,
  arriveBetween,
  bookingReference,
  dateWithYear,
  dayAndWindow,
  finishTime,
  friendlyDate,
  lengthAndFinish,
  momentText,
  readyWhen,
  serviceText,
  toldArrival,
  visitDayAndWindow,
  visitWindow,
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
    // A Spanish page's (issue 49).
    expect(arrivalWindow("09:00–11:00", "es")).toBe("9–11 a.\u00a0m.");
    expect(arrivalWindow("11:00–13:00", "es")).toBe("11 a.\u00a0m.–1 p.\u00a0m.");
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

  it("say the window a booking's car must arrive in: its offered window, shortened to finish by closing (issue 43)", () => {
    const long = { preferredTimeSlot: "11:00–13:00", arrival: { start: "11:00", end: "12:35" } };
    expect(visitWindow(long)).toBe("11 AM–12:35 PM");
    expect(visitDayAndWindow({ ...long, preferredDate: "2026-12-03" })).toBe("Thu, Dec 3, 11 AM–12:35 PM");
    expect(visitWindow({ preferredTimeSlot: "09:00–11:00", arrival: { start: "09:00", end: "11:00" } })).toBe(
      "9–11 AM",
    );
    expect(arrivalText({ start: "17:00", end: "17:30" })).toBe("5–5:30 PM");
    // The latest arrival is the window's start: one time.
    expect(arrivalText({ start: "15:00", end: "15:00" })).toBe("3 PM");
    expect(arriveBetween({ start: "11:00", end: "12:35" })).toBe("Arrive between 11 AM–12:35 PM");
    expect(arriveBetween({ start: "15:00", end: "15:00" })).toBe("Arrive at 3 PM");
    // 'Anytime' keeps its words.
    expect(visitWindow({ preferredTimeSlot: "Anytime", arrival: null })).toBe("Anytime");
    expect(visitDayAndWindow({ preferredDate: "2026-12-03", preferredTimeSlot: "Anytime", arrival: null })).toBe(
      "Thu, Dec 3, any time",
    );
  });

  it("say a stored e-mail's window: its arrival, or the slot's hours in one stored before bookings said it", () => {
    expect(toldArrival({ preferredTimeSlot: "11:00–13:00", arrival: { start: "11:00", end: "12:35" } })).toEqual({
      start: "11:00",
      end: "12:35",
    });
    expect(toldArrival({ preferredTimeSlot: "11:00–13:00" })).toEqual({ start: "11:00", end: "13:00" });
    expect(toldArrival({ preferredTimeSlot: "Anytime" })).toBeNull();
  });

  it("say when the job is done: from the earliest arrival plus the length to the latest plus it", () => {
    const at = (start: string, end: string, minutes: number) => ({ arrival: { start, end }, minutes });
    expect(finishTime(at("09:00", "11:00", 30))).toBe("9:30–11:30 AM");
    expect(finishTime(at("11:00", "13:00", 120))).toBe("1–3 PM");
    expect(finishTime(at("09:00", "11:00", 90))).toBe("10:30 AM–12:30 PM");
    // A 5 hr 25 min visit: 9–11 AM gives 2:25–4:25 PM; 11 AM–12:35 PM (the shop closes at 6) gives 4:25–6 PM.
    expect(finishTime(at("09:00", "11:00", 325))).toBe("2:25–4:25 PM");
    expect(readyWhen(at("09:00", "11:00", 325))).toBe("between 2:25 and 4:25 PM");
    expect(readyWhen(at("11:00", "12:35", 325))).toBe("between 4:25 and 6 PM");
    expect(readyWhen(at("09:00", "11:00", 90))).toBe("between 10:30 AM and 12:30 PM");
    // One time to arrive at: one time it is ready.
    expect(finishTime(at("15:00", "15:00", 120))).toBe("5 PM");
    expect(readyWhen(at("15:00", "15:00", 120))).toBe("around 5 PM");
    // Not known until the car is given a time.
    expect(finishTime({ arrival: null, minutes: 30 })).toBeNull();
    expect(readyWhen({ arrival: null, minutes: 30 })).toBeNull();
    // A Spanish page's: each hour with its article ("la 1", "las 2").
    expect(readyWhen(at("09:00", "11:00", 325), "es")).toBe("entre las 2:25 y las 4:25 p.\u00a0m.");
    expect(readyWhen(at("09:00", "11:00", 90), "es")).toBe("entre las 10:30 a.\u00a0m. y las 12:30 p.\u00a0m.");
    expect(readyWhen(at("11:00", "11:00", 120), "es")).toBe("alrededor de la 1 p.\u00a0m.");
    expect(readyWhen({ arrival: null, minutes: 30 }, "es")).toBeNull();
  });

  it("say the job and its length in one line", () => {
    expect(lengthAndFinish({ arrival: { start: "13:00", end: "15:00" }, minutes: 90 })).toBe(
      "1 hr 30 min · ready between 2:30 and 4:30 PM",
    );
    expect(lengthAndFinish({ arrival: { start: "11:00", end: "12:35" }, minutes: 325 })).toBe(
      "5 hr 25 min · ready between 4:25 and 6 PM",
    );
    expect(lengthAndFinish({ arrival: null, minutes: 240 })).toBe("4 hr");
    expect(serviceText({ serviceType: "Hand Wash", packageName: null })).toBe("Hand Wash");
    // A package names the work booked (decision 048): it is for its own service.
    expect(serviceText({ serviceType: "Full Detail", packageName: "Platinum Full Detail" })).toBe(
      "Platinum Full Detail",
    );
  });
});
