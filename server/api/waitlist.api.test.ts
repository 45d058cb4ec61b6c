import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "~/.server/clock";
import { outbox, waitlistEntries } from "~/.server/db/schema";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { arrivalWindow } from "~/features/bookings/visit-text";
import { OFFER_LAPSED_STILL_WAITING } from "~/features/waitlist/waitlist.server";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { A, B, C, LONG, SHORT, freshEmail, waitlistHelpers } from "../../tests/waitlist";

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
const MINUTE = 60_000;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
  await w.oneBayNineToSeven();
});
afterEach(() => clock().set(new Date()));

describe("a freed place", () => {
  it("goes to the first entry it fits, in join order: not to a longer visit, nor to one waiting for another window", async () => {
    const date = inDays(11);
    const tokens = await w.fullDay(date);
    const { body: quote } = await callAs(
      t,
      null,
      "/api/bookings/quote",
      jsonPost({ ...LONG, promoCode: "", addOns: [] }),
    );
    expect((quote as { minutes: number }).minutes).toBeGreaterThan(120);
    const tooLong = await w.join(date, [A], LONG);
    const otherSlot = await w.join(date, [B]);
    const fits = await w.join(date, [A]);
    const anyWindow = await w.join(date, []);
    expect(await w.openOffers(date)).toHaveLength(0);

    await w.cancel(tokens[A]!);

    const open = await w.openOffers(date);
    expect(open).toMatchObject([{ entryId: fits, slot: A, status: "open" }]);
    for (const id of [tooLong, otherSlot, anyWindow]) expect(await w.offersOf(id)).toHaveLength(0);
    // Held for the set time (30 minutes by default), and the offer's e-mail waits in the outbox.
    const held = open[0]!.expiresAt.getTime() - open[0]!.createdAt.getTime();
    expect(held).toBe(30 * MINUTE);
    const entry = await w.entry(fits);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, entry.email));
    expect(mails.map((m) => m.template).sort()).toEqual(["waitlist-joined", "waitlist-offer"]);
    const offerMail = mails.find((m) => m.template === "waitlist-offer")!;
    const written = t.services.messages(offerMail);
    const offerUrl = `/waitlist/offer/${t.services.waitlistLinks.offerToken(open[0]!.id)}`;
    expect(written.text).toContain(offerUrl);
    // The window as every page and booking e-mail says it ("9–11 AM"), not as stored ("09:00–11:00").
    expect(written.text).toContain(`Arrival: ${arrivalWindow(A)}\n`);
    expect(written.text).not.toContain(A);
    const joined = t.services.messages(mails.find((m) => m.template === "waitlist-joined")!);
    expect(joined.text).toContain(`Arrival: ${arrivalWindow(A)}\n`);
    // Its "No thanks" is a link too: the offer's page, asking whether to pass the place on.
    expect(written.text).toContain("say no thanks");
    expect(written.html).toContain(`${offerUrl}?answer=no`);
  });

  it(
    "is held: 50 simultaneous bookings of it are all refused as full, and the form shows it taken",
    { tags: ["engine"] },
    async () => {
      const date = inDays(12);
      const tokens = await w.fullDay(date);
      const waiting = await w.join(date, [A]);
      await w.cancel(tokens[A]!);
      await w.openOfferToken(waiting);

      const direct = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          callAs(
            t,
            null,
            "/api/bookings",
            jsonPost({
              ...w.joinBody(date, [], SHORT, `rush2-${i}@example.com`),
              slots: undefined,
              preferredTimeSlot: A,
            }),
          ),
        ),
      );
      for (const answer of direct) {
        expect(answer.status).toBe(409);
        expect((answer.body as { error: { message: string } }).error.message).toBe(SLOT_FULL);
      }
      expect(await w.liveIn(date, A)).toBe(0);
      const { body } = await t.json<{ slots: { slot: string; remaining: number }[] }>(
        `/api/availability?date=${date}&serviceType=Hand+Wash&vehicleType=Car`,
      );
      expect(body.slots.find((s) => s.slot === A)?.remaining).toBe(0);
    },
  );

  it("is booked by one tap on the offer in time: 201 with the booking's id and manage token, a confirmed booking", async () => {
    const date = inDays(13);
    const tokens = await w.fullDay(date);
    const waiting = await w.join(date, [A, B]);
    await w.cancel(tokens[A]!);
    const token = await w.openOfferToken(waiting);
    const page = await t.json(`/api/waitlist/offers/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ date, slot: A, status: "open", summary: "Hand Wash (Car)" });

    clock().set(new Date(Date.now() + 29 * MINUTE));
    const { status, body } = await callAs(t, null, `/api/waitlist/offers/${token}/accept`, jsonPost({}));
    expect(status, JSON.stringify(body)).toBe(201);
    const { insertedId, manageToken } = body as { insertedId: string; manageToken: string };
    const view = await t.json<{ booking: { status: string; preferredTimeSlot: string; email: string } }>(
      `/api/bookings/manage/${manageToken}`,
    );
    // The shop offered and held this very place: booked, it is confirmed, as "one tap books it" said.
    expect(view.body.booking).toMatchObject({ status: "confirmed", preferredTimeSlot: A });
    const [received] = await t.database.db.select().from(outbox).where(eq(outbox.bookingId, insertedId));
    expect(t.services.messages(received!).subject).toMatch(/^Your booking is confirmed – /);
    expect(await w.liveIn(date, A)).toBe(1);
    expect(await w.offersOf(waiting)).toMatchObject([{ status: "accepted", bookingId: insertedId }]);
    expect(await w.entry(waiting)).toMatchObject({ status: "booked", bookingId: insertedId });
    // A second tap is told it is booked, and books nothing more.
    const again = await callAs(t, null, `/api/waitlist/offers/${token}/accept`, jsonPost({}));
    expect(again.status).toBe(409);
    expect(await w.liveIn(date, A)).toBe(1);
  });

  it("accepted after its hold lapsed is refused in clear words, and the place goes to the next entry", async () => {
    const date = inDays(14);
    const tokens = await w.fullDay(date);
    const first = await w.join(date, [A]);
    const next = await w.join(date, [A]);
    await w.cancel(tokens[A]!);
    const token = await w.openOfferToken(first);

    clock().set(new Date(Date.now() + 31 * MINUTE));
    const { status, body } = await callAs(t, null, `/api/waitlist/offers/${token}/accept`, jsonPost({}));
    expect(status).toBe(409);
    expect((body as { error: { message: string } }).error.message).toBe(OFFER_LAPSED_STILL_WAITING);
    expect(await w.liveIn(date, A)).toBe(0);
    expect(await w.offersOf(first)).toMatchObject([{ status: "lapsed" }]);
    // Still on the list, behind the others: the place goes to the next.
    expect((await w.entry(first)).status).toBe("waiting");
    expect(await w.openOffers(date)).toMatchObject([{ entryId: next, slot: A }]);
  });

  it("lapses on the sweep (PUT /api/test-clock runs it) and goes to the next entry", async () => {
    const date = inDays(15);
    const tokens = await w.fullDay(date);
    const first = await w.join(date, [A]);
    const next = await w.join(date, [A]);
    await w.cancel(tokens[A]!);
    await w.openOfferToken(first);

    await w.sweepAt(29);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: first }]);
    await w.sweepAt(31);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: next, slot: A }]);
    expect((await w.entry(first)).status).toBe("waiting");
  });

  it("a lapsed hold keeps its customer on the list, behind those waiting; a second takes them off; each is e-mailed", async () => {
    const date = inDays(29);
    const tokens = await w.fullDay(date);
    const first = await w.join(date, [A]);
    const next = await w.join(date, [A]);
    await w.cancel(tokens[A]!);
    const firstToken = await w.openOfferToken(first);

    // First's hold lapses: still waiting, told so, and the place is next's.
    await w.sweepAt(31);
    expect((await w.entry(first)).status).toBe("waiting");
    expect(await w.openOffers(date)).toMatchObject([{ entryId: next }]);
    const [stays] = await w.mailsOf(first, "waitlist-lapsed");
    expect(stays!.subject).toMatch(/you're still on the waitlist for /);
    expect(stays!.text).toContain("If another place frees up, we'll hold it for you and e-mail you again");
    expect((await t.json(`/api/waitlist/offers/${firstToken}`)).body).toMatchObject({
      status: "lapsed",
      stillWaiting: true,
    });

    // Next's lapses too: first, behind since its lapse, is ahead of next now, and is offered again.
    await w.sweepAt(62);
    expect((await w.entry(next)).status).toBe("waiting");
    expect(await w.openOffers(date)).toMatchObject([{ entryId: first }]);

    // First's second hold lapses: off the list, told so; the place goes to next.
    await w.sweepAt(93);
    expect((await w.entry(first)).status).toBe("lapsed");
    expect(await w.openOffers(date)).toMatchObject([{ entryId: next }]);
    const [, off] = await w.mailsOf(first, "waitlist-lapsed");
    expect(off!.subject).toMatch(/you're off the waitlist for /);
    expect(off!.text).toContain("we've taken you off the waitlist");
    expect((await t.json(`/api/waitlist/offers/${firstToken}`)).body).toMatchObject({ stillWaiting: false });
  });

  it("declined goes to the next entry; leaving the list withdraws an open offer, which goes on too", async () => {
    const date = inDays(16);
    const tokens = await w.fullDay(date);
    const first = await w.join(date, [A]);
    const second = await w.join(date, [A]);
    const third = await w.join(date, []);
    await w.cancel(tokens[A]!);
    const declined = await callAs(
      t,
      null,
      `/api/waitlist/offers/${await w.openOfferToken(first)}/decline`,
      jsonPost({}),
    );
    expect(declined.status).toBe(200);
    expect((await w.entry(first)).status).toBe("declined");
    expect(await w.openOffers(date)).toMatchObject([{ entryId: second, slot: A }]);

    const leaveToken = t.services.waitlistLinks.leaveToken(second);
    expect((await t.json(`/api/waitlist/leave/${leaveToken}`)).body).toMatchObject({ date, status: "waiting" });
    const left = await callAs(t, null, `/api/waitlist/leave/${leaveToken}`, jsonPost({}));
    expect(left).toMatchObject({ status: 200, body: { status: "left" } });
    expect(await w.offersOf(second)).toMatchObject([{ status: "withdrawn" }]);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: third, slot: A }]);
  });

  it("from more bays or a date opened again is offered to those waiting", async () => {
    const date = inDays(17);
    await w.fullDay(date);
    const waiting = await w.join(date, [C]);
    expect((await w.settings({ bays: 2 })).status).toBe(200);
    try {
      expect(await w.openOffers(date)).toMatchObject([{ entryId: waiting, slot: C }]);
    } finally {
      expect((await w.settings({ bays: 1 })).status).toBe(200);
    }

    const closed = inDays(18);
    expect((await callAs(t, admin, "/api/closed-dates", jsonPost({ date: closed, reason: "Inventory" }))).status).toBe(
      201,
    );
    const onClosed = await w.join(closed, [B]);
    expect(await w.openOffers(closed)).toHaveLength(0);
    const reopened = await callAs(t, admin, `/api/closed-dates/${closed}`, { method: "DELETE" });
    expect(reopened.status).toBe(200);
    expect(await w.openOffers(closed)).toMatchObject([{ entryId: onClosed, slot: B }]);
  });
});

describe("joining", () => {
  it("refuses bad input with 400 and writes nothing", async () => {
    const date = inDays(19);
    const before = (await t.database.db.select({ n: count() }).from(waitlistEntries))[0]!.n;
    const good = w.joinBody(date, [A], SHORT, freshEmail("bad"));
    for (const bad of [
      { ...good, slots: ["Anytime"] },
      { ...good, slots: ["10:00–12:00"] },
      { ...good, slots: "09:00–11:00" },
      { ...good, preferredDate: "2020-01-01" },
      { ...good, phone: "" },
      { ...good, email: "not-an-email" },
      { ...good, serviceType: "Moon Polish" },
      { ...good, preferredTimeSlot: A },
    ]) {
      const { status, body } = await callAs(t, null, "/api/waitlist", jsonPost(bad));
      expect(status, JSON.stringify(bad)).toBe(400);
      expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    const after = (await t.database.db.select({ n: count() }).from(waitlistEntries))[0]!.n;
    expect(after).toBe(before);
  });

  it("answers a second live entry for the same e-mail and day with 409, and fills a member's e-mail from the account", async () => {
    const date = inDays(20);
    await w.fullDay(date);
    const email = freshEmail("twice");
    await w.join(date, [A], SHORT, email);
    const { status, body } = await callAs(t, null, "/api/waitlist", jsonPost(w.joinBody(date, [B], SHORT, email)));
    expect(status).toBe(409);
    expect((body as { error: { message: string } }).error.message).toMatch(/already on the waitlist/);

    const { preferredTimeSlot: _, email: _e, ...rest } = { ...w.joinBody(date, [A], SHORT, ""), preferredTimeSlot: 0 };
    const joined = await callAs(t, member, "/api/waitlist", jsonPost(rest));
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(await w.entry((joined.body as { insertedId: string }).insertedId)).toMatchObject({
      email: member.email.toLowerCase(),
      userId: member.id,
    });
  });

  it("offers a place that is already free at once", async () => {
    const date = inDays(21);
    const waiting = await w.join(date, []);
    expect(await w.openOffers(date)).toMatchObject([{ entryId: waiting, slot: A }]);
  });
});
