import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "~/.server/audit/audit-log";
import { auditEvents, bookings, giftCards, payments, refunds } from "~/.server/db/schema";
import { callAs, jsonPost, refusedForRole, signUpAs, type TestAccount } from "../../tests/accounts";
import { readDump } from "../../tests/backup-archive";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { noticesTo } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Gift cards and the day's takings (issue 46): a card spent by tills at once never goes below zero,
 * its code is nowhere but the customer's hands, and a day's takings and cash-up come out as worked
 * out by hand, by the shop's day in New York.
 */
const t = setupTestApp();
const work = mkdtempSync(path.join(tmpdir(), "carwash-till-"));
afterAll(() => rm(work, { recursive: true, force: true }));
let staff: TestAccount;
let manager: TestAccount;

async function visit(totalCents: number) {
  const [row] = await insertBookings(t.database.db, [
    buildBooking({
      email: `till-${Math.random().toString(36).slice(2)}@example.com`,
      preferredDate: inDays(0),
      status: "confirmed",
      lines: [{ kind: "service", label: "Full Detail (Large)", amountCents: totalCents, minutes: 240 }],
      totalCents,
    }),
  ]);
  return row!;
}
const pay = (id: string, body: unknown) => callAs(t, staff, `/api/bookings/${id}/payments`, jsonPost(body));
const sell = (body: unknown) => callAs(t, staff, "/api/gift-cards", jsonPost(body));
const cardBalance = async (id: string) =>
  (await t.database.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;

beforeAll(async () => {
  [staff, manager] = await Promise.all([signUpAs(t, "staff"), signUpAs(t, "manager")]);
});

describe("gift cards", { tags: ["engine"] }, () => {
  it("are sold with a code answered once, e-mailed, and kept only as a hash (also in a backup)", async () => {
    const sold = await sell({ amount: 25, email: "Gift@Example.com", payment: { method: "cash", amount: 25 } });
    expect(sold).toEqual({
      status: 201,
      body: {
        insertedId: expect.any(String),
        code: expect.stringMatching(/^([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/),
        balance: 25,
      },
    });
    const { code, insertedId } = sold.body;
    const [mail] = await noticesTo(t, "gift@example.com");
    expect(mail!.subject).toBe("Your Sparkle Auto Spa gift card: $25.00");
    expect(mail!.text).toContain(`Code: ${code}`);
    // Typed in lower case without its dashes, it is the same card.
    const typed = code.replace(/-/g, "").toLowerCase();
    expect((await callAs(t, staff, `/api/gift-cards/${typed}`)).body).toMatchObject({
      _id: insertedId,
      lastFour: code.slice(-4),
      initial: 25,
      balance: 25,
    });
    expect(await callAs(t, staff, "/api/gift-cards/ZZZZ-ZZZZ-ZZZZ-ZZZZ")).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "No gift card has that code." } },
    });

    const file = path.join(work, "site.tar.gz");
    await t.services.backups.write(file, { by: SYSTEM, how: "nightly" });
    const dump = await readDump(file);
    expect(dump).toContain(code.slice(-4));
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(code.replace(/-/g, ""));
  });

  it("refuse a sale paid by another amount or by a gift card", async () => {
    expect((await sell({ amount: 25, payment: { method: "cash", amount: 20 } })).body.error.fields).toEqual({
      "payment.amount": "The payment must be the card's amount",
    });
    expect((await sell({ amount: 25, payment: { method: "gift-card", amount: 25 } })).status).toBe(400);
  });

  it("20 tills spending one card at once never take it below zero", async () => {
    const { body: card } = await sell({ amount: 25, payment: { method: "card", amount: 25 } });
    const row = await visit(20_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(row.id, { method: "gift-card", amount: 5, reference: card.code })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.message))).toEqual(
      new Set([`Gift card ····${card.code.slice(-4)} has $0.00 left.`]),
    );
    expect(await cardBalance(card.insertedId)).toBe(0);
    const spent = await t.database.db.select().from(payments).where(eq(payments.giftCardId, card.insertedId));
    expect(spent.map((p) => [p.amountCents, p.reference])).toEqual(Array(5).fill([500, card.code.slice(-4)]));
    // The visit's balance moved only with the card.
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, row.id)))[0]!.paidCents).toBe(2500);
  });

  it("pays a tip from the card too, and a refund of its payment goes back on the card", async () => {
    const { body: card } = await sell({ amount: 30, payment: { method: "cash", amount: 30 } });
    const row = await visit(2500);
    expect((await pay(row.id, { method: "gift-card", amount: 25, tip: 6, reference: card.code })).body.error).toEqual({
      code: "conflict",
      message: `Gift card ····${card.code.slice(-4)} has $30.00 left.`,
    });
    const { body: paid } = await pay(row.id, { method: "gift-card", amount: 25, tip: 5, reference: card.code });
    expect(await cardBalance(card.insertedId)).toBe(0);
    await callAs(t, manager, `/api/payments/${paid.insertedId}/refund`, jsonPost({ amount: 10, reason: "Rain" }));
    expect(await cardBalance(card.insertedId)).toBe(1000);
  });
});

/** A winter day, so New York is UTC−5 all of it. */
const DAY = "2026-03-05";
const at = (iso: string) => new Date(iso);

describe("the day's takings and cash-up", { tags: ["engine"] }, () => {
  it("add up a day of cash, card, gift cards, tips and a refund as worked out by hand", async () => {
    const a = await visit(5499);
    const b = await visit(3000);
    const c = await visit(2500);
    const d = await visit(1200);
    const ids: string[] = [];
    const take = async (id: string, body: unknown) => {
      const { body: answer } = await pay(id, body);
      ids.push(answer.insertedId);
      return answer.insertedId as string;
    };
    const card = await take(a.id, { method: "card", amount: 40 });
    const cash = await take(a.id, { method: "cash", amount: 14.99, tip: 5 });
    const { body: gift } = await sell({ amount: 50, payment: { method: "cash", amount: 50 } });
    const [sale] = await t.database.db.select().from(payments).where(eq(payments.soldGiftCardId, gift.insertedId));
    await take(b.id, { method: "gift-card", amount: 30, tip: 2, reference: gift.code });
    const late = await take(c.id, { method: "other", amount: 25 });
    const nextDay = await take(d.id, { method: "card", amount: 12 });
    const { body: refund } = await callAs(
      t,
      manager,
      `/api/payments/${cash}/refund`,
      jsonPost({ amount: 10, reason: "Wheels missed" }),
    );
    // The payments were taken just now; they are moved to the day they stand for.
    const { db } = t.database;
    const moves: [string, string][] = [
      [card, "15:00"],
      [cash, "15:05"],
      [sale!.id, "16:00"],
      [ids[2]!, "17:00"],
    ];
    for (const [id, time] of moves)
      await db
        .update(payments)
        .set({ createdAt: at(`${DAY}T${time}:00Z`) })
        .where(eq(payments.id, id));

    await db
      .update(refunds)
      .set({ createdAt: at(`${DAY}T21:00:00Z`) })
      .where(eq(refunds.id, refund.insertedId));
    // 11:30 PM in New York is that day's; half past midnight is the next day's.
    await db
      .update(payments)
      .set({ createdAt: at("2026-03-06T04:30:00Z") })
      .where(eq(payments.id, late));
    await db
      .update(payments)
      .set({ createdAt: at("2026-03-06T05:30:00Z") })
      .where(eq(payments.id, nextDay));

    const { status, body } = await callAs(t, manager, `/api/reports/takings?date=${DAY}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      date: DAY,
      // Cash: 14.99 for visit A and 50 for the gift card sold; the card's redemption is gift-card.
      byMethod: { cash: 64.99, card: 40, "gift-card": 30, other: 25 },
      tips: 7,
      refunds: 10,
      // 64.99 + 40 + 30 + 25 − 10.
      net: 149.99,
      // Cash 64.99 and its tip 5, less the cash refund 10.
      expectedCash: 59.99,
      cashUps: [],
    });
    expect(body.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ["card", 40],
      ["cash", 14.99],
      ["cash", 50],
      ["gift-card", 30],
      ["other", 25],
    ]);
    expect(body.payments[2].giftCardSold).toBe(gift.code.slice(-4));
    expect(body.payments[1].refunds).toMatchObject([{ amount: 10, reason: "Wheels missed" }]);
    expect((await callAs(t, manager, "/api/reports/takings?date=2026-03-06")).body.byMethod).toEqual({
      cash: 0,
      card: 12,
      "gift-card": 0,
      other: 0,
    });

    // The Reports' money taken is the same net, beside the money booked.
    const { body: summary } = await callAs(t, manager, `/api/reports/summary?from=${DAY}&to=${DAY}`);
    expect(summary.takings).toBe(149.99);
    const { body: report } = await callAs(t, manager, `/api/reports?from=${DAY}&to=2026-03-06`);
    expect(report.days.map((r: { takings: number }) => r.takings)).toEqual([149.99, 12]);

    // The drawer holds $60: a cent over.
    expect(await callAs(t, manager, "/api/cash-ups", jsonPost({ date: DAY, countedCash: 60 }))).toMatchObject({
      status: 201,
      body: { countedCash: 60, expectedCash: 59.99, difference: 0.01, countedBy: "Manager Person" },
    });
    const recount = await callAs(t, manager, "/api/cash-ups", jsonPost({ date: DAY, countedCash: 59.5 }));
    expect(recount.body.difference).toBe(-0.49);
    const { body: after } = await callAs(t, manager, `/api/reports/takings?date=${DAY}`);
    expect(after.cashUps.map((u: { countedCash: number }) => u.countedCash)).toEqual([59.5, 60]);

    const kinds = inArray(auditEvents.kind, ["cash-up.count", "gift-card.sell"]);
    const records = await db.select().from(auditEvents).where(kinds);
    expect(records.map((r) => r.summary)).toEqual(
      expect.arrayContaining([
        `Drawer for ${DAY} counted: $60.00 against $59.99 expected (over by $0.01)`,
        `Drawer for ${DAY} counted: $59.50 against $59.99 expected (short by $0.49)`,
        `Gift card ····${gift.code.slice(-4)} sold for $50.00 (cash)`,
      ]),
    );
  });

  it("is the managers' alone", async () => {
    expect(await callAs(t, staff, `/api/reports/takings?date=${DAY}`)).toEqual(refusedForRole);
    expect(await callAs(t, staff, "/api/cash-ups", jsonPost({ date: DAY, countedCash: 1 }))).toEqual(refusedForRole);
    expect((await callAs(t, manager, "/api/reports/takings?date=2026-02-30")).status).toBe(400);
    expect(
      (await callAs(t, manager, "/api/cash-ups", jsonPost({ date: DAY, countedCash: -1 }))).body.error.fields,
    ).toEqual({ countedCash: "Counted cash can't be negative" });
  });
});
