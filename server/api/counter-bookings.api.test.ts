import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingRequestLimits, BAY_SLOTS } from "~/features/bookings/bookings.schema";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { bookings, outbox } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { noticesTo } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Bookings made at the counter (issue 26, decision 026): staff (an admin) book for a caller or a
 * walk-in through the public POST /api/bookings, without the visitor limits, confirmed at once,
 * the customer's e-mail optional, and over a full slot only when they say so.
 */
// Two visitor requests a minute, both made in the first tests: the rate limit is met at once, and must
// not touch staff. Later tests ask as a member, whom the rate limit does not count either.
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "2" } });
const BAYS = 2;
const [NINE] = BAY_SLOTS;
const DESK = "desk@example.com";
let admin: TestAccount;
let nextDay = 3;
const freshDay = () => inDays(nextDay++);

const book = (account: TestAccount | null, body: Record<string, unknown>) =>
  callAs(t, account, "/api/bookings", jsonPost(buildBookingRequest(body)));
const stored = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Fills the slot with ordinary bookings by visitors of their own (no limit of one customer's is met). */
async function fill(date: string) {
  for (let i = 0; i < BAYS; i++)
    expect((await book(admin, { preferredDate: date, email: `filler-${date}-${i}@example.com` })).status).toBe(201);
}

beforeAll(async () => {
  admin = await signUpAdmin(t);
  const { status } = await callAs(
    t,
    admin,
    "/api/booking-settings",
    jsonPost({ bays: BAYS, notifyEmail: DESK }, { method: "PATCH" }),
  );
  expect(status).toBe(200);
});

describe("a booking made at the counter", () => {
  it("still needs a visitor's e-mail", async () => {
    const refused = await book(null, { email: undefined, preferredDate: freshDay() });
    expect(refused).toMatchObject({ status: 400, body: { error: { fields: { email: "Email is required" } } } });
  });

  it("is the customer's, confirmed at once, with their confirmation; the shop's own inbox is not told of its own booking", async () => {
    const created = await book(admin, { email: "caller@example.com", preferredDate: freshDay() });
    expect(created.status).toBe(201);
    const row = await stored(created.body.insertedId);
    expect(row).toMatchObject({ email: "caller@example.com", status: "confirmed", overCapacity: false, userId: null });
    const [mail] = await noticesTo(t, "caller@example.com");
    expect(mail!.subject).toMatch(/^Your booking is confirmed/);
    const messages = await t.database.db.select().from(outbox).where(eq(outbox.bookingId, created.body.insertedId));
    expect(messages.map((m) => m.to)).not.toContain(DESK);
  });

  it("meets no rate limit and no per-customer limit", async () => {
    const day = freshDay();
    const email = "regular@example.com";
    const { perDay, upcoming } = bookingRequestLimits;
    // More than one customer may hold in a day, and more than they may hold ahead, all in a minute.
    for (let i = 0; i < upcoming + 1; i++) {
      const date = i < perDay + 1 ? day : freshDay();
      const slot = i < perDay + 1 ? BAY_SLOTS[i]! : NINE;
      expect((await book(admin, { email, preferredDate: date, preferredTimeSlot: slot })).status).toBe(201);
    }
    // A visitor's second request of the minute is refused, as before.
    const first = await book(null, { email: "visitor@example.com", preferredDate: freshDay() });
    const second = await book(null, { email: "visitor@example.com", preferredDate: freshDay() });
    expect([first.status, second.status]).toEqual([201, 429]);
  });

  it("takes an empty e-mail as none, as a form sends it (issue 42)", async () => {
    const created = await book(admin, { email: "", fullName: "Walk In Blank", preferredDate: freshDay() });
    expect(created.status).toBe(201);
    expect(await stored(created.body.insertedId as string)).toMatchObject({ email: "", status: "confirmed" });
  });

  it("may leave out the e-mail: nothing is written to the customer, nor to the shop", async () => {
    const date = freshDay();
    const created = await book(admin, { email: undefined, fullName: "Walk In Nomail", preferredDate: date });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect(await stored(id)).toMatchObject({ email: "", status: "confirmed" });
    const messages = await t.database.db.select().from(outbox).where(eq(outbox.bookingId, id));
    expect(messages).toEqual([]);
    // Changing it later writes nothing to nobody either.
    const move = jsonPost({ preferredTimeSlot: BAY_SLOTS[1] }, { method: "PATCH" });
    expect((await callAs(t, admin, `/api/bookings/${id}`, move)).status).toBe(200);
    const after = await t.database.db.select().from(outbox).where(eq(outbox.bookingId, id));
    expect(after.filter((m) => m.to === "")).toEqual([]);
  });
});

describe("over capacity", () => {
  it("refuses a full slot to staff too, unless they confirm it; then books it and marks it", async () => {
    const date = freshDay();
    await fill(date);
    const refused = await book(admin, { email: "walkin@example.com", preferredDate: date });
    expect(refused).toMatchObject({ status: 409, body: { error: { message: SLOT_FULL } } });

    const over = await book(admin, { email: "walkin@example.com", preferredDate: date, overCapacity: true });
    expect(over.status).toBe(201);
    expect(await stored(over.body.insertedId)).toMatchObject({ overCapacity: true, status: "confirmed" });

    const day = await callAs(t, admin, `/api/bookings/day?date=${date}`);
    const nine = day.body.slots.find((s: { slot: string }) => s.slot === NINE);
    expect(nine.bookings.filter((b: { overCapacity: boolean }) => b.overCapacity)).toHaveLength(1);
    expect(nine.bookings).toHaveLength(BAYS + 1);
    // Ordinary requests are still refused there.
    expect((await book(await signUp(t), { preferredDate: date })).status).toBe(409);
  });

  it("marks nothing when the slot had room", async () => {
    const created = await book(admin, { email: "roomy@example.com", preferredDate: freshDay(), overCapacity: true });
    expect(created.status).toBe(201);
    expect(await stored(created.body.insertedId)).toMatchObject({ overCapacity: false });
  });

  it("does not open a closed date", async () => {
    const date = freshDay();
    const close = jsonPost({ date, reason: "Staff training" });
    expect((await callAs(t, admin, "/api/closed-dates", close)).status).toBe(201);
    const refused = await book(admin, { email: "walkin@example.com", preferredDate: date, overCapacity: true });
    expect(refused.status).toBe(409);
  });

  it("is refused to a member who sends it, whatever its value", async () => {
    const date = freshDay();
    await fill(date);
    const member = await signUp(t);
    const asMember = await book(member, { preferredDate: date, overCapacity: true });
    expect(asMember).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const unasked = await book(member, { preferredDate: date, overCapacity: false });
    expect(unasked.status).toBe(403);
  });
});

describe("over capacity at the same moment as ordinary requests", { tags: ["engine"] }, () => {
  it("leaves ordinary capacity exact: the bays filled once, only the confirmed walk-ins beyond (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const date = freshDay();
      const ordinary = Array.from({ length: BAYS + 3 }, (_, i) =>
        book(admin, { email: `o${i}-${date}@example.com`, preferredDate: date }),
      );
      const walkIns = Array.from({ length: 2 }, (_, i) =>
        book(admin, { email: `w${i}-${date}@example.com`, preferredDate: date, overCapacity: true }),
      );
      const answers = await Promise.all([...ordinary, ...walkIns]);
      expect(answers.slice(BAYS + 3).map((a) => a.status)).toEqual([201, 201]);
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      const held = await t.database.db.select().from(bookings).where(eq(bookings.preferredDate, date));
      // Every bay taken exactly once by a booking that met the limit; the rest are marked over capacity.
      expect(held.filter((b) => !b.overCapacity)).toHaveLength(BAYS);
      expect(held.filter((b) => b.overCapacity).length).toBe(held.length - BAYS);
      expect(held.filter((b) => b.email.startsWith("o")).length).toBe(
        answers.filter((a) => a.status === 201).length - 2,
      );
    }
  });
});

describe("finding a customer at the counter", () => {
  it("finds them by name, phone digits or e-mail, once each, with their last vehicle", async () => {
    const date = freshDay();
    const base = { fullName: "Priya Counterfield", phone: "(646) 555-0188", email: "priya@example.com" };
    await book(admin, { ...base, preferredDate: date, vehicleType: "Car", vehicleYear: 2015 });
    await book(admin, { ...base, preferredDate: freshDay(), vehicleType: "SUV", vehicleYear: 2021 });
    for (const q of ["counterf", "6465550188", "priya@"]) {
      const found = await callAs(t, admin, `/api/customers?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual([
        expect.objectContaining({ ...base, vehicleType: "SUV", vehicleYear: 2021, bookings: 2 }),
      ]);
    }
  });

  it("is for staff only", async () => {
    const member = await signUp(t);
    expect((await callAs(t, member, "/api/customers?q=priya")).status).toBe(403);
    expect((await callAs(t, null, "/api/customers?q=priya")).status).toBe(401);
  });
});
