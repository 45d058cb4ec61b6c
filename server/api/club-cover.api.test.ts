import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, memberships } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, signUpAs, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, dayAhead, inDays, LONG_DAYS } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * The Wash Club honoured by the quote and the booking (issue 47): the coverage table, each total
 * worked out by hand from these prices (a Car is the smallest class: the prices as set): Hand Wash
 * $25, Wax $40, Tire shine $5.
 */
const t = setupTestApp();
let manager: TestAccount;
let staff: TestAccount;
let ann: TestAccount; // Unlimited Exterior, a visit a day
let ben: TestAccount; // Two Washes, a pack
let cal: TestAccount; // Unlimited Exterior, ended
let tireShine: string;
const DAY = dayAhead(20, LONG_DAYS);
const OTHER_DAY = dayAhead(30, LONG_DAYS);

const call = (who: TestAccount | null, path: string, body?: unknown) =>
  callAs(t, who, path, body === undefined ? {} : jsonPost(body));
type Line = { label: string; amount: number };
const quote = async (who: TestAccount | null, body: Record<string, unknown> = {}) => {
  const { status, body: answer } = await call(who, "/api/bookings/quote", {
    serviceType: "Hand Wash",
    vehicleType: "Car",
    preferredDate: DAY,
    ...body,
  });
  expect(status, JSON.stringify(answer)).toBe(200);
  return {
    lines: (answer.lines as Line[]).map((l) => [l.label, l.amount]),
    total: answer.total as number,
    note: (answer.note as string | undefined) ?? null,
  };
};
const book = (who: TestAccount, body: Record<string, unknown> = {}) =>
  call(who, "/api/bookings", buildBookingRequest({ preferredDate: DAY, ...body }));

async function sell(who: TestAccount, planId: string, amount: number) {
  const { status, body } = await call(staff, "/api/memberships", {
    planId,
    name: who.name,
    email: who.email,
    phone: "(555) 777-0101",
    payment: { method: "card", amount },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { insertedId: string; number: string; validUntil: string; washesLeft: number | null };
}

const COVERED = ["Wash Club (Unlimited Exterior): covered", -25];
const PACK_COVERED = ["Wash Club (Two Washes): covered", -25];

beforeAll(async () => {
  [manager, staff, ann, ben, cal] = await Promise.all([
    signUpAs(t, "manager"),
    signUpAs(t, "staff"),
    signUp(t, { name: "Ann Member" }),
    signUp(t, { name: "Ben Member" }),
    signUp(t, { name: "Cal Member" }),
  ]);
  for (const [service, price, minutes] of [
    ["Hand%20Wash", 25, 30],
    ["Wax", 40, 60],
  ] as const) {
    const put = jsonPost({ price, minutes }, { method: "PUT" });
    expect((await callAs(t, manager, `/api/service-prices/${service}`, put)).status).toBe(200);
  }
  const addOn = { name: "Tire shine", description: "Glossy tires", price: 5, minutes: 10 };
  tireShine = (await call(manager, "/api/add-ons", addOn)).body.insertedId;
  const unlimited = await call(manager, "/api/membership-plans", {
    name: "Unlimited Exterior",
    kind: "unlimited",
    price: 29.99,
    period: "month",
    covers: ["Hand Wash"],
  });
  const pack = await call(manager, "/api/membership-plans", {
    name: "Two Washes",
    kind: "pack",
    price: 45,
    washes: 2,
    covers: ["Hand Wash"],
  });
  await sell(ann, unlimited.body._id, 29.99);
  await sell(ben, pack.body._id, 45);
  const ended = await sell(cal, unlimited.body._id, 29.99);
  await t.database.db
    .update(memberships)
    .set({ validUntil: inDays(-1) })
    .where(eq(memberships.id, ended.insertedId));
});

describe("the coverage table", { tags: ["engine"] }, () => {
  it("unlimited: a covered service is $0, add-ons and other services are charged", async () => {
    expect(await quote(ann)).toEqual({ lines: [["Hand Wash (Small)", 25], COVERED], total: 0, note: null });
    expect(await quote(ann, { addOns: [tireShine] })).toEqual({
      lines: [["Hand Wash (Small)", 25], ["Tire shine", 5], COVERED],
      total: 5,
      note: null,
    });
    expect(await quote(ann, { serviceType: "Wax" })).toEqual({
      lines: [["Wax (Small)", 40]],
      total: 40,
      note: "Your Wash Club membership doesn't cover Wax.",
    });
  });

  it("unlimited: the second visit of a day is priced as usual, and the booking keeps its cover", async () => {
    const first = await book(ann, { addOns: [tireShine] });
    expect(first.status).toBe(201);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.body.insertedId));
    expect(row).toMatchObject({ totalCents: 500, membershipId: expect.any(String) });
    expect(await quote(ann)).toEqual({
      lines: [["Hand Wash (Small)", 25]],
      total: 25,
      note: expect.stringMatching(/^Your Wash Club covers one visit a day: .* is booked already/),
    });
    // Another day is covered again.
    expect((await quote(ann, { preferredDate: OTHER_DAY })).total).toBe(0);
  });

  it("an ended membership is priced as usual, saying why", async () => {
    expect(await quote(cal)).toEqual({
      lines: [["Hand Wash (Small)", 25]],
      total: 25,
      note: expect.stringMatching(/^Your Wash Club membership ended on .*: this visit is priced as usual\.$/),
    });
  });

  it("a pack covers while it has washes for the visits booked, says the last, then prices as usual", async () => {
    expect(await quote(ben)).toEqual({ lines: [["Hand Wash (Small)", 25], PACK_COVERED], total: 0, note: null });
    expect((await book(ben)).status).toBe(201);
    expect(await quote(ben, { addOns: [tireShine] })).toEqual({
      lines: [["Hand Wash (Small)", 25], ["Tire shine", 5], PACK_COVERED],
      total: 5,
      note: "This visit uses the last wash of your pack.",
    });
    expect((await book(ben, { preferredDate: OTHER_DAY })).status).toBe(201);
    expect(await quote(ben)).toEqual({
      lines: [["Hand Wash (Small)", 25]],
      total: 25,
      note: "Your Two Washes pack has no washes left: this visit is priced as usual.",
    });
  });

  it("tells a visitor nothing: a member's e-mail in the body quotes as anyone's", async () => {
    const plain = { lines: [["Hand Wash (Small)", 25]], total: 25, note: null };
    expect(await quote(null, { email: ann.email })).toEqual(plain);
    expect(await quote(null, { email: "nobody@example.com" })).toEqual(plain);
  });

  it("at the counter, finds the member by phone", async () => {
    expect((await quote(staff, { phone: "555-777-0101", preferredDate: OTHER_DAY })).total).toBe(0);
    expect((await quote(staff, { phone: "555-000-0000", preferredDate: OTHER_DAY })).note).toBeNull();
  });
});
