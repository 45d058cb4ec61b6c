import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHOP_HOURS,
  openingOnWeekday,
  openingPeriods,
  openPartOfWindow,
  shopHoursChangeSchema,
  weekHours,
  type ShopHours,
} from "./shop-hours";

const messages = (shop: ShopHours) => {
  const parsed = shopHoursChangeSchema.safeParse(shop);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("shopHoursChangeSchema", () => {
  it("accepts the specification's hours and windows (the 5–7 PM window is clipped to closing, not refused)", () => {
    expect(messages(DEFAULT_SHOP_HOURS)).toEqual({});
  });

  it("refuses a closing time not after the opening time, in the form's words", () => {
    const openingHours = DEFAULT_SHOP_HOURS.openingHours.map((d, i) => (i === 3 ? { ...d, closes: "08:00" } : d));
    expect(messages({ ...DEFAULT_SHOP_HOURS, openingHours })).toEqual({
      "openingHours.3.closes": "Closing time must be after opening time",
    });
    // A closed day's times are not judged.
    const closed = DEFAULT_SHOP_HOURS.openingHours.map((d, i) =>
      i === 3 ? { open: false, opens: "18:00", closes: "08:00" } : d,
    );
    expect(messages({ ...DEFAULT_SHOP_HOURS, openingHours: closed })).toEqual({});
  });

  it("refuses windows outside the hours, backwards or overlapping", () => {
    const arrivalWindows = [
      { start: "07:00", end: "09:00" },
      { start: "09:00", end: "09:00" },
      { start: "10:00", end: "12:00" },
      { start: "11:00", end: "13:00" },
      { start: "18:00", end: "19:00" },
    ];
    expect(messages({ ...DEFAULT_SHOP_HOURS, arrivalWindows })).toEqual({
      "arrivalWindows.0.start": "The window must start within opening hours",
      "arrivalWindows.1.end": "The window must end after it starts",
      "arrivalWindows.3.start": "Start after the previous window ends",
      "arrivalWindows.4.start": "The window must start within opening hours",
    });
    expect(messages({ ...DEFAULT_SHOP_HOURS, arrivalWindows: [] })).toEqual({
      arrivalWindows: "Add at least one arrival window",
    });
  });

  it("refuses a time that is not one and a week with no open day", () => {
    const openingHours = DEFAULT_SHOP_HOURS.openingHours.map((d) => ({ ...d, open: false }));
    expect(messages({ ...DEFAULT_SHOP_HOURS, openingHours })).toEqual({
      openingHours: "Open the shop on at least one day",
    });
    const badTime = DEFAULT_SHOP_HOURS.openingHours.map((d, i) => (i === 1 ? { ...d, opens: "8am" } : d));
    expect(messages({ ...DEFAULT_SHOP_HOURS, openingHours: badTime })["openingHours.1.opens"]).toBe(
      "Enter a time such as 08:00",
    );
  });
});

describe("openingPeriods", () => {
  it("lists the week as the public pages show it, Monday first, like days together", () => {
    expect(openingPeriods(DEFAULT_SHOP_HOURS)).toEqual([
      { label: "Mon–Sat", days: [1, 2, 3, 4, 5, 6], opens: 480, closes: 1080 },
      { label: "Sun", days: [0], opens: 480, closes: 1020 },
    ]);
    const openingHours = DEFAULT_SHOP_HOURS.openingHours.map((d, i) =>
      i === 3 ? { ...d, open: false } : i === 6 ? { ...d, closes: "14:00" } : d,
    );
    expect(openingPeriods({ openingHours }).map((p) => p.label)).toEqual(["Mon–Tue", "Thu–Fri", "Sat", "Sun"]);
  });
});

describe("openPartOfWindow", () => {
  const tuesday = openingOnWeekday(DEFAULT_SHOP_HOURS, 2);
  const sunday = openingOnWeekday(DEFAULT_SHOP_HOURS, 0);

  it("ends a window at the day's closing, and starts it at its opening", () => {
    expect(openPartOfWindow("17:00–19:00", tuesday)).toBe("17:00–18:00");
    expect(openPartOfWindow("15:00–17:00", sunday)).toBe("15:00–17:00");
    expect(openPartOfWindow("07:00–09:00", tuesday)).toBe("08:00–09:00");
  });

  it("leaves a window the hours hold whole, one wholly outside them, and 'Anytime' as they are", () => {
    expect(openPartOfWindow("09:00–11:00", tuesday)).toBe("09:00–11:00");
    expect(openPartOfWindow("17:00–19:00", sunday)).toBe("17:00–19:00");
    expect(openPartOfWindow("17:00–19:00", undefined)).toBe("17:00–19:00");
    expect(openPartOfWindow("Anytime", tuesday)).toBe("Anytime");
  });

  it("takes the week's widest hours for what is said of every day at once", () => {
    expect(weekHours(DEFAULT_SHOP_HOURS)).toEqual({ opens: 8 * 60, closes: 18 * 60 });
    const closedAllWeek = { openingHours: DEFAULT_SHOP_HOURS.openingHours.map((d) => ({ ...d, open: false })) };
    expect(weekHours(closedAllWeek)).toBeUndefined();
  });
});
