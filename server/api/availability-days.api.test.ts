import { beforeAll, describe, expect, it } from "vitest";
import { BAY_SLOTS } from "~/features/bookings/bookings.schema";
import { newEntryRow } from "~/features/plans/plans.server";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { addDays } from "~/lib/business-date";
import { buildBooking, dayAhead, inDays, insertBookings, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { demoPackages } from "../seed/demo-data";

/**
 * GET /api/availability/days and GET /api/availability: the slots a day offers follow its opening
 * hours (Mon–Sat 8 AM–6 PM, Sun 8 AM–5 PM) and the service's length.
 */
const t = setupTestApp();
let admin: TestAccount;
let platinumId: string;

type Slot = { slot: string; start: string; remaining: number; offered: boolean; reason?: string };
type Day = { date: string; closed: boolean; open: boolean; slots: Slot[] };
type Days = { minutes: number; days: Day[] };

const offeredStarts = (day: Day) => day.slots.filter((s) => s.offered).map((s) => s.start);
const daysOf = async (query: string) => (await t.json<Days>(`/api/availability/days?${query}`)).body;
const dayOf = async (date: string, query: string) => (await daysOf(`from=${date}&days=1&${query}`)).days[0]!;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  // The demo catalogue, dated in its order, so that each tier has one newest package.
  const rows = demoPackages.map((entry, i) => newEntryRow({ ...entry, at: new Date(Date.UTC(2026, 0, 1 + i)) }));
  const plans = await insertPlans(t.database.db, rows);
  platinumId = plans.find((p) => p.name === "Platinum Full Detail")!.id;
});

describe("GET /api/availability/days", () => {
  it("lists 28 days from today by default, each with the five arrival slots", async () => {
    const { status, body } = await t.json<Days>("/api/availability/days?serviceType=Hand%20Wash");
    expect(status).toBe(200);
    expect(body.minutes).toBe(30);
    expect(body.days).toHaveLength(28);
    expect(body.days[0]!.date).toBe(inDays(0));
    expect(body.days[27]!.date).toBe(inDays(27));
    for (const day of body.days) expect(day.slots.map((s) => s.slot)).toEqual(BAY_SLOTS);
  });

  it("offers no Sunday slot that ends after 5 PM, and 17:00 on other days only to what ends by 6 PM", async () => {
    const sunday = dayAhead(1, [0]);
    const monday = dayAhead(1, [1]);
    const shortWash = await dayOf(sunday, "serviceType=Hand%20Wash");
    expect(offeredStarts(shortWash)).toEqual(["09:00", "11:00", "13:00", "15:00"]);
    expect(shortWash.slots[4]).toMatchObject({ offered: false, reason: "too-late" });
    expect(offeredStarts(await dayOf(monday, "serviceType=Hand%20Wash"))).toContain("17:00");
    expect(offeredStarts(await dayOf(monday, "serviceType=Interior%20Clean"))).not.toContain("17:00");
  });

  it("offers a 4-hour service only where 4 hours fit: 09:00, 11:00 and 13:00", async () => {
    const saturday = dayAhead(1, [6]);
    const sunday = addDays(saturday, 1);
    for (const query of [`planId=${platinumId}`, "serviceType=Full%20Detail", "packageSelection=Premium"]) {
      const days = await daysOf(`from=${saturday}&days=2&${query}`);
      expect(days.minutes).toBe(240);
      expect(days.days.map((d) => d.date)).toEqual([saturday, sunday]);
      for (const day of days.days) expect(offeredStarts(day)).toEqual(["09:00", "11:00", "13:00"]);
      expect(days.days[0]!.slots.slice(3).map((s) => s.reason)).toEqual(["too-late", "too-late"]);
    }
  });

  it("shows a closed date closed with nothing offered, and past days as started", async () => {
    const closed = dayAhead(30, [2]);
    expect(
      (await callAs(t, admin, "/api/closed-dates", jsonPost({ date: closed, reason: "Staff training" }))).status,
    ).toBe(201);
    const day = await dayOf(closed, "serviceType=Hand%20Wash");
    expect(day).toMatchObject({ date: closed, closed: true, open: false });
    expect(day.slots.every((s) => s.reason === "closed" && s.remaining === 0)).toBe(true);
    const yesterday = await dayOf(inDays(-1), "serviceType=Hand%20Wash");
    expect(yesterday.slots.every((s) => s.reason === "started" && !s.offered)).toBe(true);
  });

  it("counts a long visit in every slot it spans, and says full when a spanned slot has no place", async () => {
    const date = dayAhead(40, [3]);
    await insertBookings(t.database.db, [
      // A 4-hour visit at 09:00 holds 09:00 and 11:00; two short ones fill the rest of 11:00.
      buildBooking({ preferredDate: date, preferredTimeSlot: BAY_SLOTS[0], durationMinutes: 240 }),
      buildBooking({ preferredDate: date, preferredTimeSlot: BAY_SLOTS[1], durationMinutes: 30 }),
      buildBooking({ preferredDate: date, preferredTimeSlot: BAY_SLOTS[1], durationMinutes: 120 }),
      buildBooking({ preferredDate: date, preferredTimeSlot: BAY_SLOTS[1], status: "cancelled" }),
    ]);
    const short = await dayOf(date, "serviceType=Hand%20Wash");
    expect(short.slots.map((s) => [s.start, s.remaining, s.offered])).toEqual([
      ["09:00", 2, true],
      ["11:00", 0, false],
      ["13:00", 3, true],
      ["15:00", 3, true],
      ["17:00", 3, true],
    ]);
    expect(short.slots[1]!.reason).toBe("full");
    // A 4-hour visit arriving at 09:00 would need 11:00 too.
    const long = await dayOf(date, "serviceType=Full%20Detail");
    expect(long.slots.slice(0, 3).map((s) => [s.start, s.remaining, s.reason])).toEqual([
      ["09:00", 0, "full"],
      ["11:00", 0, "full"],
      ["13:00", 3, undefined],
    ]);
  });

  it("refuses days outside 1 to 42, a date that is not one, and an unknown package", async () => {
    for (const query of ["days=0", "days=43", "days=two", "from=2026-02-30"]) {
      expect((await t.json(`/api/availability/days?${query}`)).status).toBe(400);
    }
    const unknown = await t.json("/api/availability/days?planId=0123456789abcdef01234567");
    expect(unknown).toMatchObject({ status: 400, body: { error: { message: "That package is no longer offered." } } });
  });
});

describe("GET /api/availability?date=", () => {
  it("keeps its shape and gains the service's length and the same per-slot fields", async () => {
    const sunday = dayAhead(1, [0]);
    const { status, body } = await t.json<{ date: string; closed: boolean; minutes: number; slots: unknown[] }>(
      `/api/availability?date=${sunday}&serviceType=Full%20Detail`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ date: sunday, closed: false, minutes: 240 });
    expect(body.slots[0]).toEqual({
      slot: "09:00–11:00",
      start: "09:00",
      end: "11:00",
      remaining: 3,
      offered: true,
      started: false,
    });
    expect(body.slots[3]).toMatchObject({ slot: "15:00–17:00", offered: false, reason: "too-late", started: false });
  });

  it("without a service judges one two-hour slot, as before lengths existed", async () => {
    const monday = dayAhead(1, [1]);
    const { body } = await t.json<{ minutes: number; slots: Slot[] }>(`/api/availability?date=${monday}`);
    expect(body.minutes).toBe(120);
    expect(body.slots.map((s) => s.offered)).toEqual([true, true, true, true, false]);
  });
});
