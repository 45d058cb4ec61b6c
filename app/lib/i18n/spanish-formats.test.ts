import { describe, expect, it } from "vitest";
import { dateWithYear, friendlyDate, longDate, momentText } from "~/lib/day-text";
import {
  formatClock,
  formatClockSpan,
  formatPeriod,
  openStatus,
  periodDays,
  timeInSentence,
} from "~/lib/opening-hours";
import { formatLength } from "~/lib/service-length";

/** Spanish pages say days, times and lengths in Spanish (issue 49); money stays "$54.99". */
describe("Spanish forms", () => {
  it("days: short and long", () => {
    expect(friendlyDate("2026-11-28", "es")).toBe("sáb, 28 nov");
    expect(longDate("2026-12-12", "es")).toBe("sábado, 12 de diciembre");
    expect(friendlyDate("2026-11-28")).toBe("Sat, Nov 28");
  });

  it("a day with its year, and a moment (a member's club card, a booking's request)", () => {
    expect(dateWithYear("2026-12-29", "es")).toBe("mar, 29 dic 2026");
    expect(dateWithYear("2026-12-29")).toBe("Tue, Dec 29, 2026");
    // 21:55 UTC is 4:55 PM in New York.
    expect(momentText("2026-11-29T21:55:00Z", "America/New_York", "es")).toBe("dom, 29 nov, 4:55 p.\u00a0m.");
    expect(momentText("2026-11-29T21:55:00Z", "America/New_York")).toBe("Sun, Nov 29, 4:55 PM");
  });

  it("times, spans and opening periods", () => {
    expect(formatClockSpan(9 * 60, 11 * 60, "–", "es")).toBe("9–11 a.\u00a0m.");
    expect(formatClockSpan(11 * 60, 12 * 60 + 35, "–", "es")).toBe("11 a.\u00a0m.–12:35 p.\u00a0m.");
    expect(formatPeriod({ opens: 8 * 60, closes: 18 * 60 }, "es")).toBe("8 a.\u00a0m.–6 p.\u00a0m.");
    expect(periodDays({ label: "Mon–Sat", days: [1, 2, 3, 4, 5, 6] }, "es")).toBe("lun–sáb");
    expect(periodDays({ label: "Sun", days: [0] }, "es")).toBe("dom");
  });

  it("a time in a sentence takes its hour's article: one o'clock is singular", () => {
    expect(timeInSentence(formatClock(13 * 60 + 15, "es"), "es")).toBe("la 1:15 p.\u00a0m.");
    expect(timeInSentence(formatClock(13 * 60, "es"), "es")).toBe("la 1 p.\u00a0m.");
    expect(timeInSentence(formatClock(11 * 60, "es"), "es")).toBe("las 11 a.\u00a0m.");
    expect(timeInSentence(formatClock(22 * 60 + 10, "es"), "es")).toBe("las 10:10 p.\u00a0m.");
    expect(timeInSentence(formatClock(13 * 60), "en")).toBe("1 PM");
  });

  it("whether the shop is open, on its own clock", () => {
    // Saturday 2026-11-28, 15:00 in New York (20:00 UTC): open until 6 PM.
    expect(openStatus(new Date("2026-11-28T20:00:00Z"), "America/New_York", undefined, "es")).toEqual({
      open: true,
      detail: "Cierra a las 6 p.\u00a0m.",
    });
    // Saturday 23:00 in New York: Sunday opens at 8 AM.
    expect(openStatus(new Date("2026-11-29T04:00:00Z"), "America/New_York", undefined, "es").detail).toBe(
      "Abre mañana a las 8 a.\u00a0m.",
    );
  });

  it("lengths", () => {
    expect(formatLength(90, "es")).toBe("1 h 30 min");
    expect(formatLength(240, "es")).toBe("4 h");
    expect(formatLength(90)).toBe("1 hr 30 min");
  });
});
