import { describe, expect, it } from "vitest";
import {
  bookingFiltersFromSearch,
  bookingFiltersSchema,
  isoDay,
  slotHours,
  TIME_SLOTS,
  fromApiBooking,
  toApiBooking,
  type Booking,
} from "./bookings.schema";

describe("bookingFiltersFromSearch", () => {
  it("reads what the API reads", () => {
    const params = new URLSearchParams({ q: "  ann ", status: "confirmed", from: "2026-05-01", to: "2026-05-31" });
    expect(bookingFiltersFromSearch(params)).toEqual(bookingFiltersSchema.parse(Object.fromEntries(params)));
    expect(bookingFiltersFromSearch(params)).toEqual({
      q: "ann",
      status: "confirmed",
      from: "2026-05-01",
      to: "2026-05-31",
    });
  });

  it("leaves out what the API would refuse, and an empty search", () => {
    const params = new URLSearchParams({ q: "   ", status: "lost", from: "2026-02-30", to: "soon" });
    expect(bookingFiltersFromSearch(params)).toEqual({});
    expect(bookingFiltersFromSearch(new URLSearchParams({ q: "x".repeat(101), status: "pending" }))).toEqual({
      status: "pending",
    });
  });
});

describe("toApiBooking", () => {
  it("names no package 'Package', as the specification's booking does, and keeps a package's name", () => {
    const booking = { _id: "b1", packageName: null, packagePrice: null } as Booking;
    expect(toApiBooking(booking)).toEqual({ _id: "b1", packageName: "Package", packagePrice: null });
    expect(toApiBooking({ ...booking, packageName: "Gold" }).packageName).toBe("Gold");
  });

  it("is undone by fromApiBooking, so screens fed by the API say 'No package'", () => {
    const none = { _id: "b1", packageName: null, packagePrice: null, planId: null } as Booking;
    const gold = { ...none, packageName: "Gold", packagePrice: 4999, planId: "p1" } as Booking;
    for (const booking of [none, gold]) expect(fromApiBooking(toApiBooking(booking))).toEqual(booking);
  });
});

describe("slotHours", () => {
  it("gives every slot but Anytime its hours, as its label reads", () => {
    for (const slot of TIME_SLOTS) {
      const hours = slotHours(slot);
      expect(hours && `${hours.start}–${hours.end}`).toBe(slot === "Anytime" ? undefined : slot);
    }
    // Any window the settings name reads from its label; what is not a window does not.
    expect(slotHours("08:00–10:00")).toEqual({ start: "08:00", end: "10:00" });
    for (const bad of ["10:00–08:00", "8:00–10:00", "08:00-10:00", "24:00–25:00", "Soon"])
      expect(slotHours(bad), bad).toBeUndefined();
  });
});

describe("isoDay", () => {
  // PostgreSQL has no year 0, and a range from 9999-12-31 runs past its last year: both answered 500.
  // The business means 2000 to 2100 (issue 24, finding 4).
  it.each([
    "0000-01-01",
    "0001-01-01",
    "1899-12-31",
    "1999-12-31",
    "2101-01-01",
    "9999-12-31",
    "10000-01-01",
    "2026-02-30",
    "2026-5-31",
  ])("refuses %s with its message", (day) => {
    expect(isoDay.safeParse(day).error?.issues[0]?.message).toBe("Use a date like 2026-05-31");
  });

  it.each(["2000-01-01", "2026-05-31", "2100-12-31", "2028-02-29"])("accepts %s", (day) => {
    expect(isoDay.parse(day)).toBe(day);
  });
});
