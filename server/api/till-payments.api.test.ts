import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, payments, refunds } from "~/.server/db/schema";
import { callAs, jsonPost, refusedForRole, signUpAs, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { noticesTo } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * The till on a visit (issue 46): split tender to zero, the receipt, refusals that write nothing,
 * simultaneous payments and refunds that never pass what is owed or what was taken.
 */
const t = setupTestApp();
let staff: TestAccount;
let manager: TestAccount;
let member: TestAccount;
let admin: TestAccount;

/** A visit priced $54.99: a Full Detail and an add-on, as the booking stored its lines. */
async function visit(overrides: Parameters<typeof buildBooking>[0] = {}) {
  const [row] = await insertBookings(t.database.db, [
    buildBooking({
      email: `payer-${Math.random().toString(36).slice(2)}@example.com`,
      preferredDate: inDays(0),
      status: "confirmed",
      lines: [
        { kind: "service", label: "Hand Wash (Medium)", amountCents: 3999, minutes: 60 },
        { kind: "add-on", label: "Tire shine", amountCents: 1500, minutes: 0 },
      ],
      totalCents: 5499,
      ...overrides,
    }),
  ]);
  return row!;
}

const pay = (who: TestAccount | null, id: string, body: unknown) =>
  callAs(t, who, `/api/bookings/${id}/payments`, jsonPost(body));
const refund = (who: TestAccount | null, id: string, body: unknown) =>
  callAs(t, who, `/api/payments/${id}/refund`, jsonPost(body));
const stored = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
/** The visit as the desk's API shows it (its customer's history lists it). */
async function shown(id: string) {
  const { body } = await callAs(t, staff, `/api/bookings/${id}/customer`);
  return (body.bookings as { _id: string }[]).find((b) => b._id === id);
}
const paymentRows = (id: string) => t.database.db.select().from(payments).where(eq(payments.bookingId, id));

beforeAll(async () => {
  [staff, manager, member, admin] = await Promise.all([
    signUpAs(t, "staff"),
    signUpAs(t, "manager"),
    signUpAs(t, "member"),
    signUpAs(t, "admin"),
  ]);
});

describe("payments on a visit", { tags: ["engine"] }, () => {
  it("settles a visit in two tenders with a tip, and e-mails one receipt", async () => {
    const row = await visit();
    expect(await pay(staff, row.id, { method: "card", amount: 40, reference: "4242" })).toEqual({
      status: 201,
      body: { insertedId: expect.any(String), paid: 40, balance: 14.99 },
    });
    // Nothing is e-mailed while something is owed.
    expect(await noticesTo(t, row.email)).toEqual([]);
    expect((await pay(staff, row.id, { method: "cash", amount: 14.99, tip: 5 })).body).toMatchObject({
      paid: 54.99,
      balance: 0,
    });

    expect(await shown(row.id)).toMatchObject({ total: 54.99, paid: 54.99, refunded: 0, balance: 0 });
    const { body: list } = await callAs(t, staff, `/api/bookings/${row.id}/payments`);
    expect(list).toMatchObject([
      { method: "card", amount: 40, tip: 0, reference: "4242", takenBy: "Staff Person", refunded: 0 },
      { method: "cash", amount: 14.99, tip: 5, reference: "", refunded: 0 },
    ]);

    const [receipt, ...more] = await noticesTo(t, row.email);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe(`Your receipt from Sparkle Auto Spa (${row.id.slice(-8).toUpperCase()})`);
    for (const line of [
      "Hand Wash (Medium): $39.99",
      "Tire shine: $15.00",
      "Total: $54.99",
      "Paid: $59.99",
      "Card (4242): $40.00",
      "Cash: $14.99",
      "Tip, thank you!: $5.00",
    ])
      expect(receipt!.text).toContain(line);
    expect(receipt!.text).toContain("Sparkle Auto Spa");

    // The customer's data holds what they paid (not who at the till took it).
    const { body: data } = await callAs(t, admin, `/api/customers/export?email=${encodeURIComponent(row.email)}`);
    expect(data.bookings[0]).toMatchObject({ total: 54.99, paid: 54.99 });
    expect(data.payments).toEqual([
      expect.objectContaining({ method: "card", amount: 40, tip: 0, refunded: 0, refunds: [] }),
      expect.objectContaining({ method: "cash", amount: 14.99, tip: 5 }),
    ]);
    expect(data.payments[0]).not.toHaveProperty("takenBy");

    // Every payment is in Activity, with who took it.
    const records = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, row.id));
    expect(records.map((r) => [r.kind, r.summary, r.actorName])).toEqual([
      ["payment.take", "Card payment of $40.00; $14.99 still owed", "Staff Person"],
      ["payment.take", "Cash payment of $14.99 with a $5.00 tip; paid in full", "Staff Person"],
    ]);
  });

  it("refuses more than the balance with the balance in the message, and writes nothing", async () => {
    const row = await visit();
    await pay(staff, row.id, { method: "card", amount: 50 });
    expect(await pay(staff, row.id, { method: "cash", amount: 5, tip: 2 })).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: "$5.00 is more than the balance of $4.99." } },
    });
    expect(await paymentRows(row.id)).toHaveLength(1);
    expect((await stored(row.id)).paidCents).toBe(5000);
    // A tip alone settles nothing and is never refused: it rides on the rest of the balance.
    expect((await pay(staff, row.id, { method: "cash", amount: 4.99, tip: 20 })).body).toMatchObject({ balance: 0 });
    expect((await pay(staff, row.id, { method: "cash", amount: 0.01 })).body).toEqual({
      error: { code: "conflict", message: "This visit is paid in full: nothing is owed." },
    });
  });

  it("takes no payment on a cancelled visit, nor on a visit that is not there", async () => {
    const row = await visit({ status: "cancelled" });
    expect((await pay(staff, row.id, { method: "cash", amount: 10 })).body).toEqual({
      error: { code: "conflict", message: "This booking was cancelled: it takes no payment." },
    });
    expect((await pay(staff, "0123456789abcdef01234567", { method: "cash", amount: 10 })).status).toBe(404);
    expect(await paymentRows(row.id)).toEqual([]);
  });

  it("answers bad amounts with what is wrong", async () => {
    const row = await visit();
    const fields = async (body: unknown) => (await pay(staff, row.id, body)).body.error.fields;
    expect(await fields({ method: "cash", amount: 0 })).toEqual({ amount: "Amount must be more than $0" });
    expect(await fields({ method: "cash", amount: 10.005 })).toEqual({
      amount: "Amount: at most two decimals (cents)",
    });
    expect(await fields({ method: "cash", amount: "10" })).toEqual({ amount: "Amount must be a number" });
    expect(await fields({ method: "cash", amount: 5, tip: -1 })).toEqual({ tip: "Tip can't be negative" });
    expect(await fields({ method: "cheque", amount: 5 })).toEqual({
      method: "Choose how it was paid: cash, card, gift card or other",
    });
    expect(await fields({ method: "gift-card", amount: 5 })).toEqual({ reference: "Enter the gift card's code" });
    expect(await paymentRows(row.id)).toEqual([]);
  });

  it("lets the desk take payments, managers refund, and nobody else", async () => {
    const row = await visit();
    expect(await pay(member, row.id, { method: "cash", amount: 5 })).toEqual(refusedForRole);
    expect((await pay(null, row.id, { method: "cash", amount: 5 })).status).toBe(401);
    const { body } = await pay(staff, row.id, { method: "cash", amount: 5 });
    expect(await refund(staff, body.insertedId, { amount: 1, reason: "Sorry" })).toEqual(refusedForRole);
    expect((await refund(manager, body.insertedId, { amount: 1, reason: "Sorry" })).status).toBe(201);
  });
});

describe("at the same moment", { tags: ["engine"] }, () => {
  it("20 payments on one visit never take more than its balance", async () => {
    const row = await visit();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(staff, row.id, { method: "cash", amount: 10, tip: 1 })),
    );
    // $54.99 holds five payments of $10; the sixth finds $4.99 left.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.body.error.message)).toEqual(
      Array(15).fill("$10.00 is more than the balance of $4.99."),
    );
    expect((await stored(row.id)).paidCents).toBe(5000);
    const rows = await paymentRows(row.id);
    expect(rows.reduce((sum, p) => sum + p.amountCents, 0)).toBe(5000);
  });

  it("10 refunds of one payment never give back more than it took", async () => {
    const row = await visit();
    const { body } = await pay(staff, row.id, { method: "card", amount: 40 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(manager, body.insertedId, { amount: 15, reason: "Wheels missed" })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.message))).toEqual(
      new Set(["$15.00 is more than this payment has left to refund: $10.00."]),
    );
    const given = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, body.insertedId));
    expect(given.reduce((sum, r) => sum + r.amountCents, 0)).toBe(3000);
    expect(await stored(row.id)).toMatchObject({ paidCents: 4000, refundedCents: 3000 });
  });
});

describe("refunds", () => {
  it("are bounded by the payment, recorded with who and why, and leave the balance as it was", async () => {
    const row = await visit();
    const { body: card } = await pay(staff, row.id, { method: "card", amount: 40 });
    await pay(staff, row.id, { method: "cash", amount: 14.99 });
    expect(await refund(manager, card.insertedId, { amount: 10, reason: "Wheels missed" })).toEqual({
      status: 201,
      body: { insertedId: expect.any(String), refunded: 10, left: 30 },
    });
    expect((await refund(manager, card.insertedId, { amount: 30.01, reason: "Again" })).body.error.message).toBe(
      "$30.01 is more than this payment has left to refund: $30.00.",
    );
    expect((await refund(manager, card.insertedId, { amount: 30, reason: "Whole visit" })).body.left).toBe(0);
    expect((await refund(manager, card.insertedId, { amount: 1, reason: "More" })).body.error.message).toBe(
      "This payment has been refunded in full.",
    );
    expect((await refund(manager, card.insertedId, { amount: 1, reason: "" })).body.error.fields).toEqual({
      reason: "Say why the money is given back",
    });
    expect(await shown(row.id)).toMatchObject({ paid: 14.99, refunded: 40, balance: 0 });
    const { body: list } = await callAs(t, staff, `/api/bookings/${row.id}/payments`);
    expect(list[0]).toMatchObject({
      refunded: 40,
      refunds: [
        { amount: 10, reason: "Wheels missed", refundedBy: "Manager Person" },
        { amount: 30, reason: "Whole visit", refundedBy: "Manager Person" },
      ],
    });
    const records = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, "payment.refund"));
    expect(records.map((r) => r.summary)).toContain("Refunded $10.00 of a card payment: Wheels missed");
  });
});
