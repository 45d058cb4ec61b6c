import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { as, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/** A CSV export whose query fails must not look like a complete (or empty) list. */
const t = setupTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  // One more than a batch (1000), so the export reads twice.
  await insertBookings(
    t.database.db,
    Array.from({ length: 1001 }, () => buildBooking()),
  );
});

/** The bookings table is away while `run` runs: every query of it fails in the database. */
async function withoutBookingsTable<T>(run: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql`alter table bookings rename to bookings_away`);
  try {
    return await run();
  } finally {
    await t.database.db.execute(sql`alter table bookings_away rename to bookings`);
  }
}

describe("GET /api/bookings/export.csv when its query fails", () => {
  it("answers an error status, not 200 with only the header row", async () => {
    const response = await withoutBookingsTable(() => t.request("/api/bookings/export.csv", as(admin)));
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toBeNull();
  });

  it("cuts the answer off when a later batch fails, rather than ending it as if complete", async () => {
    const bookings = t.services.bookings;
    const realExport = bookings.exportBookings.bind(bookings);
    const spy = vi.spyOn(bookings, "exportBookings").mockImplementation(async function* (actor, filters) {
      const batches = realExport(actor, filters);
      const first = await batches.next();
      if (!first.done) yield first.value;
      // The table goes away between the first batch and the second.
      await t.database.db.execute(sql`alter table bookings rename to bookings_away`);
      yield* batches;
    });
    try {
      const response = await t.request("/api/bookings/export.csv", as(admin));
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      spy.mockRestore();
      await t.database.db.execute(sql`alter table bookings_away rename to bookings`);
    }
  });

  it("still sends every row when nothing fails", async () => {
    const csv = await (await t.request("/api/bookings/export.csv", as(admin))).text();
    expect(csv.trimEnd().split("\r\n")).toHaveLength(1 + 1001);
  });
});
