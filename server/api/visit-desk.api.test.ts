import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, outbox } from "~/.server/db/schema";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { CLOSED_DATE } from "~/features/bookings/bookings.schema";
import { DEFAULT_SHOP_HOURS, openingOnWeekday } from "~/features/bookings/shop-hours";
import { formatClock } from "~/lib/opening-hours";
import { defaultSiteConfig } from "~/lib/site-config";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * The manager's day through the API: moving a booking to another day, visit stages with the
 * "car ready" e-mail, and a customer's history — all for admins only.
 */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

const patch = (id: string, body: unknown, who: TestAccount | null = admin) =>
  callAs(t, who, `/api/bookings/${id}`, jsonPost(body, { method: "PATCH" }));
const setStage = (id: string, stage: string | null, who: TestAccount | null = admin) =>
  callAs(t, who, `/api/bookings/${id}/stage`, jsonPost({ stage }, { method: "PUT" }));
const history = (id: string, who: TestAccount | null = admin) => callAs(t, who, `/api/bookings/${id}/customer`);
const stored = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

let seq = 0;
/** A booking of one slot (the bays default to 3 per slot) from its own customer. */
async function booked(date: string, slot = "09:00–11:00", extra: Parameters<typeof buildBooking>[0] = {}) {
  const [row] = await insertBookings(t.database.db, [
    buildBooking({
      email: `desk${++seq}@example.com`,
      phone: `555-01${String(seq).padStart(2, "0")}-000`,
      preferredDate: date,
      preferredTimeSlot: slot,
      ...extra,
    }),
  ]);
  return row!;
}

describe("moving a booking to another day (admins)", () => {
  it("takes the new date's place and frees the old one; refuses a full slot and a closed date, changing nothing", async () => {
    const [from, to, closed] = [inDays(40), inDays(41), inDays(42)];
    const moving = await booked(from);
    const { status } = await patch(moving.id, { preferredDate: to, preferredTimeSlot: "11:00–13:00" });
    expect(status).toBe(200);
    expect(await stored(moving.id)).toMatchObject({ preferredDate: to, preferredTimeSlot: "11:00–13:00" });

    for (let i = 0; i < 3; i++) await booked(to, "13:00–15:00");
    const full = await patch(moving.id, { preferredTimeSlot: "13:00–15:00" });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(SLOT_FULL);

    await callAs(t, admin, "/api/closed-dates", jsonPost({ date: closed, reason: "Holiday" }));
    const shut = await patch(moving.id, { preferredDate: closed });
    expect(shut.status).toBe(409);
    expect(shut.body.error.message).toBe(CLOSED_DATE);
    expect(await stored(moving.id)).toMatchObject({ preferredDate: to, preferredTimeSlot: "11:00–13:00" });
  });

  it("a four-hour visit needs a place in both slots it spans on the new date", async () => {
    const [from, to] = [inDays(43), inDays(44)];
    const long = await booked(from, "09:00–11:00", { durationMinutes: 240 });
    for (let i = 0; i < 3; i++) await booked(to, "11:00–13:00");
    const { status, body } = await patch(long.id, { preferredDate: to });
    expect(status).toBe(409);
    expect(body.error.message).toBe(SLOT_FULL);
    expect((await stored(long.id)).preferredDate).toBe(from);
  });

  it(
    "simultaneous moves into the last place: exactly one wins, the others stay where they were",
    { tags: ["engine"] },
    async () => {
      const [from, to] = [inDays(46), inDays(47)];
      for (let i = 0; i < 2; i++) await booked(to, "15:00–17:00");
      const movers = await Promise.all(Array.from({ length: 8 }, () => booked(from, "15:00–17:00")));
      const answers = await Promise.all(movers.map((m) => patch(m.id, { preferredDate: to })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.message === SLOT_FULL)).toBe(true);
      const onTo = await t.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.preferredDate, to), eq(bookings.preferredTimeSlot, "15:00–17:00")));
      expect(onTo).toHaveLength(3);
    },
  );

  it("members may not move bookings, not even their own", async () => {
    const own = await booked(inDays(48), "09:00–11:00", { email: member.email });
    expect((await patch(own.id, { preferredDate: inDays(49) }, member)).status).toBe(403);
    expect((await stored(own.id)).preferredDate).toBe(inDays(48));
  });
});

describe("confirming several requests together (admins)", () => {
  const confirmAll = (rows: { id: string; preferredDate: string; preferredTimeSlot: string }[], who = admin) =>
    callAs(
      t,
      who,
      "/api/bookings/confirm",
      jsonPost({
        bookings: rows.map(({ id, preferredDate, preferredTimeSlot }) => ({ id, preferredDate, preferredTimeSlot })),
      }),
    );
  const customerMail = async (id: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.bookingId, id))).filter((m) => m.to !== admin.email);

  it("confirms every one, e-mailing each customer once; one confirmed already is left as it is", async () => {
    const day = inDays(60);
    const [a, b, done] = [await booked(day), await booked(day, "11:00–13:00"), await booked(day, "Anytime")];
    await patch(done.id, { status: "confirmed" });
    const mailBefore = (await customerMail(done.id)).length;
    const { status, body } = await confirmAll([a, b, done]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ matchedCount: 3, modifiedCount: 2 });
    for (const row of [a, b, done]) expect((await stored(row.id)).status).toBe("confirmed");
    expect((await customerMail(a.id)).length).toBeGreaterThan(0);
    expect((await customerMail(done.id)).length).toBe(mailBefore);
  });

  it("confirms none when one was cancelled or moved since the list was loaded, and names it", async () => {
    const day = inDays(61);
    const [a, cancelled, moved] = [
      await booked(day, "09:00–11:00", { fullName: "Ann Keep" }),
      await booked(day, "09:00–11:00", { fullName: "Cal Gone" }),
      await booked(day, "11:00–13:00", { fullName: "Mo Moved" }),
    ];
    await patch(cancelled.id, { status: "cancelled" });
    await patch(moved.id, { preferredTimeSlot: "13:00–15:00" });
    const { status, body } = await confirmAll([a, cancelled, moved]);
    expect(status).toBe(409);
    expect(body.error.message).toMatch(/^Nothing was confirmed: Cal Gone, Mo Moved changed/);
    expect((await stored(a.id)).status).toBe("pending");
    expect(await customerMail(a.id)).toHaveLength(0);
  });

  it(
    "a batch and a cancellation at the same moment: either all confirmed before it, or none",
    { tags: ["engine"] },
    async () => {
      const day = inDays(62);
      const rows = await Promise.all(
        Array.from({ length: 5 }, (_, i) => booked(day, i % 2 ? "09:00–11:00" : "Anytime")),
      );
      const [batch, cancel] = await Promise.all([confirmAll(rows), patch(rows[3]!.id, { status: "cancelled" })]);
      expect(cancel.status).toBe(200);
      const statuses = await Promise.all(rows.map(async (r) => (await stored(r.id)).status));
      if (batch.status === 200)
        expect(statuses).toEqual(["confirmed", "confirmed", "confirmed", "cancelled", "confirmed"]);
      else {
        expect(batch.status).toBe(409);
        expect(statuses).toEqual(["pending", "pending", "pending", "cancelled", "pending"]);
      }
    },
  );

  it("is refused to members and visitors, and an empty or malformed batch is refused", async () => {
    const row = await booked(inDays(63), "09:00–11:00", { email: member.email });
    expect((await confirmAll([row], member)).status).toBe(403);
    expect((await callAs(t, null, "/api/bookings/confirm", jsonPost({ bookings: [] }))).status).toBe(401);
    expect((await callAs(t, admin, "/api/bookings/confirm", jsonPost({ bookings: [] }))).status).toBe(400);
    expect((await callAs(t, admin, "/api/bookings/confirm", jsonPost({ bookings: [{ id: row.id }] }))).status).toBe(
      400,
    );
    expect((await stored(row.id)).status).toBe("pending");
  });
});

describe("a week's work in Manage Bookings", () => {
  it("a date range lists soonest first: by date, then arrival slot, Anytime after the timed ones", async () => {
    const [first, second] = [inDays(64), inDays(65)];
    const late = await booked(first, "15:00–17:00");
    const anytime = await booked(first, "Anytime");
    const early = await booked(first, "09:00–11:00");
    const nextDay = await booked(second, "09:00–11:00");
    const { status, body } = await callAs(t, admin, `/api/bookings?from=${first}&to=${second}&limit=10`);
    expect(status).toBe(200);
    expect((body as { _id: string }[]).map((b) => b._id)).toEqual([early.id, late.id, anytime.id, nextDay.id]);
  });
});

describe("visit stages", () => {
  it("an admin moves a visit through its stages; members and visitors are refused", async () => {
    const visit = await booked(inDays(0), "Anytime", { status: "confirmed" });
    expect((await setStage(visit.id, "checked-in", member)).status).toBe(403);
    expect((await setStage(visit.id, "checked-in", null)).status).toBe(401);
    expect((await stored(visit.id)).visitStage).toBeNull();

    const { status, body } = await setStage(visit.id, "checked-in");
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: visit.id, visitStage: "checked-in", status: "confirmed" });
    expect((await stored(visit.id)).visitStageAt).toBeInstanceOf(Date);
    expect((await setStage(visit.id, null)).body.visitStage).toBeNull();
  });

  it("refuses a stage for a cancelled booking, and anything that is not a stage", async () => {
    const cancelled = await booked(inDays(0), "Anytime", { status: "cancelled" });
    const refused = await setStage(cancelled.id, "checked-in");
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("This booking was cancelled.");
    expect((await stored(cancelled.id)).visitStage).toBeNull();

    const live = await booked(inDays(0), "Anytime");
    expect((await setStage(live.id, "washing")).status).toBe(400);
    expect(
      (await callAs(t, admin, `/api/bookings/${live.id}/stage`, jsonPost({ stage: "ready", x: 1 }, { method: "PUT" })))
        .status,
    ).toBe(400);
    expect((await setStage("0123456789abcdef01234567", "ready")).status).toBe(404);
  });

  it(
    "'ready for pickup' e-mails the customer once, however often and however simultaneously it is pressed",
    { tags: ["engine"] },
    async () => {
      const visit = await booked(inDays(0), "Anytime", { status: "confirmed", vehicleType: "Pickup truck" });
      const readyMail = () =>
        t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.bookingId, visit.id), eq(outbox.kind, "ready")));

      const answers = await Promise.all(Array.from({ length: 6 }, () => setStage(visit.id, "ready")));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      // Back a step and ready again: still the one e-mail.
      await setStage(visit.id, "in-progress");
      await setStage(visit.id, "ready");

      const mails = await readyMail();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: visit.email,
        subject: expect.stringMatching(/^Your car is ready for pickup/),
      });
      expect(mails[0]!.text).toContain("Your pickup truck is ready for pickup");
    },
  );
});

describe("the car-ready e-mail", () => {
  it("tells the customer until when the shop is open today, and does not ask whether they are running late", async () => {
    const visit = await booked(inDays(0), "Anytime", { status: "confirmed" });
    expect((await setStage(visit.id, "ready")).status).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, visit.id), eq(outbox.kind, "ready")));
    // Today's hours in the business's zone, from the default settings (Sunday closes earlier).
    const weekday = new Date(`${inDays(0)}T12:00:00Z`).getUTCDay();
    const closes = formatClock(openingOnWeekday(DEFAULT_SHOP_HOURS, weekday)!.closes);
    expect(mail!.text).toContain(`Come and collect it whenever suits you today: we're open until ${closes}.`);
    expect(mail!.text).not.toContain("running late");
  });
});

describe("stage guards: each stage only when the visit's time allows it", () => {
  // The server's clock, moved by hand (only Date: timers and the database run as ever). The
  // booking is tomorrow's, so the admin's session is still valid on the faked days.
  const at = (date: string, time: string) => vi.setSystemTime(zonedTimeToUtc(date, time, defaultSiteConfig.timeZone));
  afterEach(() => vi.useRealTimers());

  it("check-in only on the visit's day, not before it nor after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const day = inDays(1);
    const visit = await booked(day, "11:00–13:00", { status: "confirmed" });

    at(addDays(day, -1), "17:00");
    const early = await setStage(visit.id, "checked-in");
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(
      /^The visit is on \w{3}, \w{3} \d+: the car cannot be here before its day\.$/,
    );
    expect((await setStage(visit.id, "in-progress")).status).toBe(409);
    expect((await stored(visit.id)).visitStage).toBeNull();

    at(day, "08:05");
    const onTheDay = await setStage(visit.id, "checked-in");
    expect(onTheDay.status).toBe(200);
    expect(onTheDay.body.visitStage).toBe("checked-in");
    expect((await setStage(visit.id, null)).status).toBe(200);

    at(addDays(day, 1), "09:00");
    const late = await setStage(visit.id, "checked-in");
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/^Check-in is for the visit's day, .+, which has passed\.$/);
    // A late correction is a stage further on: the car was collected.
    expect((await setStage(visit.id, "collected")).status).toBe(200);
  });

  it("no-show only once the arrival window has ended; for 'Anytime', once the day has", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const day = inDays(1);
    const timed = await booked(day, "09:00–11:00", { status: "confirmed" });
    const anytime = await booked(day, "Anytime", { status: "confirmed" });

    at(addDays(day, -1), "12:00");
    expect((await setStage(timed.id, "no-show")).status).toBe(409);

    at(day, "10:59");
    const inWindow = await setStage(timed.id, "no-show");
    expect(inWindow.status).toBe(409);
    expect(inWindow.body.error.message).toBe("Not a no-show yet: the car may still arrive until 11 AM today.");
    expect((await stored(timed.id)).visitStage).toBeNull();

    at(day, "11:00");
    expect((await setStage(timed.id, "no-show")).body).toMatchObject({ visitStage: "no-show" });

    at(day, "17:30");
    const sameDay = await setStage(anytime.id, "no-show");
    expect(sameDay.status).toBe(409);
    expect(sameDay.body.error.message).toBe("Not a no-show yet: the car may still arrive until the end of today.");

    at(addDays(day, 1), "00:00");
    expect((await setStage(anytime.id, "no-show")).status).toBe(200);
    expect((await stored(anytime.id)).visitStage).toBe("no-show");
  });
});

describe("a customer's history", () => {
  it("lists the customer's bookings by e-mail and by phone, with visits, cancellations and no-shows", async () => {
    const email = "regular@example.com";
    const [past1, , missed] = [
      await booked(inDays(-30), "09:00–11:00", { email, phone: "(555) 777-1234", status: "confirmed" }),
      await booked(inDays(-20), "09:00–11:00", { email, phone: "(555) 777-1234", status: "cancelled" }),
      await booked(inDays(-10), "09:00–11:00", { email, phone: "(555) 777-1234", status: "confirmed" }),
    ];
    // The same person booking by phone under another address.
    await booked(inDays(-5), "11:00–13:00", { email: "other.address@example.com", phone: "555.777.1234" });
    const current = await booked(inDays(5), "11:00–13:00", {
      email,
      phone: "555-777-1234",
      specialInstructions: "Dog hair",
    });
    await insertBookings(t.database.db, [buildBooking({ email: "stranger@example.com", phone: "(555) 999-0000" })]);
    await setStage(missed.id, "no-show");

    const { status, body } = await history(current.id);
    expect(status).toBe(200);
    expect(body.customer).toEqual({ fullName: "Jamie Rivera", email, phone: "555-777-1234" });
    expect(body.counts).toEqual({ bookings: 5, visits: 2, cancellations: 1, noShows: 1, upcoming: 1 });
    expect(body.bookings.map((b: { preferredDate: string }) => b.preferredDate)).toEqual(
      [5, -5, -10, -20, -30].map((d) => inDays(d)),
    );
    expect(body.bookings[0]).toMatchObject({ _id: current.id, specialInstructions: "Dog hair" });
    expect(body.bookings.at(-1)._id).toBe(past1.id);
    expect(body.more).toBe(false);
  });

  it("never reaches a member, even for their own booking, nor a visitor", async () => {
    const own = await booked(inDays(6), "09:00–11:00", { email: member.email });
    const asMember = await history(own.id, member);
    expect(asMember.status).toBe(403);
    expect(JSON.stringify(asMember.body)).not.toContain(own.phone);
    expect((await history(own.id, null)).status).toBe(401);
    expect((await history("0123456789abcdef01234567")).status).toBe(404);
  });
});

describe("the counter's desk", () => {
  it("counts today's cars, waiting requests and cars on site; queues requests soonest first", async () => {
    const actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin" as const, emailVerified: true };
    const desk = () => t.services.visits.desk(actor, inDays(0));
    const before = await desk();
    const later = await booked(inDays(3), "13:00–15:00");
    const sooner = await booked(inDays(1), "11:00–13:00");
    const here = await booked(inDays(0), "Anytime", { status: "confirmed" });
    await setStage(here.id, "in-progress");
    const after = await desk();
    expect(after.counts.waiting - before.counts.waiting).toBe(2);
    expect(after.counts.today - before.counts.today).toBe(1);
    expect(after.counts.onSite - before.counts.onSite).toBe(1);
    const order = after.queue.map((b) => b._id);
    expect(order.indexOf(sooner.id)).toBeLessThan(order.indexOf(later.id));
    expect(after.arrivals.map((b) => b._id)).not.toContain(here.id);
  });
});

describe("the desk's loose ends", () => {
  it("lists the last week's visits never collected nor marked a no-show, until a stage gives them an outcome", async () => {
    const actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin" as const, emailVerified: true };
    const looseIds = async () => (await t.services.visits.desk(actor, inDays(0))).looseEnds.map((b) => b._id);
    const forgotten = await booked(inDays(-1), "15:00–17:00", { status: "confirmed" });
    const leftOnSite = await booked(inDays(-2), "09:00–11:00", { status: "confirmed", visitStage: "ready" });
    const settled = [
      await booked(inDays(-1), "09:00–11:00", { status: "confirmed", visitStage: "collected" }),
      await booked(inDays(-1), "11:00–13:00", { status: "confirmed", visitStage: "no-show" }),
      await booked(inDays(-1), "13:00–15:00", { status: "cancelled" }),
      await booked(inDays(-8), "09:00–11:00", { status: "confirmed" }),
      await booked(inDays(0), "09:00–11:00", { status: "confirmed" }),
    ];
    const listed = await looseIds();
    // Yesterday's first.
    expect(listed.filter((id) => [forgotten.id, leftOnSite.id].includes(id))).toEqual([forgotten.id, leftOnSite.id]);
    for (const other of settled) expect(listed).not.toContain(other.id);

    // The stage operations give them an outcome: the desk's list empties.
    expect((await setStage(forgotten.id, "no-show")).status).toBe(200);
    expect((await setStage(leftOnSite.id, "collected")).status).toBe(200);
    const after = await looseIds();
    expect(after).not.toContain(forgotten.id);
    expect(after).not.toContain(leftOnSite.id);
  });
});

describe("places for a booking's own length (the admin's move)", () => {
  it("GET /api/availability?minutes= judges every slot the length spans; a length out of range is refused", async () => {
    const date = inDays(50);
    for (let i = 0; i < 3; i++) await booked(date, "11:00–13:00");
    const slots = async (query: string) => {
      const { status, body } = await callAs(t, null, `/api/availability?date=${date}&${query}`);
      expect(status).toBe(200);
      return Object.fromEntries(
        (body.slots as { slot: string; remaining: number }[]).map((s) => [s.slot, s.remaining]),
      );
    };
    expect((await slots("minutes=240"))["09:00–11:00"]).toBe(0);
    expect((await slots("minutes=30"))["09:00–11:00"]).toBe(3);
    const refused = await callAs(t, null, `/api/availability?date=${date}&minutes=3`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Minutes must be a whole number from 5 to 720");
  });
});
