import { describe, expect, it } from "vitest";
import { addDays, businessToday, zonedFormatter, zonedTimeToUtc, zoneName } from "./business-date";

describe("businessToday", () => {
  it("is the date on the business's clock, not the server's", () => {
    // 03:30 UTC on 2 March is still 1 March in New York, already 2 March in Tokyo.
    const at = new Date("2026-03-02T03:30:00Z");
    expect(businessToday("America/New_York", at)).toBe("2026-03-01");
    expect(businessToday("Asia/Tokyo", at)).toBe("2026-03-02");
  });

  it("keeps each zone's formatter apart, whichever zone asked last", () => {
    const at = new Date("2026-03-02T03:30:00Z");
    for (let round = 0; round < 2; round++) {
      expect(businessToday("Asia/Tokyo", at)).toBe("2026-03-02");
      expect(businessToday("America/New_York", at)).toBe("2026-03-01");
      expect(zonedTimeToUtc("2026-03-02", "09:00", "Asia/Tokyo").toISOString()).toBe("2026-03-02T00:00:00.000Z");
      expect(zonedTimeToUtc("2026-03-02", "09:00", "America/New_York").toISOString()).toBe("2026-03-02T14:00:00.000Z");
    }
  });

  it("turns at the zone's midnight, not a minute late, though it is worked out once a minute", () => {
    // New York's midnight of 2 March is 05:00 UTC; Kolkata's (UTC+5:30) is 18:30 UTC the day before.
    expect(businessToday("America/New_York", new Date("2026-03-02T04:59:59.999Z"))).toBe("2026-03-01");
    expect(businessToday("America/New_York", new Date("2026-03-02T05:00:00.000Z"))).toBe("2026-03-02");
    expect(businessToday("Asia/Kolkata", new Date("2026-03-01T18:29:59.999Z"))).toBe("2026-03-01");
    expect(businessToday("Asia/Kolkata", new Date("2026-03-01T18:30:00.000Z"))).toBe("2026-03-02");
    // Within one minute, each zone its own date.
    const at = new Date("2026-03-02T03:30:10Z");
    expect(businessToday("Asia/Tokyo", at)).toBe("2026-03-02");
    expect(businessToday("America/New_York", new Date(at.getTime() + 1_000))).toBe("2026-03-01");
  });
});

describe("zonedTimeToUtc", () => {
  it("reads the wall clock of the business's zone in winter and in summer", () => {
    expect(zonedTimeToUtc("2026-11-23", "09:00", "America/New_York").toISOString()).toBe("2026-11-23T14:00:00.000Z");
    expect(zonedTimeToUtc("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedTimeToUtc("2026-07-01", "17:00", "Europe/London").toISOString()).toBe("2026-07-01T16:00:00.000Z");
    expect(zonedTimeToUtc("2026-07-01", "09:00", "Asia/Kolkata").toISOString()).toBe("2026-07-01T03:30:00.000Z");
  });

  it("remembers answers per zone, date and time, and stays right once its memory is full and emptied", () => {
    const wall = ["2026-07-01", "09:00"] as const;
    expect(zonedTimeToUtc(...wall, "Europe/London").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(zonedTimeToUtc(...wall, "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    // More distinct dates than it keeps (requests choose them): the earlier answers are asked again.
    for (let day = 0; day < 10_001; day++) zonedTimeToUtc(addDays("2030-01-01", day), "11:00", "Asia/Tokyo");
    expect(zonedTimeToUtc(...wall, "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedTimeToUtc(...wall, "Europe/London").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    // Each caller gets its own Date: changing one does not change the remembered answer.
    zonedTimeToUtc(...wall, "Europe/London").setUTCHours(0);
    expect(zonedTimeToUtc(...wall, "Europe/London").toISOString()).toBe("2026-07-01T08:00:00.000Z");
  });

  it("gets the day of a clock change right on both sides of the change", () => {
    // New York moves from UTC−5 to UTC−4 at 02:00 on 8 March 2026 and back on 1 November.
    expect(zonedTimeToUtc("2026-03-08", "01:00", "America/New_York").toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(zonedTimeToUtc("2026-03-08", "09:00", "America/New_York").toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(zonedTimeToUtc("2026-11-01", "09:00", "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
  });
});

describe("addDays", () => {
  it("crosses month and year ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-10", -10)).toBe("2026-02-28");
  });
});

describe("zonedFormatter", () => {
  it("makes one formatter per locale, zone and options, never shared across zones or options", () => {
    const ny = { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" } as const;
    expect(zonedFormatter("en-US", ny)).toBe(zonedFormatter("en-US", { ...ny }));
    const la = zonedFormatter("en-US", { ...ny, timeZone: "America/Los_Angeles" });
    expect(la).not.toBe(zonedFormatter("en-US", ny));
    const noon = new Date("2026-07-01T16:00:00Z");
    expect(zonedFormatter("en-US", ny).format(noon)).toBe("12");
    expect(la.format(noon)).toBe("09");
    // Same zone and hour cycle, other fields: a formatter of its own (a key of zone alone mixed them up).
    expect(zonedFormatter("en-US", { ...ny, minute: "2-digit" }).format(noon)).toBe("12:00");
  });

  it("names each zone as it is at the instant", () => {
    expect(zoneName("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("Eastern Standard Time");
    expect(zoneName("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe("Eastern Daylight Time");
    expect(zoneName("America/Los_Angeles", new Date("2026-07-15T12:00:00Z"))).toBe("Pacific Daylight Time");
  });

  it("remembers a name per zone and instant: the same instant asked in another zone, or the same zone in another season, is named anew", () => {
    const summer = new Date("2026-07-15T12:00:00Z");
    for (let round = 0; round < 2; round++) {
      expect(zoneName("America/New_York", summer)).toBe("Eastern Daylight Time");
      expect(zoneName("Europe/London", summer)).toBe("British Summer Time");
      expect(zoneName("America/New_York", new Date("2026-12-15T12:00:00Z"))).toBe("Eastern Standard Time");
    }
    // Past its bound the memory empties and answers stay right.
    for (let i = 0; i < 1_100; i++) zoneName("Asia/Tokyo", new Date(Date.UTC(2026, 0, 1) + i * 60_000));
    expect(zoneName("Europe/London", summer)).toBe("British Summer Time");
  });
});
