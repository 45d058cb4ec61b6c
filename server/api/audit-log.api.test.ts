import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~/.server/db/schema";
import { signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { A, B, C, auditHelpers } from "../../tests/audit";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 31, part 4: every change made by staff (and a customer's own changes to their booking)
 * leaves exactly one record, written in the change's own transaction: a change refused, rolled
 * back or that changes nothing leaves none. A booking's history and Dashboard → Activity read them.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t, { name: "Morgan Member" });
});

const { call, recordedBy, pending, fill } = auditHelpers(t);
const stored = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe("a booking's changes", () => {
  it("a status change: one record with who, the kind and the status before and after; the same again: none", async () => {
    const booking = await pending(inDays(30));
    const [record, ...more] = await recordedBy(200, admin, `/api/bookings/${booking.id}`, "PATCH", {
      status: "confirmed",
    });
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      actorId: admin.id,
      actorName: admin.name,
      actorRole: "admin",
      kind: "booking.status",
      subjectType: "booking",
      subjectId: booking.id,
      summary: "Status pending → confirmed",
      before: { status: "pending" },
      after: { status: "confirmed" },
    });
    expect(await recordedBy(200, admin, `/api/bookings/${booking.id}`, "PATCH", { status: "confirmed" })).toEqual([]);
  });

  it("a move: one record in words; a move to a full slot is refused and leaves none", async () => {
    const [from, to] = [inDays(31), inDays(32)];
    const booking = await pending(from);
    const [record, ...more] = await recordedBy(200, admin, `/api/bookings/${booking.id}`, "PATCH", {
      preferredDate: to,
      preferredTimeSlot: C,
    });
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      kind: "booking.move",
      before: { preferredDate: from, preferredTimeSlot: A },
      after: { preferredDate: to, preferredTimeSlot: C },
    });
    expect(record!.summary).toMatch(/^Moved from \w{3}, \w{3} \d+, 9–11 AM to \w{3}, \w{3} \d+, 1–3 PM$/);

    await fill(to, B);
    expect(await recordedBy(409, admin, `/api/bookings/${booking.id}`, "PATCH", { preferredTimeSlot: B })).toEqual([]);
    expect((await stored(booking.id)).preferredTimeSlot).toBe(C);
  });

  it("a change that fails inside its transaction leaves neither the change nor a record", async () => {
    // A second WASH5 for one customer: the booking comes back from cancelled, its place is claimed,
    // and the update breaks the promo's unique index.
    const email = "promo.twice@example.com";
    await pending(inDays(33), A, { email, promoCode: "WASH5", status: "confirmed" });
    const cancelled = await pending(inDays(34), A, { email, promoCode: "WASH5", status: "cancelled" });
    expect(await recordedBy(400, admin, `/api/bookings/${cancelled.id}`, "PATCH", { status: "confirmed" })).toEqual([]);
    expect((await stored(cancelled.id)).status).toBe("cancelled");
  });

  it("a confirmation in bulk: one record per booking confirmed; a refused batch: none", async () => {
    const date = inDays(35);
    const [one, two] = [await pending(date, A), await pending(date, B)];
    const seen = [one, two].map((b) => ({ id: b.id, preferredDate: date, preferredTimeSlot: b.preferredTimeSlot }));
    const records = await recordedBy(200, admin, "/api/bookings/confirm", "POST", { bookings: seen });
    expect(records.map((r) => [r.subjectId, r.kind, r.summary])).toEqual(
      [one.id, two.id]
        .sort()
        .map((id) => [id, "booking.status", "Status pending → confirmed (confirmed together with 1 more)"]),
    );

    const three = await pending(date, C);
    const gone = await pending(date, C, { status: "cancelled" });
    const batch = [three, gone].map((b) => ({ id: b.id, preferredDate: date, preferredTimeSlot: C }));
    expect(await recordedBy(409, admin, "/api/bookings/confirm", "POST", { bookings: batch })).toEqual([]);
  });

  it("a counter booking: one record; a full slot refuses it and leaves none; over capacity: one", async () => {
    const date = inDays(36);
    const request = buildBookingRequest({ preferredDate: date, preferredTimeSlot: A, email: "walk.in@example.com" });
    const [made] = await recordedBy(201, admin, "/api/bookings", "POST", request);
    expect(made).toMatchObject({
      kind: "booking.create",
      actorRole: "admin",
      before: null,
      after: { status: "confirmed", preferredDate: date, preferredTimeSlot: A, overCapacity: false },
    });
    expect(made!.summary).toMatch(/^Booked at the counter for \w{3}, \w{3} \d+, 9–11 AM$/);
    expect((await stored(made!.subjectId!)).status).toBe("confirmed");

    await fill(date, B);
    const full = { ...request, preferredTimeSlot: B };
    const before = await t.database.db.$count(bookings, eq(bookings.preferredDate, date));
    expect(await recordedBy(409, admin, "/api/bookings", "POST", full)).toEqual([]);
    expect(await t.database.db.$count(bookings, eq(bookings.preferredDate, date))).toBe(before);
    const over = await recordedBy(201, admin, "/api/bookings", "POST", { ...full, overCapacity: true });
    expect(over).toHaveLength(1);
    expect(over[0]!.summary).toMatch(/, over capacity$/);
    // A customer's own request is the booking itself: nothing recorded.
    const own = { ...request, preferredTimeSlot: C, email: "own.request@example.com" };
    expect(await recordedBy(201, null, "/api/bookings", "POST", own)).toEqual([]);
  });

  it("the customer's own changes are recorded as theirs: a member's cancellation, a manage link's move", async () => {
    const mine = await pending(inDays(37), A, { email: member.email, status: "confirmed" });
    const [cancel] = await recordedBy(200, member, `/api/bookings/${mine.id}`, "PATCH", { status: "cancelled" });
    expect(cancel).toMatchObject({
      actorId: member.id,
      actorName: "Morgan Member",
      actorRole: "member",
      kind: "booking.status",
      summary: "Status confirmed → cancelled",
    });
    // Cancelled already: refused, none.
    expect(await recordedBy(409, member, `/api/bookings/${mine.id}`, "PATCH", { status: "cancelled" })).toEqual([]);

    const guest = await pending(inDays(38), A);
    const token = t.services.manageLinks.manageToken(guest.id);
    const [moved] = await recordedBy(200, null, `/api/bookings/manage/${token}/reschedule`, "POST", {
      preferredDate: inDays(39),
      preferredTimeSlot: B,
    });
    expect(moved).toMatchObject({ actorId: null, actorRole: "guest", kind: "booking.move" });
  });

  it("a visit's stage: one record; the same stage again, or a cancelled booking's: none", async () => {
    const today = await pending(inDays(0), A, { status: "confirmed" });
    const [record] = await recordedBy(200, admin, `/api/bookings/${today.id}/stage`, "PUT", { stage: "checked-in" });
    expect(record).toMatchObject({
      kind: "booking.stage",
      summary: "Stage none → Checked in",
      before: { visitStage: null },
      after: { visitStage: "checked-in" },
    });
    expect(await recordedBy(200, admin, `/api/bookings/${today.id}/stage`, "PUT", { stage: "checked-in" })).toEqual([]);
    const gone = await pending(inDays(0), B, { status: "cancelled" });
    expect(await recordedBy(409, admin, `/api/bookings/${gone.id}/stage`, "PUT", { stage: "checked-in" })).toEqual([]);
  });

  it("an oil change recorded, then corrected: one record each; saved again unchanged: none", async () => {
    const visit = await pending(inDays(-1), A, { status: "confirmed", serviceType: "Oil Change" });
    const path = `/api/bookings/${visit.id}/service-record`;
    const [first] = await recordedBy(200, admin, path, "POST", { odometer: 42_000, oilType: "conventional" });
    expect(first).toMatchObject({ kind: "booking.service-record", subjectId: visit.id, before: null });
    // The next due date as people read it ("Mar 1, 2027"), not as stored.
    expect(first!.summary).toMatch(
      /^Oil change recorded: 42,000 mi, Conventional, next due [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(await recordedBy(200, admin, path, "POST", { odometer: 42_000, oilType: "conventional" })).toEqual([]);
    const [fixed] = await recordedBy(200, admin, path, "POST", { odometer: 42_500, oilType: "conventional" });
    expect(fixed).toMatchObject({ before: { odometer: 42_000 }, after: { odometer: 42_500 } });
    expect(fixed!.summary).toMatch(
      /^Oil change corrected: odometer 42,000 mi → 42,500 mi; next due at [\d,]+ mi → [\d,]+ mi$/,
    );
  });
});

describe("closures", () => {
  it("closing a date records the closure and each booking it cancels; opening it again, one more", async () => {
    const date = inDays(40);
    const [one, two] = [await pending(date, A), await pending(date, B, { status: "confirmed" })];
    const records = await recordedBy(201, admin, "/api/closed-dates", "POST", {
      date,
      reason: "Flood",
      bookings: "cancel",
    });
    // The closure first, then its bookings (cancelled in id order).
    expect(records.map((r) => [r.kind, r.subjectId])).toEqual([
      ["closed-date.close", date],
      ...[one.id, two.id].sort().map((id) => ["booking.status", id]),
    ]);
    expect(records[0]).toMatchObject({ before: null, after: { reason: "Flood", bookings: "cancel" } });
    expect(records.find((r) => r.subjectId === one.id)!.summary).toBe(
      "Status pending → cancelled (the shop closed that day: Flood)",
    );
    // Sent again: nothing changes, nothing is recorded.
    expect(
      await recordedBy(201, admin, "/api/closed-dates", "POST", { date, reason: "Flood", bookings: "cancel" }),
    ).toEqual([]);

    const [reopened] = await recordedBy(200, admin, `/api/closed-dates/${date}`, "DELETE");
    expect(reopened).toMatchObject({ kind: "closed-date.reopen", before: { reason: "Flood" }, after: null });
    expect(await recordedBy(404, admin, `/api/closed-dates/${date}`, "DELETE")).toEqual([]);
  });
});

describe("the catalogue and prices", () => {
  it("a package added, re-priced and deleted: one record each; an unchanged save: none", async () => {
    const [added] = await recordedBy(201, admin, "/api/plans", "POST", {
      name: "Basic",
      price: 24.99,
      packagetype: "economy",
      features: "Hand wash",
    });
    expect(added).toMatchObject({ kind: "plan.create", summary: "Package 'Basic' added", before: null });
    const id = added!.subjectId!;
    const [priced] = await recordedBy(200, admin, `/api/plans/${id}`, "PATCH", { price: 29.99 });
    expect(priced).toMatchObject({
      kind: "plan.update",
      summary: "Package 'Basic' price $24.99 → $29.99",
      before: { priceCents: 2499 },
      after: { priceCents: 2999 },
    });
    expect(await recordedBy(200, admin, `/api/plans/${id}`, "PATCH", { price: 29.99 })).toEqual([]);
    const [deleted] = await recordedBy(200, admin, `/api/plans/${id}`, "DELETE");
    expect(deleted).toMatchObject({ kind: "plan.delete", after: null, before: { name: "Basic", priceCents: 2999 } });
  });

  it("a hotel entry added and edited", async () => {
    const [added] = await recordedBy(201, admin, "/api/plans", "POST", {
      field: "hotel",
      hotelName: "Harbour Inn",
      hotelDescription: "By the sea",
      rating: 4,
      priceIndicator: "££",
    });
    expect(added).toMatchObject({ kind: "hotel.create", subjectType: "hotel" });
    const [edited] = await recordedBy(200, admin, `/api/hotels/${added!.subjectId}`, "PATCH", { rating: 4.5 });
    expect(edited).toMatchObject({
      kind: "hotel.update",
      summary: "Hotel entry 'Harbour Inn' rating 4 → 4.5",
      before: { rating: 4 },
      after: { rating: 4.5 },
    });
  });

  it("an add-on added, changed and deleted; a service's price; the size classes", async () => {
    const [added] = await recordedBy(201, admin, "/api/add-ons", "POST", { name: "Clay bar", price: 15, minutes: 20 });
    expect(added).toMatchObject({ kind: "add-on.create", summary: "Add-on 'Clay bar' added" });
    const id = added!.subjectId!;
    const [changed] = await recordedBy(200, admin, `/api/add-ons/${id}`, "PATCH", { price: 18, minutes: 20 });
    expect(changed).toMatchObject({
      kind: "add-on.update",
      summary: "Add-on 'Clay bar' price $15 → $18",
      before: { priceCents: 1500 },
      after: { priceCents: 1800 },
    });
    expect(await recordedBy(200, admin, `/api/add-ons/${id}`, "PATCH", { price: 18 })).toEqual([]);
    const [deleted] = await recordedBy(200, admin, `/api/add-ons/${id}`, "DELETE");
    expect(deleted).toMatchObject({ kind: "add-on.delete", after: null });
    expect(await recordedBy(404, admin, `/api/add-ons/${id}`, "DELETE")).toEqual([]);

    const service = "/api/service-prices/Engine%20Clean";
    const [first] = await recordedBy(200, admin, service, "PUT", { price: 40, minutes: 45 });
    expect(first).toMatchObject({
      kind: "service-price.update",
      subjectId: "Engine Clean",
      after: { priceCents: 4000 },
    });
    const [second] = await recordedBy(200, admin, service, "PUT", { price: 45, minutes: 45 });
    expect(second).toMatchObject({ summary: "Engine Clean price $40 → $45", after: { priceCents: 4500 } });
    expect(await recordedBy(200, admin, service, "PUT", { price: 45, minutes: 45 })).toEqual([]);

    const { body: classes } = await call(admin, "/api/size-classes");
    const renamed = { ...classes, classes: [{ ...classes.classes[0], name: "Compact" }, ...classes.classes.slice(1)] };
    const [sizes] = await recordedBy(200, admin, "/api/size-classes", "PUT", renamed);
    expect(sizes).toMatchObject({ kind: "size-classes.update" });
    expect(await recordedBy(200, admin, "/api/size-classes", "PUT", renamed)).toEqual([]);
  });
});

describe("settings", () => {
  it("booking settings, follow-ups and the record's own retention: one record per save that changes something", async () => {
    const [bays] = await recordedBy(200, admin, "/api/booking-settings", "PATCH", { bays: 4, cancelWindowHours: 2 });
    expect(bays).toMatchObject({
      kind: "settings.update",
      subjectId: "booking",
      summary: "Booking settings: bays 3 → 4",
      before: { bays: 3 },
      after: { bays: 4 },
    });
    expect(await recordedBy(200, admin, "/api/booking-settings", "PATCH", { bays: 4 })).toEqual([]);
    expect(await recordedBy(400, admin, "/api/booking-settings", "PATCH", { bays: 0 })).toEqual([]);
    await call(admin, "/api/booking-settings", "PATCH", { bays: 3 });

    const [followUps] = await recordedBy(200, admin, "/api/follow-up-settings", "PATCH", { reviewRequests: false });
    expect(followUps).toMatchObject({
      subjectId: "follow-ups",
      summary: "Follow-up settings: review requests on → off",
      before: { reviewRequests: true },
      after: { reviewRequests: false },
    });

    const [kept] = await recordedBy(200, admin, "/api/activity/settings", "PATCH", { retentionDays: 365 });
    expect(kept).toMatchObject({ subjectId: "audit", before: { retentionDays: 730 }, after: { retentionDays: 365 } });
    expect(await recordedBy(400, admin, "/api/activity/settings", "PATCH", { retentionDays: 7 })).toEqual([]);
    await call(admin, "/api/activity/settings", "PATCH", { retentionDays: 730 });
  });
});
