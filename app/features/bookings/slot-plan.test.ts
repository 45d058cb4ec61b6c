import { describe, expect, it } from "vitest";
import { BAY_SLOTS } from "./bookings.schema";
import { dayWindows, occupiedSlots, offeredArrival, slotHolders, slotPlan } from "./slot-plan";
import { DEFAULT_SHOP_HOURS, hhmm, type ShopHours } from "./shop-hours";

const SATURDAY = "2026-05-30";
const SUNDAY = "2026-05-31";
const MONDAY = "2026-06-01";
const fitting = (date: string, minutes: number) =>
  BAY_SLOTS.filter((slot) => slotPlan(date, slot, minutes).fits).map((slot) => slot.slice(0, 5));

describe("slotPlan", () => {
  it("offers no 17:00 arrival on Sunday, which closes at 5 PM, even for a short wash", () => {
    expect(fitting(SUNDAY, 30)).toEqual(["09:00", "11:00", "13:00", "15:00"]);
  });

  it("offers 17:00 Monday to Saturday only to a service that ends by 6 PM", () => {
    expect(fitting(MONDAY, 60)).toContain("17:00");
    expect(fitting(SATURDAY, 60)).toContain("17:00");
    expect(fitting(MONDAY, 120)).not.toContain("17:00");
  });

  it("offers a 4-hour service Monday to Saturday at 09, 11 and 13, and on Sunday too: 13:00 + 4 h ends at 5 PM", () => {
    expect(fitting(MONDAY, 240)).toEqual(["09:00", "11:00", "13:00"]);
    expect(fitting(SATURDAY, 240)).toEqual(["09:00", "11:00", "13:00"]);
    expect(fitting(SUNDAY, 240)).toEqual(["09:00", "11:00", "13:00"]);
  });

  it("says 'Anytime' fits and holds no slot", () => {
    expect(slotPlan(SUNDAY, "Anytime", 240)).toEqual({ occupies: [], fits: true, arrive: null });
  });
});

describe("slotPlan: the arrival window for a service", () => {
  const arrive = (date: string, slot: string, minutes: number, shop?: ShopHours) => {
    const plan = slotPlan(date, slot, minutes, shop);
    return plan.arrive && `${hhmm(plan.arrive.start)}–${hhmm(plan.arrive.end)}`;
  };

  it("is the time the car must arrive in: a 30-minute wash arrives 5–5:30 PM when the shop closes at 6", () => {
    expect(arrive(MONDAY, "17:00–19:00", 30)).toBe("17:00–17:30");
    expect(arrive(MONDAY, "15:00–17:00", 30)).toBe("15:00–17:00");
    expect(arrive(MONDAY, "13:00–15:00", 240)).toBe("13:00–14:00");
  });

  it("offers no window to a service that cannot finish by closing, however early it arrives in it", () => {
    expect(arrive(MONDAY, "15:00–17:00", 240)).toBeNull();
    expect(arrive(SUNDAY, "15:00–17:00", 121)).toBeNull();
    expect(arrive(SUNDAY, "15:00–17:00", 120)).toBe("15:00–15:00");
  });

  it("never lets the latest arrival plus the service's length pass closing, for every window and length", () => {
    for (const date of [SATURDAY, SUNDAY, MONDAY])
      for (const slot of BAY_SLOTS)
        for (let minutes = 5; minutes <= 720; minutes += 5) {
          const plan = slotPlan(date, slot, minutes);
          const closes = date === SUNDAY ? 17 * 60 : 18 * 60;
          if (plan.arrive) expect(plan.arrive.end + minutes, `${date} ${slot} ${minutes}`).toBeLessThanOrEqual(closes);
          else expect(Number(slot.slice(0, 2)) * 60 + minutes, `${date} ${slot} ${minutes}`).toBeGreaterThan(closes);
        }
  });

  it("follows the settings: an 8 AM window, a 5 PM closing, a day the shop is closed", () => {
    const shop: ShopHours = {
      ...DEFAULT_SHOP_HOURS,
      openingHours: DEFAULT_SHOP_HOURS.openingHours.map((day, i) =>
        i === 1 ? { open: true, opens: "08:00", closes: "17:00" } : i === 2 ? { ...day, open: false } : day,
      ),
      arrivalWindows: [
        { start: "08:00", end: "10:00" },
        { start: "10:00", end: "12:00" },
        { start: "16:00", end: "18:00" },
      ],
    };
    expect(arrive(MONDAY, "08:00–10:00", 30, shop)).toBe("08:00–10:00");
    expect(arrive(MONDAY, "16:00–18:00", 30, shop)).toBe("16:00–16:30");
    expect(arrive(MONDAY, "16:00–18:00", 61, shop)).toBeNull();
    // Not one of the settings' windows any more: not offered.
    expect(arrive(MONDAY, "09:00–11:00", 30, shop)).toBeNull();
    expect(arrive("2026-06-02", "08:00–10:00", 30, shop)).toBeNull();
  });
});

describe("dayWindows", () => {
  it("draws the windows that start before the day's closing, and any a stored booking still holds", () => {
    expect(dayWindows(SUNDAY, DEFAULT_SHOP_HOURS)).toEqual(BAY_SLOTS.slice(0, 4));
    expect(dayWindows(MONDAY, DEFAULT_SHOP_HOURS)).toEqual(BAY_SLOTS);
    expect(dayWindows(SUNDAY, DEFAULT_SHOP_HOURS, ["17:00–19:00", "Anytime"])).toEqual(BAY_SLOTS);
  });
});

describe("occupiedSlots", () => {
  it("holds every slot the service's time overlaps, in slot order", () => {
    expect(occupiedSlots("09:00–11:00", 30)).toEqual(["09:00–11:00"]);
    expect(occupiedSlots("09:00–11:00", 120)).toEqual(["09:00–11:00"]);
    expect(occupiedSlots("09:00–11:00", 121)).toEqual(["09:00–11:00", "11:00–13:00"]);
    expect(occupiedSlots("13:00–15:00", 240)).toEqual(["13:00–15:00", "15:00–17:00"]);
    expect(occupiedSlots("11:00–13:00", 300)).toEqual(["11:00–13:00", "13:00–15:00", "15:00–17:00"]);
  });
});

describe("slotHolders", () => {
  it("names exactly the stored bookings occupiedSlots puts in the slot, for every arrival and length", () => {
    for (const slot of BAY_SLOTS)
      for (const arrival of BAY_SLOTS)
        for (let minutes = 5; minutes <= 720; minutes += 5) {
          const holds = slotHolders(slot).some((h) => h.arrival === arrival && minutes > h.longerThan);
          expect(holds, `${arrival} for ${minutes} min in ${slot}`).toBe(
            occupiedSlots(arrival, minutes).includes(slot),
          );
        }
  });

  it("counts a 2-hour wash arriving at 09:00 in its own slot only, a 4-hour one in the next too", () => {
    expect(slotHolders("11:00–13:00")).toEqual([
      { arrival: "09:00–11:00", longerThan: 120 },
      { arrival: "11:00–13:00", longerThan: 0 },
    ]);
    expect(slotHolders("Anytime")).toEqual([]);
  });
});

describe("offeredArrival: the window a booking's car is told to arrive in (issue 43)", () => {
  it("is slotPlan's window: a 5 hr 25 min visit arrives 11 AM–12:35 PM on a day that closes at 6", () => {
    expect(offeredArrival(MONDAY, "11:00–13:00", 325)).toEqual({ start: "11:00", end: "12:35" });
    expect(offeredArrival(MONDAY, "09:00–11:00", 325)).toEqual({ start: "09:00", end: "11:00" });
    // Sunday closes at 5: an hour less.
    expect(offeredArrival(SUNDAY, "09:00–11:00", 325)).toEqual({ start: "09:00", end: "11:00" });
    expect(offeredArrival(SUNDAY, "11:00–13:00", 325)).toEqual({ start: "11:00", end: "11:35" });
  });

  it("follows the shop's hours: the window starts at opening, and the closing time is the day's", () => {
    const late: ShopHours = {
      ...DEFAULT_SHOP_HOURS,
      openingHours: DEFAULT_SHOP_HOURS.openingHours.map((day) => ({ ...day, opens: "10:00", closes: "16:00" })),
    };
    expect(offeredArrival(MONDAY, "09:00–11:00", 60, late)).toEqual({ start: "10:00", end: "11:00" });
    expect(offeredArrival(MONDAY, "13:00–15:00", 120, late)).toEqual({ start: "13:00", end: "14:00" });
  });

  it("is the slot's own hours where slotPlan offers none, and none for 'Anytime'", () => {
    // Staff may book past closing (decision 009): the car is told the slot.
    expect(offeredArrival(MONDAY, "15:00–17:00", 240)).toEqual({ start: "15:00", end: "17:00" });
    // A window the settings have since dropped.
    expect(offeredArrival(MONDAY, "10:00–12:00", 30)).toEqual({ start: "10:00", end: "12:00" });
    expect(offeredArrival(MONDAY, "Anytime", 30)).toBeNull();
  });

  it("agrees with slotPlan for every window and length", () => {
    for (const date of [SATURDAY, SUNDAY, MONDAY])
      for (const slot of BAY_SLOTS)
        for (let minutes = 5; minutes <= 720; minutes += 5) {
          const { arrive } = slotPlan(date, slot, minutes);
          const told = offeredArrival(date, slot, minutes);
          if (arrive) expect(told).toEqual({ start: hhmm(arrive.start), end: hhmm(arrive.end) });
          else expect(told).toEqual({ start: slot.slice(0, 5), end: slot.slice(6) });
        }
  });
});
