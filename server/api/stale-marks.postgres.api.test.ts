import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { customers } from "~/.server/db/schema";
import { countStaleForReports } from "~/.server/db/stale-marks";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * Decision 043: a change marks its customer and visit window with a row of its own, and a read
 * counts the marks committed before it. A change still in flight while a read counts is counted
 * by the next read. On PostgreSQL only: the embedded database runs one transaction at a time, so a
 * read cannot come between a change and its commit there.
 */
const t = setupTestApp();

describe("a read that counts while a change is in flight", { tags: ["engine"] }, () => {
  it("leaves the change's mark for the next read, which counts it", async () => {
    const day = inDays(12);
    const visit = (fullName: string) =>
      buildBooking({
        fullName,
        email: "inflight@example.com",
        preferredDate: day,
        preferredTimeSlot: "09:00–11:00",
        status: "confirmed",
        totalCents: 2500,
      });
    // The customer and the window are marked by a first booking, committed and not yet counted.
    await insertBookings(t.database.db, [visit("First Visit")]);

    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const writer = await pool.connect();
    try {
      await writer.query("begin");
      await insertBookings(drizzle(writer), [visit("Second Visit")]);
      // Another connection reads while the second booking is uncommitted: it counts the first
      // (and must not wait for the writer, who holds no lock a read needs).
      await countStaleForReports(t.database.db);
      await writer.query("commit");
    } finally {
      writer.release();
    }

    await countStaleForReports(t.database.db);
    const [customer] = await t.database.db
      .select({ bookings: customers.bookings, spent: customers.spentCents })
      .from(customers)
      .where(eq(customers.email, "inflight@example.com"));
    expect(customer).toEqual({ bookings: 2, spent: 0 });
    const visits = (await t.database.db.execute(
      sql`select n::int from visit_figures where day = ${day}::date and slot = '09:00–11:00' and figure = 'visits'`,
    )) as unknown as { rows: { n: number }[] };
    expect(visits.rows).toEqual([{ n: 2 }]);
  });
});
