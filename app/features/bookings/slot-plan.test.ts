import { describe, expect, it } from "vitest";
import { BAY_SLOTS } from "./bookings.schema";
import { occupiedSlots, slotHolders, slotPlan } from "./slot-plan";

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
    expect(slotPlan(SUNDAY, "Anytime", 240)).toEqual({ occupies: [], fits: true, ends: null });
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
