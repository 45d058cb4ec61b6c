import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest as request, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { bookings } from "~/.server/db/schema";

/**
 * A package booked by id keeps its own service; WASH5 is checked before the form shows its price,
 * and a second use is explained only to the e-mail's own account (docs/decisions/029).
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let member: TestAccount;
let detailId: string;
let washId: string;

type Refusal = { error: { code: string; message: string; fields: Record<string, string> } };
const book = (account: TestAccount | null, body: unknown) =>
  t.request("/api/bookings", jsonPost(body, { cookie: account?.cookie }));
const check = (account: TestAccount | null, body: unknown) =>
  t.request("/api/bookings/promo-check", jsonPost(body, { cookie: account?.cookie }));

beforeAll(async () => {
  member = await signUp(t);
  const [detail, wash] = await insertPlans(t.database.db, [
    buildPlan({ name: "Platinum Full Detail", priceCents: 18999, durationMinutes: 240 }),
    buildPlan({ name: "Signature Wash & Wax", priceCents: 5499 }),
  ]);
  [detailId, washId] = [detail!.id, wash!.id];
});

describe("a package's own service", () => {
  it("refuses a Platinum Full Detail sent as an Oil Change, with a message under the service", async () => {
    const response = await book(
      member,
      request({ planId: detailId, serviceType: "Oil Change", preferredDate: inDays(5) }),
    );
    expect(response.status).toBe(400);
    const message = "The Platinum Full Detail package is a Full Detail, not an Oil Change.";
    expect(await response.json()).toMatchObject({
      error: { code: "validation_failed", message, fields: { serviceType: message } },
    });
    expect(await t.database.db.$count(bookings, eq(bookings.planId, detailId))).toBe(0);
  });

  it("books the package under its own service", async () => {
    const response = await book(
      member,
      request({ planId: detailId, serviceType: "Full Detail", preferredDate: inDays(5) }),
    );
    expect(response.status).toBe(201);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.planId, detailId));
    expect(row).toMatchObject({
      serviceType: "Full Detail",
      packageName: "Platinum Full Detail",
      durationMinutes: 240,
    });
  });
});

describe("POST /api/bookings/promo-check", () => {
  it("gives WASH5's price for a package and for a single service, and refuses an unknown code and no service", async () => {
    const ok = await check(null, { promoCode: " wash5 ", planId: washId, email: "new@example.com" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ promoCode: "WASH5", discount: 2.75, finalPrice: 52.24 });
    // A single service has its price now (decision 030): a Hand Wash for a car, 24.99, 5 % = 1.2495 → 1.25.
    const service = await check(null, { promoCode: "WASH5", serviceType: "Hand Wash", vehicleType: "Car" });
    expect(service.status).toBe(200);
    expect(await service.json()).toEqual({ promoCode: "WASH5", discount: 1.25, finalPrice: 23.74 });

    const unknown = await check(null, { promoCode: "FREEWASH", planId: washId });
    expect(((await unknown.json()) as Refusal).error.fields.promoCode).toBe("This promo code isn't valid.");
    const noPrice = await check(null, { promoCode: "WASH5" });
    expect(noPrice.status).toBe(400);
    expect(((await noPrice.json()) as Refusal).error.fields.promoCode).toBe(
      "Promo codes apply to a priced service: choose a service to use it.",
    );
  });

  it("answers a visitor the same for an e-mail that has used WASH5 as for one that has not", async () => {
    const used = "used-wash5@example.com";
    const first = await book(
      null,
      request({ planId: washId, email: used, promoCode: "WASH5", preferredDate: inDays(6) }),
    );
    expect(first.status).toBe(201);

    const [forUsed, forFresh] = await Promise.all([
      check(null, { promoCode: "WASH5", planId: washId, email: used }),
      check(null, { promoCode: "WASH5", planId: washId, email: "fresh@example.com" }),
    ]);
    expect(forUsed.status).toBe(forFresh.status);
    expect(await forUsed.json()).toEqual(await forFresh.json());
  });

  it("tells a signed-in member their own earlier use", async () => {
    expect((await check(member, { promoCode: "WASH5", planId: washId })).status).toBe(200);
    const mine = await book(member, request({ planId: washId, promoCode: "WASH5", preferredDate: inDays(7) }));
    expect(mine.status).toBe(201);
    const again = await check(member, { promoCode: "WASH5", planId: washId });
    expect(again.status).toBe(400);
    expect(((await again.json()) as Refusal).error.fields.promoCode).toBe("You have already used this code.");
  });
});

describe("POST /api/bookings/quote with WASH5", () => {
  const quote = (account: TestAccount | null, body: unknown) =>
    t.request("/api/bookings/quote", jsonPost(body, { cookie: account?.cookie }));
  const choice = { vehicleType: "Car", serviceType: "Hand Wash", promoCode: "wash5" };

  it("prices the code for anyone, and tells a signed-in member once it is theirs no more", async () => {
    const newcomer = await signUp(t);
    const before = await quote(newcomer, { ...choice, planId: washId });
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      lines: [
        { label: "Signature Wash & Wax (Small)", amount: 54.99 },
        { label: "WASH5 (5% off)", amount: -2.75 },
      ],
      total: 52.24,
    });
    const booked = await book(newcomer, request({ planId: washId, promoCode: "WASH5", preferredDate: inDays(11) }));
    expect(booked.status).toBe(201);

    const after = await quote(newcomer, { ...choice, planId: washId });
    expect(after.status).toBe(400);
    expect(((await after.json()) as Refusal).error.fields.promoCode).toBe("You have already used this code.");
    // Without the code the visit is still priced; a visitor is never looked up.
    expect((await quote(newcomer, { ...choice, planId: washId, promoCode: "" })).status).toBe(200);
    expect((await quote(null, { ...choice, planId: washId })).status).toBe(200);
  });
});

describe("a second WASH5 on submit", () => {
  it("says to a visitor only that the code cannot be applied, never that the e-mail has booked before", async () => {
    const email = "second-use@example.com";
    const body = (day: number) => request({ planId: washId, email, promoCode: "WASH5", preferredDate: inDays(day) });
    expect((await book(null, body(8))).status).toBe(201);
    const again = await book(null, body(9));
    expect(again.status).toBe(400);
    const refusal = (await again.json()) as Refusal;
    expect(refusal.error.fields.promoCode).toBe("This code can't be applied to this booking.");
    expect(JSON.stringify(refusal)).not.toMatch(/already|before|used/i);
  });

  it("tells the member whose account it is", async () => {
    const mine = await book(member, request({ planId: washId, promoCode: "WASH5", preferredDate: inDays(10) }));
    expect(mine.status).toBe(400);
    expect(((await mine.json()) as Refusal).error.fields.promoCode).toBe("You have already used this code.");
  });
});
