import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TOO_LATE } from "~/features/bookings/bookings.server";
import { DEFAULT_SHOP_HOURS, tooFarMessage, type ShopHours } from "~/features/bookings/shop-hours";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, buildBookingRequest, dayAhead, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * The shop's hours in Booking Settings (decision 028): a window is offered only to a service that,
 * arriving by the window's last minute, is done by closing; `end` is that latest arrival; a save
 * changes the offer at once.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;

type Slot = { slot: string; start: string; end: string; remaining: number; offered: boolean; reason?: string };
type Day = { date: string; closed: boolean; open: boolean; slots: Slot[] };

const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const dayOf = async (date: string, query: string) =>
  (await t.json<{ days: Day[] }>(`/api/availability/days?from=${date}&days=1&${query}`)).body.days[0]!;
/** The offered windows as "slot → latest arrival". */
const offered = (day: Day) => Object.fromEntries(day.slots.filter((s) => s.offered).map((s) => [s.slot, s.end]));
const saveHours = (shop: ShopHours) => callAs(t, admin, "/api/booking-settings", jsonPost(shop, { method: "PATCH" }));
const book = (date: string, slot: string, serviceType = "Hand Wash") =>
  callAs(
    t,
    null,
    "/api/bookings",
    jsonPost(
      buildBookingRequest({
        preferredDate: date,
        preferredTimeSlot: slot,
        serviceType,
        email: `${date}.${slot.slice(0, 2)}@example.com`,
      }),
    ),
  );
const withMonday = (hours: { opens: string; closes: string }): ShopHours => ({
  ...DEFAULT_SHOP_HOURS,
  openingHours: DEFAULT_SHOP_HOURS.openingHours.map((d, i) => (i === 1 ? { open: true, ...hours } : d)),
});

beforeAll(async () => {
  admin = await signUpAdmin(t);
});
afterEach(async () => {
  expect((await saveHours(DEFAULT_SHOP_HOURS)).status).toBe(200);
});

describe("the windows offered follow the settings' hours", () => {
  it("offers each service only windows it can finish in by 6 PM, ending at the latest arrival", async () => {
    const monday = dayAhead(1, [1]);
    // Hand Wash 30 min, Wax 40, Interior Clean 120, Full Detail 240.
    expect(offered(await dayOf(monday, "serviceType=Hand%20Wash"))).toEqual({
      "09:00–11:00": "11:00",
      "11:00–13:00": "13:00",
      "13:00–15:00": "15:00",
      "15:00–17:00": "17:00",
      "17:00–19:00": "17:30",
    });
    expect(offered(await dayOf(monday, "serviceType=Wax"))["17:00–19:00"]).toBe("17:20");
    expect(offered(await dayOf(monday, "serviceType=Interior%20Clean"))).toEqual({
      "09:00–11:00": "11:00",
      "11:00–13:00": "13:00",
      "13:00–15:00": "15:00",
      "15:00–17:00": "16:00",
    });
    const detail = await dayOf(monday, "serviceType=Full%20Detail");
    expect(offered(detail)).toEqual({ "09:00–11:00": "11:00", "11:00–13:00": "13:00", "13:00–15:00": "14:00" });
    expect(detail.slots.find((s) => s.slot === "15:00–17:00")).toMatchObject({
      offered: false,
      reason: "too-late",
      start: "15:00",
    });
  });

  it("never offers a window whose latest arrival plus the service runs past closing, for lengths from 5 minutes to 12 hours", async () => {
    const sunday = dayAhead(1, [0]);
    for (const minutes of [5, 30, 45, 90, 120, 121, 240, 480, 720]) {
      const day = await dayOf(sunday, `minutes=${minutes}`);
      for (const slot of day.slots.filter((s) => s.offered)) {
        expect(clock(slot.end) + minutes, `${slot.slot} for ${minutes}`).toBeLessThanOrEqual(17 * 60);
        expect(clock(slot.end)).toBeGreaterThanOrEqual(clock(slot.start));
      }
    }
  });

  it("changes the offer at once when the closing time changes, and the booking follows it", async () => {
    const monday = dayAhead(1, [1]);
    expect(offered(await dayOf(monday, "serviceType=Hand%20Wash"))["17:00–19:00"]).toBe("17:30");
    expect((await saveHours(withMonday({ opens: "08:00", closes: "17:00" }))).status).toBe(200);
    const day = await dayOf(monday, "serviceType=Hand%20Wash");
    expect(offered(day)["15:00–17:00"]).toBe("16:30");
    expect(day.slots.find((s) => s.slot === "17:00–19:00")).toMatchObject({ offered: false, reason: "too-late" });
    const refused = await book(monday, "17:00–19:00");
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(TOO_LATE);
    expect((await book(monday, "15:00–17:00")).status).toBe(201);
  });

  it("offers the windows the settings name, an 8 AM one too, and keeps a booking made in a window since dropped", async () => {
    const tuesday = dayAhead(1, [2]);
    await insertBookings(
      t.database.db,
      Array.from({ length: 3 }, () =>
        buildBooking({ preferredDate: tuesday, preferredTimeSlot: "09:00–11:00", durationMinutes: 30 }),
      ),
    );
    const arrivalWindows = [
      { start: "08:00", end: "10:00" },
      { start: "10:00", end: "12:00" },
      { start: "12:00", end: "14:00" },
    ];
    expect((await saveHours({ ...DEFAULT_SHOP_HOURS, arrivalWindows })).status).toBe(200);
    const day = await dayOf(tuesday, "serviceType=Hand%20Wash");
    expect(day.slots.map((s) => s.slot)).toEqual(["08:00–10:00", "10:00–12:00", "12:00–14:00"]);
    // The three cars arriving 9–11 still hold the bays of the windows their time overlaps.
    expect(day.slots.map((s) => s.remaining)).toEqual([0, 3, 3]);
    expect((await book(tuesday, "08:00–10:00")).status).toBe(409);
    // A window the settings no longer name is not asked for.
    const dropped = await book(tuesday, "09:00–11:00");
    expect(dropped.status).toBe(400);
    expect(dropped.body.error.fields).toEqual({ preferredTimeSlot: "Select a time slot" });
    expect((await book(tuesday, "10:00–12:00")).status).toBe(201);
    const board = await callAs(t, admin, `/api/bookings/day?date=${tuesday}`);
    expect(board.body.windows).toEqual(["08:00–10:00", "09:00–11:00", "10:00–12:00", "12:00–14:00"]);
    const kept = board.body.slots.find((s: { slot: string }) => s.slot === "09:00–11:00");
    expect(kept.bookings).toHaveLength(3);
  });

  it("closes the days past how far ahead customers can book", async () => {
    expect((await saveHours({ ...DEFAULT_SHOP_HOURS, daysAhead: 7 })).status).toBe(200);
    const days = (await t.json<{ days: Day[] }>("/api/availability/days?days=10&serviceType=Hand%20Wash")).body.days;
    expect(days.map((d) => d.closed)).toEqual([false, false, false, false, false, false, false, false, true, true]);
    const refused = await book(inDays(8), "09:00–11:00");
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(tooFarMessage(7));
  });
});

describe("PATCH /api/booking-settings: the shop's hours", () => {
  it("answers the hours it saved, and refuses a closing before opening or a window outside the hours", async () => {
    const saved = await saveHours(withMonday({ opens: "07:00", closes: "19:00" }));
    expect(saved.status).toBe(200);
    expect(saved.body.openingHours[1]).toEqual({ open: true, opens: "07:00", closes: "19:00" });
    expect(saved.body.daysAhead).toBe(365);
    const backwards = await saveHours(withMonday({ opens: "18:00", closes: "08:00" }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ "openingHours.1.closes": "Closing time must be after opening time" });
    const early = await saveHours({ ...DEFAULT_SHOP_HOURS, arrivalWindows: [{ start: "06:00", end: "08:00" }] });
    expect(early.body.error.fields).toEqual({ "arrivalWindows.0.start": "The window must start within opening hours" });
    const part = await callAs(t, admin, "/api/booking-settings", jsonPost({ daysAhead: 3 }, { method: "PATCH" }));
    expect(part.status).toBe(400);
  });
});
