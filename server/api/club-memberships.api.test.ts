import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addPeriod } from "~/features/club/club-dates";
import { bookings, memberships, outbox } from "~/.server/db/schema";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { callAs, jsonPost, signUp, signUpAs, type TestAccount } from "../../tests/accounts";
import { buildBooking, dayAhead, inDays, insertBookings, LONG_DAYS } from "../../tests/factories";
import { noticesTo } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Wash Club memberships (issue 47): sold with a till payment and a card by e-mail, found by the
 * desk, renewed from before and after their end, seen by their member; a pack's washes used at
 * collection never below zero; one renewal reminder; two bookings of one covered day at once.
 */
const t = setupTestApp();
let manager: TestAccount;
let staff: TestAccount;
let unlimitedId: string;
let packId: string;
const TODAY = inDays(0);

const call = (who: TestAccount | null, path: string, body?: unknown) =>
  callAs(t, who, path, body === undefined ? {} : jsonPost(body));
const sell = (planId: string, who: { name: string; email: string }, amount: number, extra = {}) =>
  call(staff, "/api/memberships", {
    planId,
    name: who.name,
    email: who.email,
    payment: { method: "cash", amount },
    ...extra,
  });

beforeAll(async () => {
  [manager, staff] = await Promise.all([signUpAs(t, "manager"), signUpAs(t, "staff")]);
  const put = jsonPost({ price: 25, minutes: 30 }, { method: "PUT" });
  expect((await callAs(t, manager, "/api/service-prices/Hand%20Wash", put)).status).toBe(200);
  const plan = (body: object) => call(manager, "/api/membership-plans", body).then((r) => r.body._id as string);
  unlimitedId = await plan({
    name: "Unlimited Exterior",
    kind: "unlimited",
    price: 29.99,
    period: "month",
    covers: ["Hand Wash"],
  });
  packId = await plan({ name: "5 Washes", kind: "pack", price: 99, washes: 5, covers: ["Hand Wash"] });
});

describe("selling and finding", { tags: ["engine"] }, () => {
  it("sells at the plan's price with a till payment, e-mails the card, and the member sees it once verified", async () => {
    const member = await signUp(t, { name: "Dana Driver" });
    expect((await sell(unlimitedId, member, 20)).body.error.fields).toEqual({
      "payment.amount": "The Unlimited Exterior plan costs $29.99.",
    });
    const sold = await sell(unlimitedId, member, 29.99, { phone: "(555) 303-4040", plate: "abc 123" });
    expect(sold).toEqual({
      status: 201,
      body: {
        insertedId: expect.any(String),
        number: expect.stringMatching(/^WC-\d{8}$/),
        validUntil: addPeriod(TODAY, "month"),
        washesLeft: null,
      },
    });
    const [card] = await noticesTo(t, member.email.toLowerCase());
    expect(card!.subject).toBe(`Welcome to the Sparkle Auto Spa Wash Club: your card ${sold.body.number}`);
    expect(card!.html).toContain(`aria-label="Wash Club card ${sold.body.number}"`);
    const { body: takings } = await call(manager, `/api/reports/takings?date=${TODAY}`);
    expect(takings.payments).toContainEqual(
      expect.objectContaining({ method: "cash", amount: 29.99, membership: sold.body.number }),
    );

    for (const q of ["dana", member.email, "555 303 4040", "ABC-123", sold.body.number])
      expect(
        (await call(staff, `/api/memberships?q=${encodeURIComponent(q)}`)).body.map((m: { _id: string }) => m._id),
      ).toContain(sold.body.insertedId);
    expect(await call(member, "/api/me/memberships")).toMatchObject({
      status: 200,
      body: [{ number: sold.body.number, status: "active", plan: { name: "Unlimited Exterior" } }],
    });
    // The customer's page shows the card.
    const { body: found } = await call(manager, `/api/customers?q=${encodeURIComponent(member.email)}`);
    const { body: customer } = await call(staff, `/api/customers/${found[0].id}`);
    expect(customer.club).toMatchObject([{ number: sold.body.number, plan: { name: "Unlimited Exterior" } }]);
    const stranger = await signUp(t, { verified: false, email: `x-${member.email}` });
    expect((await call(stranger, "/api/me/memberships")).body).toEqual([]);
  });

  it("renews a period on from its end when early, and from today when it has ended", async () => {
    const early = await sell(unlimitedId, { name: "Eli Early", email: "eli@example.com" }, 29.99);
    const ends = inDays(10);
    await t.database.db.update(memberships).set({ validUntil: ends }).where(eq(memberships.id, early.body.insertedId));
    const renewed = await call(staff, `/api/memberships/${early.body.insertedId}/renew`, {
      payment: { method: "card", amount: 29.99 },
    });
    expect(renewed.body).toMatchObject({ validUntil: addPeriod(ends, "month"), status: "active" });

    const late = await sell(unlimitedId, { name: "Lou Late", email: "lou@example.com" }, 29.99);
    await t.database.db
      .update(memberships)
      .set({ validUntil: inDays(-5) })
      .where(eq(memberships.id, late.body.insertedId));
    expect((await call(staff, `/api/memberships/${late.body.insertedId}`)).body.status).toBe("expired");
    const back = await call(staff, `/api/memberships/${late.body.insertedId}/renew`, {
      payment: { method: "card", amount: 29.99 },
    });
    expect(back.body).toMatchObject({ validUntil: addPeriod(TODAY, "month"), status: "active" });

    const gone = await call(staff, `/api/memberships/${late.body.insertedId}/cancel`, {});
    expect(gone.body.status).toBe("cancelled");
    expect(
      (
        await call(staff, `/api/memberships/${late.body.insertedId}/renew`, {
          payment: { method: "card", amount: 29.99 },
        })
      ).status,
    ).toBe(409);
  });
});

describe("a pack's washes at collection", { tags: ["engine"] }, () => {
  it("20 covered visits collected at once use the 5 washes, never below zero; the rest owe their price", async () => {
    const sold = await sell(packId, { name: "Pat Pack", email: "pat@example.com" }, 99);
    const covered = [
      { kind: "service" as const, label: "Hand Wash (Small)", amountCents: 2500, minutes: 30 },
      { kind: "club" as const, label: "Wash Club (5 Washes): covered", amountCents: -2500, minutes: 0 },
    ];
    // Twenty visits booked at the counter at once, each covered, ready for pickup today.
    const rows = await insertBookings(
      t.database.db,
      Array.from({ length: 20 }, () =>
        buildBooking({
          email: "pat@example.com",
          preferredDate: TODAY,
          status: "confirmed",
          serviceType: "Hand Wash",
          visitStage: "ready",
          lines: covered,
          totalCents: 0,
          membershipId: sold.body.insertedId,
        }),
      ),
    );
    const answers = await Promise.all(
      rows.map((row) =>
        callAs(t, staff, `/api/bookings/${row.id}/stage`, jsonPost({ stage: "collected" }, { method: "PUT" })),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [pack] = await t.database.db.select().from(memberships).where(eq(memberships.id, sold.body.insertedId));
    expect(pack!.washesLeft).toBe(0);
    const after = await t.database.db.select().from(bookings).where(eq(bookings.membershipId, sold.body.insertedId));
    expect(after.filter((b) => b.totalCents === 0)).toHaveLength(5);
    const owing = after.filter((b) => b.totalCents === 2500);
    expect(owing).toHaveLength(15);
    expect(owing[0]!.lines.at(-1)).toMatchObject({ label: "Wash Club: no washes left on the pack", amountCents: 2500 });
    // Collected again (a tap undone and redone) uses nothing more.
    await callAs(t, staff, `/api/bookings/${rows[0]!.id}/stage`, jsonPost({ stage: "ready" }, { method: "PUT" }));
    await callAs(t, staff, `/api/bookings/${rows[0]!.id}/stage`, jsonPost({ stage: "collected" }, { method: "PUT" }));
    expect(
      (await t.database.db.select().from(memberships).where(eq(memberships.id, sold.body.insertedId)))[0]!.washesLeft,
    ).toBe(0);
  });
});

describe("a covered day booked twice at once", { tags: ["engine"] }, () => {
  it("covers one booking only: the other is refused or priced as usual", async () => {
    const member = await signUp(t, { name: "Quinn Quick" });
    await sell(unlimitedId, member, 29.99);
    const day = dayAhead(25, LONG_DAYS);
    const request = {
      fullName: member.name,
      phone: "(555) 201-3344",
      vehicleType: "Car",
      serviceType: "Hand Wash",
      preferredDate: day,
    };
    const answers = await Promise.all(
      ["09:00–11:00", "11:00–13:00", "13:00–15:00"].map((preferredTimeSlot) =>
        call(member, "/api/bookings", { ...request, preferredTimeSlot }),
      ),
    );
    const refused = answers.filter((a) => a.status === 409);
    for (const a of refused)
      expect(a.body.error.message).toBe(
        "Your Wash Club visit for that day was booked a moment ago: book again to pay for this one.",
      );
    const made = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.email, member.email.toLowerCase()), eq(bookings.preferredDate, day)));
    expect(made).toHaveLength(3 - refused.length);
    expect(made.filter((b) => b.membershipId !== null).map((b) => b.totalCents)).toEqual([0]);
    expect(made.filter((b) => b.membershipId === null).every((b) => b.totalCents === 2500)).toBe(true);

    // The owner's numbers: one club visit of the day's visits, and the members active that day.
    const { body: report } = await call(manager, `/api/reports?from=${day}&to=${day}`);
    expect(report.summary).toMatchObject({ clubVisits: 1, clubShare: 1 / made.length });
    expect(report.clubMembers).toContainEqual({ plan: "Unlimited Exterior", members: expect.any(Number) });
  });
});

describe("renewal reminders", () => {
  it("go once, seven days before an unlimited membership ends, and not after a renewal", async () => {
    const sweep = (date: string) => t.services.followUps.runDue(zonedTimeToUtc(date, "09:00", "America/New_York"));
    const reminded = await sell(unlimitedId, { name: "Remy Reminded", email: "remy@example.com" }, 29.99);
    const renewed = await sell(unlimitedId, { name: "Rita Renewed", email: "rita@example.com" }, 29.99);
    const ends = addPeriod(TODAY, "month");
    const reminders = (to: string) =>
      t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.template, "membership-renewal")));
    await sweep(addDays(ends, -8));
    expect(await reminders("remy@example.com")).toEqual([]);
    await call(staff, `/api/memberships/${renewed.body.insertedId}/renew`, {
      payment: { method: "cash", amount: 29.99 },
    });
    await sweep(addDays(ends, -7));
    await sweep(addDays(ends, -6));
    const [mail, ...more] = await reminders("remy@example.com");
    expect(more).toEqual([]);
    const written = t.services.messages(mail!);
    expect(written.subject).toMatch(/^Your Wash Club membership ends on /);
    expect(written.text).toContain("renew at the counter");
    expect(written.headers?.["List-Unsubscribe"]).toBeDefined();
    expect(await reminders("rita@example.com")).toEqual([]);
    expect(reminded.status).toBe(201);
  });
});
