import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatClockSpan,
  formatPeriod,
  openingHoursSpecification,
  openStatus,
  replyTime,
  zonedClock,
} from "./opening-hours";

const NY = "America/New_York";

describe("zonedClock", () => {
  it("reads the weekday and time on the business's clock, not the server's", () => {
    // 02:30 UTC on a Monday is still Sunday evening in New York (EST, UTC−5).
    expect(zonedClock(new Date("2025-01-13T02:30:00Z"), NY)).toEqual({ day: 0, minutes: 21 * 60 + 30 });
    expect(zonedClock(new Date("2025-01-13T02:30:00Z"), "Asia/Tokyo")).toEqual({ day: 1, minutes: 11 * 60 + 30 });
  });

  it("follows daylight saving time", () => {
    // 12:00 UTC is 8 AM in New York in July (EDT, UTC−4) and 7 AM in January (EST).
    expect(zonedClock(new Date("2025-07-15T12:00:00Z"), NY).minutes).toBe(8 * 60);
    expect(zonedClock(new Date("2025-01-14T12:00:00Z"), NY).minutes).toBe(7 * 60);
  });

  it("reads midnight as minute 0", () => {
    expect(zonedClock(new Date("2025-01-14T05:00:00Z"), NY)).toEqual({ day: 2, minutes: 0 });
  });
});

describe("replyTime", () => {
  it("promises the hour only while the shop is open", () => {
    expect(replyTime(openStatus(new Date("2025-01-14T15:00:00Z"), NY))).toBe("shortly, usually within the hour"); // Tue 10 AM
  });

  it("at midnight, says when the shop opens instead", () => {
    expect(replyTime(openStatus(new Date("2025-01-14T05:00:00Z"), NY))).toBe("when we open, today at 8 AM"); // Tue 0:00
    expect(replyTime(openStatus(new Date("2025-01-20T00:00:00Z"), NY))).toBe("when we open, tomorrow at 8 AM"); // Sun 7 PM
  });
});

describe("openStatus", () => {
  it("is open on a weekday between 8 AM and 6 PM and says when it closes", () => {
    expect(openStatus(new Date("2025-01-14T15:00:00Z"), NY)).toEqual({ open: true, detail: "Closes at 6 PM" }); // Tue 10 AM
  });

  it("closes at 6 PM on Saturday but 5 PM on Sunday", () => {
    expect(openStatus(new Date("2025-01-18T22:30:00Z"), NY).open).toBe(true); // Sat 5:30 PM
    expect(openStatus(new Date("2025-01-19T22:30:00Z"), NY)).toEqual({ open: false, detail: "Opens tomorrow at 8 AM" }); // Sun 5:30 PM
    expect(openStatus(new Date("2025-01-19T21:59:00Z"), NY)).toEqual({ open: true, detail: "Closes at 5 PM" }); // Sun 4:59 PM
  });

  it("is closed before opening and says it opens later today", () => {
    expect(openStatus(new Date("2025-01-14T12:59:00Z"), NY)).toEqual({ open: false, detail: "Opens today at 8 AM" }); // Tue 7:59 AM
    expect(openStatus(new Date("2025-01-14T13:00:00Z"), NY).open).toBe(true); // Tue 8:00 AM
  });

  it("judges the same instant differently in another time zone", () => {
    const instant = new Date("2025-01-14T23:30:00Z"); // 6:30 PM in New York, 3:30 PM in Los Angeles
    expect(openStatus(instant, NY).open).toBe(false);
    expect(openStatus(instant, "America/Los_Angeles").open).toBe(true);
  });

  it("names the next opening day when tomorrow is closed", () => {
    const weekdaysOnly = [{ label: "Mon–Fri", days: [1, 2, 3, 4, 5], opens: 9 * 60, closes: 17 * 60 }];
    expect(openStatus(new Date("2025-01-17T23:00:00Z"), NY, weekdaysOnly)).toEqual({
      open: false,
      detail: "Opens Monday at 9 AM",
    }); // Fri 6 PM
    expect(openStatus(new Date("2025-01-17T23:00:00Z"), NY, [])).toEqual({ open: false, detail: "Closed" });
  });
});

describe("formatting", () => {
  it("writes times the way a sign in the window would", () => {
    expect(formatClock(0)).toBe("12 AM");
    expect(formatClock(8 * 60)).toBe("8 AM");
    expect(formatClock(12 * 60)).toBe("12 PM");
    expect(formatClock(17 * 60 + 30)).toBe("5:30 PM");
    expect(formatPeriod({ opens: 480, closes: 1080 })).toBe("8 AM–6 PM");
  });

  it("writes a span with one AM/PM where both ends share it, and one time when they are one", () => {
    expect(formatClockSpan(9 * 60, 11 * 60)).toBe("9–11 AM");
    expect(formatClockSpan(11 * 60, 12 * 60 + 35)).toBe("11 AM–12:35 PM");
    expect(formatClockSpan(14 * 60 + 25, 16 * 60 + 25, " and ")).toBe("2:25 and 4:25 PM");
    expect(formatClockSpan(15 * 60, 15 * 60)).toBe("3 PM");
  });

  it("describes the hours for structured data", () => {
    expect(openingHoursSpecification()).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "08:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "08:00", closes: "17:00" },
    ]);
  });
});
