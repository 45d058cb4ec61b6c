import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { bookings } from "~/.server/db/schema";
import { signUpAdmin, type TestAccount } from "../../tests/accounts";
import { inDays } from "../../tests/factories";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";
import { A, B, NINE_TO_SEVEN, WINDOWS, waitlistHelpers } from "../../tests/waitlist";
import { readEnv } from "../env";
import { openRuntime, type Runtime } from "../runtime";

/**
 * Issue 29: two server instances over one PostgreSQL database free and offer places at the same
 * moment (each its own connections, as two processes behind a balancer): every freed place is held
 * for one entry, never two, and no entry holds two offers.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000" } });
let admin: TestAccount;
let other: Runtime;
const w = waitlistHelpers(t, () => admin);

beforeAll(async () => {
  admin = await signUpAdmin(t);
  const { openingHours, arrivalWindows, leadMinutes } = NINE_TO_SEVEN;
  expect((await w.settings({ bays: 2, openingHours, arrivalWindows, leadMinutes, daysAhead: 60 })).status).toBe(200);
  const env = readEnv({
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "carwash-test-")),
  });
  const url = (t.database as { url?: string }).url!;
  other = await openRuntime(env, { database: await openDatabase({ kind: "postgres", url }), rateLimit: false });
});
afterAll(async () => {
  await other?.close();
});

describe("two processes freeing and offering at once", { tags: ["engine"] }, () => {
  it("never give one place to two customers", async () => {
    const dates = [inDays(41), inDays(42), inDays(43)];
    for (const date of dates) {
      for (const slot of WINDOWS) {
        await w.book(date, slot);
        await w.book(date, slot);
      }
      for (let i = 0; i < 6; i++) await w.join(date, i % 2 ? [A] : [A, B]);
      // One place in A and one in B free on every day, with no word to either process.
      for (const slot of [A, B])
        await t.database.db.execute(
          sql`update bookings set status = 'cancelled' where id = (select id from bookings where preferred_date = ${date}
            and preferred_time_slot = ${slot} and status <> 'cancelled' limit 1)`,
        );
    }
    const here = t.services.waitlist;
    const there = other.services.waitlist;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => [
        here.placesFreed(i % 2 ? dates : [...dates].reverse()),
        there.placesFreed(i % 2 ? [...dates].reverse() : dates),
        i % 3 === 0 ? there.sweep() : here.sweep(),
      ]).flat(),
    );
    for (const date of dates) {
      const open = await w.openOffers(date);
      // Exactly the two freed places are held, each for one entry, no entry twice.
      expect(open.map((o) => o.slot).sort()).toEqual([A, B]);
      expect(new Set(open.map((o) => o.entryId)).size).toBe(2);
      const live = await t.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.preferredDate, date), sql`${bookings.status} <> 'cancelled'`));
      expect(live.length + open.length).toBe(WINDOWS.length * 2);
    }
  });
});
