import { expect } from "vitest";

/** The properties a booking's calendar file holds, in order. */
const BOOKING_CALENDAR_PROPERTIES = [
  ...["BEGIN", "VERSION", "PRODID", "CALSCALE", "METHOD"],
  ...["BEGIN", "UID", "DTSTAMP", "SEQUENCE", "DTSTART", "DTEND", "SUMMARY", "LOCATION", "DESCRIPTION", "STATUS"],
  ...["END", "END"],
];
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks a booking's calendar file line by line as RFC 5545 3.1 has it: every physical line is
 * either the first line of one of the expected properties or a fold's continuation (it starts with
 * a space), at most 75 octets, with no control character and no character split by a fold. Returns
 * the unfolded value of each property.
 */
export function expectBookingCalendarLines(ics: string): Map<string, string> {
  expect(ics.endsWith("\r\n")).toBe(true);
  const lines = ics.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(LONE_SURROGATE);
  }
  const starts = lines.filter((line) => !line.startsWith(" "));
  expect(starts.map((line) => /^[A-Z]+(?=[:;])/.exec(line)?.[0])).toEqual(BOOKING_CALENDAR_PROPERTIES);
  const properties = ics.replace(/\r\n /g, "").slice(0, -2).split("\r\n");
  return new Map(properties.map((p) => [p.slice(0, p.search(/[:;]/)), p.slice(p.indexOf(":") + 1)]));
}
