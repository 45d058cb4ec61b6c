import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "~/.server/clock";
import { bookings } from "~/.server/db/schema";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { A, NINE_TO_SEVEN, SHORT, waitlistHelpers } from "../../tests/waitlist";

/**
 * Issue 29's holds under simultaneous requests, on both engines: many offerers at once give a
 * freed place to one entry; one offer is accepted once however many taps; a held place is the
 * offer's even against 50 bookings sent with its acceptance. (Two server instances over one
 * PostgreSQL database: waitlist.postgres.api.test.ts.)
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000", TEST_CLOCK: "true" } });
let admin: TestAccount;
const w = waitlistHelpers(t, () => admin);
const clock = () => t.services.clock as AdjustableClock;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  const { openingHours, arrivalWindows, leadMinutes } = NINE_TO_SEVEN;
  expect((await w.settings({ bays: 1, openingHours, arrivalWindows, leadMinutes, daysAhead: 60 })).status).toBe(200);
});
afterEach(() => clock().set(new Date()));

/** Frees the day's `slot` with no word to the waitlist, so the test says when it is offered. */
const freeQuietly = (date: string, slot: string) =>
  t.database.db
    .update(bookings)
    .set({ status: "cancelled" })
    .where(and(eq(bookings.preferredDate, date), eq(bookings.preferredTimeSlot, slot)));

describe("offering at once", { tags: ["engine"] }, () => {
  it("20 offerers and sweeps at once give a freed place to one entry, the first", async () => {
    const date = inDays(31);
    await w.fullDay(date);
    const entries = [];
    for (let i = 0; i < 5; i++) entries.push(await w.join(date, [A]));
    await freeQuietly(date, A);

    await Promise.all([
      ...Array.from({ length: 20 }, () => t.services.waitlist.placesFreed([date])),
      t.services.waitlist.sweep(),
      t.services.waitlist.sweep(),
    ]);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: entries[0], slot: A }]);
  });

  it("a lapsed hold swept by several at once lapses once and goes to the next entry once", async () => {
    const date = inDays(32);
    const tokens = await w.fullDay(date);
    const first = await w.join(date, [A]);
    const second = await w.join(date, [A]);
    const third = await w.join(date, [A]);
    await w.cancel(tokens[A]!);
    await w.openOfferToken(first);

    const later = new Date(Date.now() + 31 * 60_000);
    await Promise.all(Array.from({ length: 10 }, () => t.services.waitlist.sweep(later)));
    expect(await w.offersOf(first)).toMatchObject([{ status: "lapsed" }]);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: second, slot: A }]);
    expect(await w.offersOf(third)).toHaveLength(0);
  });
});

describe("accepting at once", { tags: ["engine"] }, () => {
  it("50 taps on one offer book one booking", async () => {
    const date = inDays(33);
    const tokens = await w.fullDay(date);
    const waiting = await w.join(date, [A]);
    await w.cancel(tokens[A]!);
    const token = await w.openOfferToken(waiting);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => callAs(t, null, `/api/waitlist/offers/${token}/accept`, jsonPost({}))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await w.liveIn(date, A)).toBe(1);
  });

  it("the acceptance wins its held place against 50 bookings sent with it; a decline sent with it loses or wins whole", async () => {
    const date = inDays(34);
    const tokens = await w.fullDay(date);
    const waiting = await w.join(date, [A]);
    await w.cancel(tokens[A]!);
    const token = await w.openOfferToken(waiting);

    const [accepted, declined, ...rushed] = await Promise.all([
      callAs(t, null, `/api/waitlist/offers/${token}/accept`, jsonPost({})),
      callAs(t, null, `/api/waitlist/offers/${token}/decline`, jsonPost({})),
      ...Array.from({ length: 50 }, (_, i) =>
        callAs(
          t,
          null,
          "/api/bookings",
          jsonPost(
            buildBookingRequest({
              ...SHORT,
              email: `rush-${i}@example.com`,
              preferredDate: date,
              preferredTimeSlot: A,
            }),
          ),
        ),
      ),
    ]);
    // Exactly one of accept and decline took the offer.
    expect([accepted!.status, declined!.status].sort()).toEqual(accepted!.status === 201 ? [201, 409] : [200, 409]);
    const booked = rushed.filter((r) => r.status === 201).length;
    for (const r of rushed.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect((r.body as { error: { message: string } }).error.message).toBe(SLOT_FULL);
    }
    // One bay: the place went to the offer's customer, or (declined first) to at most one of the rush.
    const live = await w.liveIn(date, A);
    if (accepted!.status === 201) expect([live, booked]).toEqual([1, 0]);
    else expect(live === booked && live <= 1).toBe(true);
    const open = await t.database.db.execute(
      sql`select count(*)::int as n from waitlist_offers where date = ${date} and status = 'open'`,
    );
    expect((open as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
