import { buildShownBooking } from "../../../tests/factories";
import { describe, expect, it } from "vitest";
import { bookingCalendar, escapeText, type CalendarPlace } from "./booking-calendar";
import type { Booking } from "./bookings.schema";
import { expectBookingCalendarLines } from "../../../tests/calendar-file";

const place: CalendarPlace = {
  name: "Sparkle Hand Car Wash",
  address: "1250 Harbor Boulevard, Springfield, NY 10001",
  phone: "(555) 123-4567",
  timeZone: "America/New_York",
  host: "wash.example",
};

const booking: Booking = buildShownBooking({
  _id: "6561f0a1b2c3d4e5f6a7b8c9",
  fullName: "Morgan Lee",
  phone: "(555) 410-7788",
  email: "morgan@example.com",
  vehicleType: "Sedan",
  vehicleYear: null,
  serviceType: "Exterior Wash",
  packageName: "Premium Shine",
  packagePrice: 289,
  finalPrice: 289,
  preferredDate: "2026-12-01",
  preferredTimeSlot: "13:00–15:00",
  minutes: 120,
  createdAt: "2026-11-20T10:00:00.000Z",
});

const INJECTED = "ATTENDEE:mailto:evil@evil.test";

function calendarOf(overrides: Partial<Booking>, at: CalendarPlace = place) {
  return bookingCalendar({ ...booking, ...overrides }, at, new Date("2026-11-21T12:00:00Z"), 3);
}

describe("calendar file injection: every text value is escaped and folded (RFC 5545)", () => {
  it.each([
    ["a lone CR", `Deluxe\r${INJECTED}`],
    ["a lone LF", `Deluxe\n${INJECTED}`],
    ["CRLF", `Deluxe\r\n${INJECTED}`],
    ["CR CR LF", `Deluxe\r\r\n${INJECTED}`],
    ["Unicode line breaks", `Deluxe\u2028${INJECTED}\u2029${INJECTED}\u0085${INJECTED}`],
    ["other control characters", `Deluxe\u0000\u0007\u000b\u000c\u001b\u007f\u009b${INJECTED}`],
  ])("%s in a package, name, vehicle, service and the site's own texts adds no property", (_, payload) => {
    const ics = calendarOf(
      { packageName: payload, fullName: payload, vehicleType: payload, serviceType: payload },
      { ...place, name: payload, address: payload, phone: payload, host: payload },
    );
    const properties = expectBookingCalendarLines(ics);
    expect(ics).not.toMatch(/[\r\n]ATTENDEE/);
    expect(properties.get("DESCRIPTION")).toContain("Deluxe");
    expect(properties.get("DESCRIPTION")).toContain(INJECTED);
  });

  it("a long text of multi-byte characters folds at 75 octets between characters, and unfolds to itself", () => {
    const name = "Lavage premium 🚗✨ – Ünïcödé 洗車 ".repeat(12);
    const ics = calendarOf({ packageName: name });
    const properties = expectBookingCalendarLines(ics);
    expect(ics.split("\r\n").filter((line) => line.startsWith(" ")).length).toBeGreaterThan(5);
    expect(properties.get("DESCRIPTION")).toContain(escapeText(name));
  });
});

describe("escapeText", () => {
  it("escapes backslash, semicolon and comma, writes line breaks as \\n and drops other controls", () => {
    expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeText("one\r\ntwo\rthree\nfour")).toBe("one\\ntwo\\nthree\\nfour");
    expect(escapeText("tab\there\u0000\u001b\u007fend")).toBe("tab hereend");
    expect(escapeText("Ünïcödé 洗車 🚗")).toBe("Ünïcödé 洗車 🚗");
  });
});

describe("the event's times (issue 43)", () => {
  const times = (overrides: Partial<Booking>) => {
    const lines = calendarOf(overrides).split("\r\n");
    return lines.filter((line) => /^DT(START|END)/.test(line));
  };

  it("span the window the car must arrive in: its slot, shortened so the visit is done by closing", () => {
    // 1 PM to 3 PM Eastern on Dec 1 is 18:00 to 20:00 UTC.
    expect(times({})).toEqual(["DTSTART:20261201T180000Z", "DTEND:20261201T200000Z"]);
    // 11 AM–12:35 PM for a 5 hr 25 min visit on a day that closes at 6.
    const long = { preferredTimeSlot: "11:00–13:00", minutes: 325, arrival: { start: "11:00", end: "12:35" } };
    expect(times(long)).toEqual(["DTSTART:20261201T160000Z", "DTEND:20261201T173500Z"]);
  });

  it("have no end when the car must arrive at one time (DTEND must come after DTSTART), and span the day for Anytime", () => {
    expect(times({ arrival: { start: "15:00", end: "15:00" } })).toEqual(["DTSTART:20261201T200000Z"]);
    expect(times({ preferredTimeSlot: "Anytime", arrival: null })).toEqual([
      "DTSTART;VALUE=DATE:20261201",
      "DTEND;VALUE=DATE:20261202",
    ]);
  });
});
