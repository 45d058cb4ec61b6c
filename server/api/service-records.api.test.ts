import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { serviceRecords } from "~/.server/db/schema";
import { addMonths, DEFAULT_FOLLOW_UP_SETTINGS } from "~/features/follow-ups/follow-ups.schema";
import { OIL_UNKNOWN, RECORD_CANCELLED, RECORD_NO_SHOW } from "~/features/follow-ups/service-records.server";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { snapshot } from "../../tests/bad-input";
import { inDays } from "../../tests/factories";
import { serviceRecordHelpers } from "../../tests/oil-change-visits";
import { setupTestApp } from "../../tests/test-app";

/**
 * Service records (issue 28, part 1) and the admin's due list (part 2): an oil change recorded on a
 * visit gives the vehicle's next due date and mileage; the due list reads each vehicle's latest.
 * Run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

const { record, recordOf, dueList, visit } = serviceRecordHelpers(t, () => admin);
const rowsOf = async (bookingId: string) =>
  t.database.db.select().from(serviceRecords).where(eq(serviceRecords.bookingId, bookingId));

describe("recording an oil change", () => {
  it.each([
    // Day kept where the month has it; else the month's last day (a leap year's Feb 29 too).
    ["conventional", "2025-11-30", 31_000, "2026-02-28", 34_000],
    ["synthetic-blend", "2025-08-31", 52_500, "2026-02-28", 57_500],
    ["full-synthetic", "2024-08-31", 7, "2025-02-28", 7_507],
    ["high-mileage", "2023-11-30", 199_990, "2024-02-29", 202_990],
    ["conventional", "2026-05-15", 0, "2026-08-15", 3_000],
  ])("%s on %s at %i miles: next due %s or %i miles", async (oilType, day, odometer, dueDate, dueMileage) => {
    const booking = await visit({ preferredDate: day, visitStage: "collected" });
    const { status, body } = await record(booking.id, { odometer, oilType });
    expect(status).toBe(200);
    expect(body).toMatchObject({ nextDueDate: dueDate, nextDueMileage: dueMileage });
    expect(body.record).toMatchObject({
      bookingId: booking.id,
      odometer,
      oilType,
      oilName: DEFAULT_FOLLOW_UP_SETTINGS.oilTypes.find((o) => o.id === oilType)!.name,
      servicedOn: day,
      nextDueDate: dueDate,
      nextDueMileage: dueMileage,
      vehicle: "Silver Honda CR-V (SUV, 2020)",
    });
    expect((await recordOf(booking.id)).body.record).toEqual(body.record);
  });

  it("a month's end carries over as the next month has it: Jan 31 + 3 months is Apr 30", () => {
    // The API refuses a visit in the future as the day of the change (below), so this edge is the rule's own.
    expect(addMonths("2027-01-31", 3)).toBe("2027-04-30");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
  });

  it("a visit booked for a later day is recorded as today's oil change", async () => {
    const booking = await visit({ preferredDate: inDays(5) });
    const { body } = await record(booking.id, { odometer: 41_000, oilType: "full-synthetic" });
    expect(body.record.servicedOn).toBe(inDays(0));
    expect(body.nextDueDate).toBe(addMonths(inDays(0), 6));
  });

  it("any visit may be recorded, not only an oil change's; the visit's record is null until then", async () => {
    const wash = await visit({ serviceType: "Hand Wash" });
    expect(await recordOf(wash.id)).toEqual({
      status: 200,
      body: { record: null, oilTypes: DEFAULT_FOLLOW_UP_SETTINGS.oilTypes },
    });
    expect((await record(wash.id, { odometer: 12_000, oilType: "conventional" })).status).toBe(200);
  });

  it("recording again corrects the record: one row, the latest values, the vehicle's key kept", async () => {
    const booking = await visit({ preferredDate: "2026-06-10" });
    await record(booking.id, { odometer: 40_000, oilType: "conventional" });
    const [first] = await rowsOf(booking.id);
    const { body } = await record(booking.id, { odometer: 41_500, oilType: "full-synthetic" });
    expect(body).toMatchObject({ nextDueDate: "2026-12-10", nextDueMileage: 49_000 });
    const rows = await rowsOf(booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first!.id,
      odometer: 41_500,
      oilType: "full-synthetic",
      oilName: "Full synthetic",
      vehicleKey: first!.vehicleKey,
      recordedBy: admin.id,
      createdAt: first!.createdAt,
    });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
  });

  it(
    "20 simultaneous saves of one visit leave one row, with one of the values sent",
    { tags: ["engine"] },
    async () => {
      const booking = await visit();
      const odometers = Array.from({ length: 20 }, (_, i) => 30_000 + i);
      const answers = await Promise.all(
        odometers.map((odometer) => record(booking.id, { odometer, oilType: "conventional" })),
      );
      expect(answers.map((a) => a.status)).toEqual(odometers.map(() => 200));
      const rows = await rowsOf(booking.id);
      expect(rows).toHaveLength(1);
      expect(odometers).toContain(rows[0]!.odometer);
    },
  );

  it("keys the vehicle as the bookings do: the garage vehicle, else the address with the plate or make, model and type", async () => {
    const vehicleId = newObjectId();
    const garage = await visit({ vehicleId });
    const plated = await visit({ email: "Plated@Example.com", vehiclePlate: "abc-123" });
    const unplated = await visit({
      email: "bare@example.com",
      vehicleMake: "Ford",
      vehicleModel: "F-150",
      vehicleType: "Truck",
    });
    for (const b of [garage, plated, unplated]) await record(b.id, { odometer: 1000, oilType: "conventional" });
    const key = async (id: string) => (await rowsOf(id))[0]!.vehicleKey;
    expect(await key(garage.id)).toBe(vehicleId);
    expect(await key(plated.id)).toBe("plated@example.com|plate:ABC123");
    expect(await key(unplated.id)).toBe("bare@example.com|ford|f-150|Truck");
  });
});

describe("what recording refuses", () => {
  it("a cancelled booking and a no-show (409, nothing written)", async () => {
    const cancelled = await visit({ status: "cancelled" });
    const missed = await visit({ visitStage: "no-show" });
    expect(await record(cancelled.id, { odometer: 1000, oilType: "conventional" })).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: RECORD_CANCELLED } },
    });
    expect(await record(missed.id, { odometer: 1000, oilType: "conventional" })).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: RECORD_NO_SHOW } },
    });
    expect(await rowsOf(cancelled.id)).toEqual([]);
    expect(await rowsOf(missed.id)).toEqual([]);
  });

  it("an unknown or malformed booking (404)", async () => {
    for (const id of [newObjectId(), "not-an-id"]) {
      expect((await record(id, { odometer: 1000, oilType: "conventional" })).status).toBe(404);
      expect((await recordOf(id)).status).toBe(404);
    }
  });

  it.each([
    [{ odometer: -1, oilType: "conventional" }, { odometer: "Enter the odometer reading in miles" }],
    [{ odometer: 2_000_001, oilType: "conventional" }, { odometer: "That odometer reading is too large" }],
    [{ odometer: 1e300, oilType: "conventional" }, { odometer: "Enter the odometer reading in whole miles" }],
    [{ odometer: 12_000.5, oilType: "conventional" }, { odometer: "Enter the odometer reading in whole miles" }],
    [{ odometer: "12000", oilType: "conventional" }, { odometer: "Enter the odometer reading in miles" }],
    [{ odometer: null, oilType: "conventional" }, { odometer: "Enter the odometer reading in miles" }],
    [{ oilType: "conventional" }, { odometer: "Enter the odometer reading in miles" }],
    [{ odometer: 12_000, oilType: "" }, { oilType: "Choose the oil used" }],
    [{ odometer: 12_000, oilType: 3 }, { oilType: "Choose the oil used" }],
    [{ odometer: 12_000, oilType: "motor-honey" }, { oilType: OIL_UNKNOWN }],
    [{ odometer: 12_000, oilType: "x".repeat(41) }, { oilType: "Choose the oil used" }],
  ])("%j: 400 with the field's message, nothing written", async (body, fields) => {
    const booking = await visit();
    const before = await snapshot(t);
    const answer = await record(booking.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "validation_failed", fields });
    expect(await snapshot(t)).toEqual(before);
  });

  it("members and visitors, before the body is read", async () => {
    const booking = await visit({ email: member.email });
    for (const [who, status] of [
      [member, 403],
      [null, 401],
    ] as const) {
      expect((await record(booking.id, { odometer: 1000, oilType: "conventional" }, who)).status).toBe(status);
      expect((await record(booking.id, { odometer: "bad" }, who)).status).toBe(status);
      expect((await recordOf(booking.id, who)).status).toBe(status);
      expect((await dueList("within=30", who)).status).toBe(status);
      expect((await callAs(t, who, "/api/service-due.csv")).status).toBe(status);
      expect((await callAs(t, who, "/api/follow-up-settings")).status).toBe(status);
      expect(
        (await callAs(t, who, "/api/follow-up-settings", jsonPost({ dueReminders: false }, { method: "PATCH" })))
          .status,
      ).toBe(status);
    }
    expect(await rowsOf(booking.id)).toEqual([]);
  });
});
