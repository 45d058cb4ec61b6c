import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~/.server/db/schema";
import { BAY_SLOTS } from "~/features/bookings/bookings.schema";
import { SLOT_FULL, TOO_LATE } from "~/features/bookings/bookings.server";
import { occupiedSlots } from "~/features/bookings/slot-plan";
import { callAs, jsonPost } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, dayAhead, insertPlans, LONG_DAYS } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * POST /api/bookings with services of different lengths: a booking holds a place in every slot its
 * length overlaps, and simultaneous requests never put more cars in a slot than it has bays.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000" } });
const BAYS = 3;
let fourHours: string;

beforeAll(async () => {
  const [plan] = await insertPlans(t.database.db, [
    buildPlan({ name: "Four-Hour Detail", durationMinutes: 240, duration: "4 hours" }),
  ]);
  fourHours = plan!.id;
});

/** A Monday to Saturday (open until 6 PM) at least `after` days ahead. */
const workday = (after: number) => dayAhead(after, LONG_DAYS);

let customers = 0;
/** A visitor's request from its own e-mail (the per-customer limits are another test's). */
const request = (date: string, slot: string, long: boolean) =>
  callAs(
    t,
    null,
    "/api/bookings",
    jsonPost(
      buildBookingRequest({
        email: `slots${++customers}@example.com`,
        preferredDate: date,
        preferredTimeSlot: slot,
        // A package is booked under its own service (a detail's), as the package page sends it.
        ...(long && { planId: fourHours, serviceType: "Full Detail" }),
      }),
    ),
  );

const placesLeft = async (date: string) => {
  const { body } = await t.json<{ slots: { slot: string; remaining: number }[] }>(
    `/api/availability?date=${date}&serviceType=Hand%20Wash`,
  );
  return Object.fromEntries(body.slots.map((s) => [s.slot, s.remaining]));
};

/** Cars in each bay slot of a date, counting every slot each live booking's length overlaps. */
async function carsPerSlot(date: string) {
  const rows = await t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.preferredDate, date), ne(bookings.status, "cancelled")));
  const cars = Object.fromEntries(BAY_SLOTS.map((slot) => [slot, 0]));
  for (const row of rows) for (const slot of occupiedSlots(row.preferredTimeSlot, row.durationMinutes)) cars[slot]!++;
  return cars;
}

describe("bookings of different lengths", () => {
  it("a 4-hour booking takes a place in both slots it spans, and none after", async () => {
    const date = workday(6);
    expect((await request(date, "09:00–11:00", true)).status).toBe(201);
    expect(await placesLeft(date)).toMatchObject({
      "09:00–11:00": BAYS - 1,
      "11:00–13:00": BAYS - 1,
      "13:00–15:00": BAYS,
    });
  });

  it("refuses a service that would end after closing, with the reason", async () => {
    const { status, body } = await request(workday(7), "15:00–17:00", true);
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: { message: TOO_LATE, fields: { preferredTimeSlot: TOO_LATE } } });
  });

  it(
    "100 simultaneous requests mixing 4-hour and half-hour services never over-fill a slot",
    { tags: ["engine"] },
    async () => {
      const date = workday(8);
      const arrivals = ["09:00–11:00", "11:00–13:00", "13:00–15:00"];
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => request(date, arrivals[i % 3]!, i % 2 === 0)),
      );
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.every((a) => a.status === 409)).toBe(true);
      expect(new Set(refused.map((a) => (a.body as { error: { message: string } }).error.message))).toEqual(
        new Set([SLOT_FULL]),
      );
      const cars = await carsPerSlot(date);
      for (const slot of BAY_SLOTS) expect(cars[slot]).toBeLessThanOrEqual(BAYS);
      // Every arrival slot ends full: nothing was refused that had a place.
      for (const slot of arrivals) expect(cars[slot]).toBe(BAYS);
      expect(answers.length - refused.length).toBeGreaterThanOrEqual(BAYS);
    },
  );
});
