import { describe, expect, it } from "vitest";
import { formatLength, lengthText, minutesFromDuration } from "./service-length";

describe("formatLength", () => {
  it("names minutes and hours as customers read them", () => {
    expect(formatLength(30)).toBe("30 min");
    expect(formatLength(60)).toBe("1 hr");
    expect(formatLength(90)).toBe("1 hr 30 min");
    expect(formatLength(240)).toBe("4 hr");
  });
});

describe("minutesFromDuration", () => {
  it("reads the catalogue's duration texts", () => {
    expect(minutesFromDuration("30 minutes")).toBe(30);
    expect(minutesFromDuration("1 hour")).toBe(60);
    expect(minutesFromDuration("4 hours")).toBe(240);
    expect(minutesFromDuration("about 4 hours")).toBe(240);
    expect(minutesFromDuration("1.5 hours")).toBe(90);
    expect(minutesFromDuration("1 hr 30 min")).toBe(90);
    expect(minutesFromDuration("25 mins")).toBe(25);
  });

  it("gives an hour for text it cannot read, and keeps within 5 minutes to 12 hours", () => {
    expect(minutesFromDuration("nothing")).toBe(60);
    expect(minutesFromDuration(null)).toBe(60);
    expect(minutesFromDuration("1 minute")).toBe(5);
    expect(minutesFromDuration("48 hours")).toBe(720);
  });
});

describe("lengthText", () => {
  it("uses the package's own words, and its length when it has none", () => {
    expect(lengthText({ duration: "about 4 hours", minutes: 240 })).toBe("about 4 hours");
    expect(lengthText({ duration: null, minutes: 90 })).toBe("1 hr 30 min");
    expect(lengthText({ duration: "  ", minutes: 45 })).toBe("45 min");
  });
});
