import { describe, expect, it } from "vitest";
import type { DueVehicle } from "./service-records.schema";
import { DEFAULT_OIL_TYPES } from "./follow-ups.schema";
import {
  bookedOil,
  dayText,
  guessOilType,
  milesText,
  nextDueText,
  oilPriceNote,
  oilTypeId,
  serviceDueCsv,
} from "./service-record-text";

describe("how a next oil change is said", () => {
  it("reads a calendar day as that day, in any zone", () => {
    expect(dayText("2027-03-03")).toBe("Mar 3, 2027");
    expect(dayText("2027-12-31")).toBe("Dec 31, 2027");
  });

  it("says the date or the mileage, whichever comes first", () => {
    expect(milesText(41_500)).toBe("41,500 miles");
    expect(nextDueText({ nextDueDate: "2027-03-03", nextDueMileage: 41_500 })).toBe("Mar 3, 2027 or 41,500 miles");
  });
});

describe("the due list's CSV", () => {
  const vehicle: DueVehicle = {
    recordId: "r1",
    bookingId: "b1",
    fullName: "Ann Lee",
    phone: "+1 555 010 2000",
    email: "ann@example.com",
    vehicle: "Silver Honda CR-V (SUV, 2020)",
    plate: "ABC 123",
    nextDueDate: "2027-03-03",
    nextDueMileage: 41_500,
    lastVisit: "2026-12-03",
    lastOdometer: 38_500,
    oilName: "Conventional",
    overdue: false,
    booked: false,
  };

  it("has the byte-order mark, a header, and one row per vehicle saying its state", () => {
    const csv = serviceDueCsv([vehicle, { ...vehicle, overdue: true }, { ...vehicle, overdue: true, booked: true }]);
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFDue date,Due mileage,State,Full name,Phone,Email,Vehicle,Plate,Last visit,Odometer at last visit,Oil",
      '2027-03-03,41500,Due soon,Ann Lee,\'+1 555 010 2000,ann@example.com,"Silver Honda CR-V (SUV, 2020)",ABC 123,2026-12-03,38500,Conventional',
      expect.stringContaining(",Overdue,"),
      expect.stringContaining(",Booked,"),
      "",
    ]);
  });
});

describe("a new oil type's id", () => {
  it("is made of its name's letters and digits", () => {
    expect(oilTypeId("Diesel 5W-40", [])).toBe("diesel-5w-40");
    expect(oilTypeId("  Élite  Synthetic! ", [])).toBe("elite-synthetic");
    expect(oilTypeId("???", [])).toBe("oil");
  });

  it("differs from every id taken, and stays short enough to store", () => {
    expect(oilTypeId("Conventional", ["conventional"])).toBe("conventional-2");
    expect(oilTypeId("Conventional", ["conventional", "conventional-2"])).toBe("conventional-3");
    expect(oilTypeId("x".repeat(80), []).length).toBeLessThanOrEqual(32);
  });
});

describe("the oil a visit names", () => {
  const line = (label: string) => ({ label });
  it("is the oil type its package or add-on names, the longest name that fits", () => {
    expect(guessOilType([line("Full Synthetic Oil Change (Small)")], DEFAULT_OIL_TYPES)).toBe("full-synthetic");
    expect(guessOilType([line("Quick Lube & Conventional Oil (Large)")], DEFAULT_OIL_TYPES)).toBe("conventional");
    const more = [...DEFAULT_OIL_TYPES, { id: "synthetic", name: "Synthetic", months: 6, miles: 7000, price: 30 }];
    expect(guessOilType([line("Hand Wash (Small)"), line("Synthetic blend top-up")], more)).toBe("synthetic-blend");
  });

  it("is none when no line names one: staff choose", () => {
    expect(guessOilType([line("Oil Change (Medium)")], DEFAULT_OIL_TYPES)).toBe("");
    expect(guessOilType([], DEFAULT_OIL_TYPES)).toBe("");
  });
});

describe("the oil booked and the oil used", () => {
  it("starts from the booking's own oil, and says what a different one does to the price", () => {
    const booking = { oilType: "synthetic-blend", lines: [{ label: "Oil Change (Small)" }] };
    expect(bookedOil(booking, DEFAULT_OIL_TYPES)).toBe("synthetic-blend");
    expect(bookedOil({ oilType: null, lines: [{ label: "Full synthetic oil" }] }, DEFAULT_OIL_TYPES)).toBe(
      "full-synthetic",
    );
    expect(oilPriceNote("conventional", "full-synthetic", DEFAULT_OIL_TYPES)).toBe(
      "Booked with Conventional: Full synthetic costs $35 more. Tell the customer the price changed.",
    );
    expect(oilPriceNote("full-synthetic", "synthetic-blend", DEFAULT_OIL_TYPES)).toBe(
      "Booked with Full synthetic: Synthetic blend costs $20 less. Tell the customer the price changed.",
    );
    expect(oilPriceNote("conventional", "conventional", DEFAULT_OIL_TYPES)).toBeNull();
  });
});
