import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addOns, bookings } from "~/.server/db/schema";
import { SLOT_FULL, TOO_LATE } from "~/features/bookings/bookings.server";
import { DEFAULT_SHOP_HOURS, type ShopHours } from "~/features/bookings/shop-hours";
import { occupiedSlots } from "~/features/bookings/slot-plan";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * Capacity follows the quote (issue 27): a visit's length is its class's with its add-ons; the
 * slots offered are those where that length ends by closing, and a booking holds a place in every
 * slot it spans, also when 100 requests of different lengths arrive at once.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000" } });
let admin: TestAccount;
let platinum: string;
let petHair: string;
let engineBay: string;

/** Open 9 AM to 7 PM every day, with the five two-hour windows from 09:00. */
const NINE_TO_SEVEN: ShopHours = {
  ...DEFAULT_SHOP_HOURS,
  openingHours: DEFAULT_SHOP_HOURS.openingHours.map(() => ({ open: true, opens: "09:00", closes: "19:00" })),
};
const WINDOWS = ["09:00–11:00", "11:00–13:00", "13:00–15:00", "15:00–17:00", "17:00–19:00"];

type Slot = { slot: string; start: string; end: string; remaining: number; offered: boolean; reason?: string };
type Availability = { date: string; closed: boolean; minutes: number; slots: Slot[] };
type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

const settings = (change: object) => callAs(t, admin, "/api/booking-settings", jsonPost(change, { method: "PATCH" }));
const setBays = async (bays: number) => expect((await settings({ bays })).status).toBe(200);

/** What is booked, as a body's fields and as the availability's query. */
const LARGE_DETAIL = () => ({ planId: platinum, serviceType: "Full Detail", vehicleType: "Truck", addOns: [petHair] });
const SMALL_WASH = { serviceType: "Hand Wash", vehicleType: "Car" };

function query(choice: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(choice))
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  return params.toString();
}
const availability = async (date: string, choice: Record<string, unknown>) =>
  (await t.json<Availability>(`/api/availability?date=${date}&${query(choice)}`)).body;
const remaining = async (date: string) =>
  Object.fromEntries((await availability(date, SMALL_WASH)).slots.map((s) => [s.slot, s.remaining]));

let customers = 0;
/** A visitor's request from an e-mail of its own (the per-customer limits are another file's). */
const book = (date: string, slot: string, choice: Record<string, unknown>) =>
  callAs(
    t,
    null,
    "/api/bookings",
    jsonPost(
      buildBookingRequest({
        email: `lengths${++customers}@example.com`,
        preferredDate: date,
        preferredTimeSlot: slot,
        ...choice,
      }),
    ),
  );

/** Live bookings holding each window of a date, counted from the stored rows' arrival and length. */
async function carsPerSlot(date: string) {
  const rows = await t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.preferredDate, date), ne(bookings.status, "cancelled")));
  const cars = Object.fromEntries(WINDOWS.map((slot) => [slot, 0]));
  for (const row of rows)
    for (const slot of occupiedSlots(row.preferredTimeSlot, row.durationMinutes, WINDOWS)) cars[slot]!++;
  return cars;
}

beforeAll(async () => {
  admin = await signUpAdmin(t);
  expect((await settings(NINE_TO_SEVEN)).status).toBe(200);
  // The demo's full detail: 4 hours for a small car, 5 for a large one (its own Large cell).
  const [plan] = await insertPlans(t.database.db, [
    buildPlan({
      name: "Platinum Full Detail",
      packageType: "premium",
      priceCents: 18999,
      durationMinutes: 240,
      duration: "4 hours",
      classPrices: { large: { priceCents: 26999, minutes: 300 } },
    }),
  ]);
  platinum = plan!.id;
  [petHair, engineBay] = [newObjectId(), newObjectId()];
  await t.database.db.insert(addOns).values([
    // An hour on a large vehicle (its own cell), half an hour on a small one.
    {
      id: petHair,
      name: "Pet hair removal",
      priceCents: 3000,
      durationMinutes: 30,
      classPrices: { large: { priceCents: 4500, minutes: 60 } },
      serviceTypes: ["Interior Clean", "Full Detail"],
    },
    // Half an hour, + 15 minutes on a medium vehicle.
    { id: engineBay, name: "Engine bay clean", priceCents: 6000, durationMinutes: 30 },
  ]);
});

describe("availability for a Large full detail with add-ons", () => {
  it("answers its length, 300 + 60 = 360 minutes, and offers only the slots where it ends by 7 PM", async () => {
    const date = inDays(10);
    const day = await availability(date, LARGE_DETAIL());
    expect(day.minutes).toBe(360);
    // Arriving by 13:00 at the latest (19:00 − 6 hours): 09:00–11:00 and 11:00–13:00 whole, 13:00–15:00 at 13:00 only.
    expect(day.slots.map(({ slot, end, offered, reason }) => ({ slot, end, offered, reason }))).toEqual([
      { slot: "09:00–11:00", end: "11:00", offered: true, reason: undefined },
      { slot: "11:00–13:00", end: "13:00", offered: true, reason: undefined },
      { slot: "13:00–15:00", end: "13:00", offered: true, reason: undefined },
      { slot: "15:00–17:00", end: "17:00", offered: false, reason: "too-late" },
      { slot: "17:00–19:00", end: "19:00", offered: false, reason: "too-late" },
    ]);
  });

  it("takes the service from the package when the query names none (issue 42)", async () => {
    const { serviceType: _named, ...unnamed } = LARGE_DETAIL();
    const day = await t.json<Availability>(`/api/availability?date=${inDays(10)}&${query(unnamed)}`);
    expect(day).toMatchObject({ status: 200, body: { minutes: 360 } });
    // An add-on for other services is refused by the package's service, never by an empty name.
    const [wax] = await insertPlans(t.database.db, [
      buildPlan({ name: "Signature Wash & Wax", packageType: "standard", priceCents: 4999, durationMinutes: 60 }),
    ]);
    const refused = await t.json<Refusal>(
      `/api/availability?date=${inDays(10)}&${query({ planId: wax!.id, vehicleType: "Car", addOns: [petHair] })}`,
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { message: "Pet hair removal doesn't go with the Signature Wash & Wax package." } },
    });
  });

  it("offers a small car's full detail, 4 hours, one arrival more, and a small wash every slot", async () => {
    const date = inDays(10);
    const small = await availability(date, { planId: platinum, serviceType: "Full Detail", vehicleType: "Car" });
    expect(small.minutes).toBe(240);
    expect(small.slots.filter((s) => s.offered).map((s) => `${s.slot} by ${s.end}`)).toEqual([
      "09:00–11:00 by 11:00",
      "11:00–13:00 by 13:00",
      "13:00–15:00 by 15:00",
      "15:00–17:00 by 15:00",
    ]);
    const wash = await availability(date, SMALL_WASH);
    expect(wash.minutes).toBe(30);
    expect(wash.slots.every((s) => s.offered)).toBe(true);
  });

  it("answers the same length for the next days", async () => {
    const { body } = await t.json<{ minutes: number; days: { slots: Slot[] }[] }>(
      `/api/availability/days?from=${inDays(10)}&days=3&${query(LARGE_DETAIL())}`,
    );
    expect(body.minutes).toBe(360);
    for (const day of body.days)
      expect(day.slots.filter((s) => s.offered).map((s) => s.slot)).toEqual(WINDOWS.slice(0, 3));
  });

  it("refuses it where it would end after closing, with the reason", async () => {
    const { status, body } = await book(inDays(11), "15:00–17:00", LARGE_DETAIL());
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: { message: TOO_LATE, fields: { preferredTimeSlot: TOO_LATE } } });
  });
});

describe("once booked it holds a place in every slot it spans", () => {
  it("takes one place in each of the three slots from 09:00, and none after", async () => {
    await setBays(3);
    const date = inDays(12);
    expect(await remaining(date)).toEqual(Object.fromEntries(WINDOWS.map((slot) => [slot, 3])));
    const { status, body } = await book(date, "09:00–11:00", LARGE_DETAIL());
    expect(status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, (body as { insertedId: string }).insertedId));
    expect(row!.durationMinutes).toBe(360);
    expect(await remaining(date)).toEqual({
      "09:00–11:00": 2,
      "11:00–13:00": 2,
      "13:00–15:00": 2,
      "15:00–17:00": 3,
      "17:00–19:00": 3,
    });
  });

  it("with one bay, refuses a small wash in its third slot, and takes one after it", async () => {
    await setBays(1);
    try {
      const date = inDays(13);
      expect((await book(date, "09:00–11:00", LARGE_DETAIL())).status).toBe(201);
      const third = await book(date, "13:00–15:00", SMALL_WASH);
      expect(third.status).toBe(409);
      expect((third.body as Refusal).error).toEqual({
        code: "conflict",
        message: "That time slot is full. Please choose another.",
        fields: { preferredTimeSlot: SLOT_FULL },
      });
      expect((await book(date, "15:00–17:00", SMALL_WASH)).status).toBe(201);
      expect(await carsPerSlot(date)).toEqual({
        "09:00–11:00": 1,
        "11:00–13:00": 1,
        "13:00–15:00": 1,
        "15:00–17:00": 1,
        "17:00–19:00": 0,
      });
    } finally {
      await setBays(3);
    }
  });
});

/** The mix of the simultaneous requests: lengths of one, two and three slots. */
const MIX = () => [
  // 30 minutes.
  { kind: "small wash", minutes: 30, choice: SMALL_WASH },
  // 45 + 45 minutes.
  {
    kind: "medium wash with engine bay",
    minutes: 90,
    choice: { serviceType: "Hand Wash", vehicleType: "SUV", addOns: [engineBay] },
  },
  // 4 hours: two slots from 09:00 or 11:00, three from 13:00.
  {
    kind: "small full detail",
    minutes: 240,
    choice: { planId: platinum, serviceType: "Full Detail", vehicleType: "Car" },
  },
  // 240 + 15 minutes.
  {
    kind: "medium full detail",
    minutes: 255,
    choice: { planId: platinum, serviceType: "Full Detail", vehicleType: "Minivan" },
  },
  // 300 + 60 minutes: three slots from any arrival.
  { kind: "large full detail with pet hair", minutes: 360, choice: LARGE_DETAIL() },
];

describe("100 simultaneous requests of different lengths", { tags: ["engine"] }, () => {
  it("never over-fill a slot; every 201 is stored with its length, every refusal says the slot is full", async () => {
    const bays = 3;
    await setBays(bays);
    const date = inDays(14);
    const arrivals = WINDOWS.slice(0, 3);
    const mix = MIX();
    const requests = Array.from({ length: 100 }, (_, i) => ({
      ...mix[i % mix.length]!,
      slot: arrivals[Math.floor(i / mix.length) % arrivals.length]!,
    }));
    const answers = await Promise.all(requests.map((r) => book(date, r.slot, r.choice)));

    const rows = await t.database.db.select().from(bookings).where(eq(bookings.preferredDate, date));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const booked = answers.flatMap((a, i) => (a.status === 201 ? [i] : []));
    expect(booked.length).toBeGreaterThanOrEqual(bays);
    // Each 201 is a stored booking, in the slot and for the length asked; nothing else was stored.
    for (const i of booked) {
      const row = byId.get((answers[i]!.body as { insertedId: string }).insertedId);
      expect(row, requests[i]!.kind).toMatchObject({
        preferredTimeSlot: requests[i]!.slot,
        durationMinutes: requests[i]!.minutes,
        status: "pending",
      });
    }
    expect(rows).toHaveLength(booked.length);

    // Every refusal is the full slot's, in the specification's words.
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(refused.map(() => 409));
    expect(new Set(refused.map((a) => (a.body as Refusal).error.message))).toEqual(new Set([SLOT_FULL]));

    // No slot holds more cars than bays, and a refused request met a slot that is full.
    const cars = await carsPerSlot(date);
    for (const slot of WINDOWS) expect(cars[slot], slot).toBeLessThanOrEqual(bays);
    answers.forEach((answer, i) => {
      if (answer.status === 201) return;
      const spans = occupiedSlots(requests[i]!.slot, requests[i]!.minutes, WINDOWS);
      expect(
        spans.some((slot) => cars[slot] === bays),
        `${requests[i]!.kind} at ${requests[i]!.slot}`,
      ).toBe(true);
    });
  });
});
