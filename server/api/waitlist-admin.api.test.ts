import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "~/.server/clock";
import { bookings, outbox } from "~/.server/db/schema";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { A, B, C, WINDOWS, waitlistHelpers } from "../../tests/waitlist";

/**
 * Issue 29's waitlist, on a clock the test moves (TEST_CLOCK: the waitlist's holds lapse by it): a
 * freed place goes to the first entry it fits and not to one it does not fit; a held place is
 * nobody else's, also for 50 requests at once; an acceptance after the hold lapsed is refused in
 * clear words and the place goes on; in time, it books. One bay per window, each test its own day.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000", TEST_CLOCK: "true" } });
let admin: TestAccount;
let member: TestAccount;
const w = waitlistHelpers(t, () => admin);
const clock = () => t.services.clock as AdjustableClock;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
  await w.oneBayNineToSeven();
});
afterEach(() => clock().set(new Date()));

// The admin's side of the list, the links in its e-mails, and how the list ends (waitlist.api.test.ts: a freed place, joining).
describe("the admin", () => {
  it("alone reads and changes the list: visitors 401, members 403", async () => {
    const date = inDays(22);
    const calls: [string, RequestInit][] = [
      [`/api/waitlist?date=${date}`, {}],
      [`/api/waitlist/demand?from=${date}&to=${date}`, {}],
      ["/api/waitlist/0123456789abcdef01234567", { method: "DELETE" }],
      ["/api/waitlist/0123456789abcdef01234567/offer", jsonPost({ slot: A })],
    ];
    for (const [path, init] of calls) {
      expect((await callAs(t, null, path, init)).status, path).toBe(401);
      expect((await callAs(t, member, path, init)).status, path).toBe(403);
    }
  });

  it("sees the day's list with its offers and the demand, offers a place by hand and removes an entry", async () => {
    const date = inDays(23);
    const tokens = await w.fullDay(date);
    const first = await w.join(date, [A]);
    const last = await w.join(date, [A, B]);

    // A full slot cannot be offered by hand.
    const full = await callAs(t, admin, `/api/waitlist/${last}/offer`, jsonPost({ slot: A }));
    expect(full.status).toBe(409);
    expect((full.body as { error: { message: string } }).error.message).toBe(SLOT_FULL);

    // A freed goes to the first; B freed to the last (the first holds an offer already).
    await w.cancel(tokens[A]!);
    await w.cancel(tokens[B]!);
    const open = await w.openOffers(date);
    expect(Object.fromEntries(open.map((o) => [o.entryId, o.slot]))).toEqual({ [first]: A, [last]: B });

    const { status, body } = await callAs(t, admin, `/api/waitlist?date=${date}`);
    expect(status).toBe(200);
    const day = body as { waited: number; entries: { id: string; status: string; offers: unknown[] }[] };
    expect(day.waited).toBe(2);
    expect(day.entries.map((e) => e.id)).toEqual([first, last]);
    expect(day.entries[0]!.offers).toHaveLength(1);

    const removed = await callAs(t, admin, `/api/waitlist/${first}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await w.entry(first)).status).toBe("removed");
    expect(await w.offersOf(first)).toMatchObject([{ status: "withdrawn" }]);

    const demand = await callAs(t, admin, `/api/waitlist/demand?from=${date}&to=${date}`);
    expect(demand.body).toEqual([{ date, waited: 2 }]);
  });

  it("offers a place by hand to an entry whatever its place in the line", async () => {
    const date = inDays(24);
    await w.fullDay(date);
    const first = await w.join(date, [C]);
    const last = await w.join(date, [C]);
    // Freed with no word to the waitlist: nobody is offered it until someone says so.
    await t.database.db
      .update(bookings)
      .set({ status: "cancelled" })
      .where(and(eq(bookings.preferredDate, date), eq(bookings.preferredTimeSlot, C)));
    const offered = await callAs(t, admin, `/api/waitlist/${last}/offer`, jsonPost({ slot: C }));
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(await w.offersOf(last)).toMatchObject([{ slot: C, byAdmin: true, status: "open" }]);
    expect(await w.offersOf(first)).toHaveLength(0);
    // Held: the sweep has nothing to give the first.
    await t.services.waitlist.sweep();
    expect(await w.offersOf(first)).toHaveLength(0);
  });

  it("cancelling or moving a booking frees its place for the list", async () => {
    const date = inDays(26);
    const booked: Record<string, string> = {};
    for (const slot of WINDOWS) booked[slot] = (await w.book(date, slot)).insertedId;
    const forA = await w.join(date, [A]);
    const forB = await w.join(date, [B]);
    const cancelled = await callAs(
      t,
      admin,
      `/api/bookings/${booked[A]}`,
      jsonPost({ status: "cancelled" }, { method: "PATCH" }),
    );
    expect(cancelled.status).toBe(200);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: forA, slot: A }]);
    const moved = await callAs(
      t,
      admin,
      `/api/bookings/${booked[B]}`,
      jsonPost({ preferredDate: inDays(27) }, { method: "PATCH" }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await w.openOffers(date)).map((o) => o.entryId).sort()).toEqual([forA, forB].sort());
  });
});

describe("links", () => {
  it("a token the server did not write, or with one character changed, is 404", async () => {
    const date = inDays(25);
    const waiting = await w.join(date, []);
    const token = await w.openOfferToken(waiting);
    const changed = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [changed, "nonsense", t.services.waitlistLinks.leaveToken(waiting)]) {
      expect((await t.json(`/api/waitlist/offers/${bad}`)).status).toBe(404);
      expect((await callAs(t, null, `/api/waitlist/offers/${bad}/accept`, jsonPost({}))).status).toBe(404);
      expect((await callAs(t, null, `/api/waitlist/offers/${bad}/decline`, jsonPost({}))).status).toBe(404);
    }
    expect((await callAs(t, null, `/api/waitlist/leave/${token}`, jsonPost({}))).status).toBe(404);
    expect(await w.openOffers(date)).toHaveLength(1);
  });
});

describe("the list ends", () => {
  it("for a day that has passed, by itself on the sweep", async () => {
    const date = inDays(2);
    await w.fullDay(date);
    const waiting = await w.join(date, [A]);
    await t.services.waitlist.sweep(new Date(Date.now() + 2 * 86_400_000));
    expect((await w.entry(waiting)).status).toBe("waiting");
    await t.services.waitlist.sweep(new Date(Date.now() + 4 * 86_400_000));
    expect((await w.entry(waiting)).status).toBe("ended");
  });

  it("for a day an admin closes: each waiting entry is told why, its open offer withdrawn", async () => {
    const date = inDays(28);
    const tokens = await w.fullDay(date);
    const offered = await w.join(date, [A]);
    const waiting = await w.join(date, [B]);
    await w.cancel(tokens[A]!);
    await w.openOfferToken(offered);
    // Closed through the API, as the admin closes it: the closure tells the day's list.
    const closed = await callAs(
      t,
      admin,
      "/api/closed-dates",
      jsonPost({ date, reason: "Snow day", bookings: "cancel" }),
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect((await w.entry(offered)).status).toBe("closed");
    expect((await w.entry(waiting)).status).toBe("closed");
    expect(await w.openOffers(date)).toHaveLength(0);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, (await w.entry(waiting)).email), eq(outbox.template, "waitlist-closed")));
    expect(t.services.messages(mail!).text).toContain("Snow day");
  });
});
