import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, outbox, reviews, waitlistEntries } from "~/.server/db/schema";
import type { ActivityPage, HistoryEntry } from "~/features/audit/audit.schema";
import { newObjectId } from "~/lib/object-id";
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
let other: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  other = await signUpAdmin(t);
  member = await signUp(t, { name: "Morgan Member" });
});

const { call, recordedBy, pending, fill } = auditHelpers(t);
const asAdmin = () => ({ id: admin.id, name: admin.name, role: "admin" });

describe("people, messages, the waitlist and reviews", () => {
  it("a member promoted and demoted, an account deleted; refusals leave none", async () => {
    const someone = await signUp(t, { name: "Sam Staff" });
    const [promoted] = await recordedBy(200, admin, `/api/user/admin/${someone.id}`, "PATCH");
    expect(promoted).toMatchObject({
      kind: "user.role",
      subjectId: someone.id,
      summary: "Role of Sam Staff: member → admin",
      before: { role: "member" },
      after: { role: "admin" },
    });
    expect(await recordedBy(200, admin, `/api/user/admin/${someone.id}`, "PATCH")).toEqual([]);
    const [demoted] = await recordedBy(200, admin, `/api/user/admin/${someone.id}`, "DELETE");
    expect(demoted).toMatchObject({ summary: "Role of Sam Staff: admin → member" });
    expect(await recordedBy(409, admin, `/api/user/admin/${admin.id}`, "DELETE")).toEqual([]);
    const [deleted] = await recordedBy(200, admin, `/api/user/${someone.id}`, "DELETE");
    expect(deleted).toMatchObject({
      kind: "user.delete",
      before: { name: "Sam Staff", email: someone.email.toLowerCase(), role: "member" },
      after: null,
    });
    expect(await recordedBy(409, admin, `/api/user/${admin.id}`, "DELETE")).toEqual([]);
  });

  it("a failed e-mail sent again: one record; one that has not failed: refused, none", async () => {
    const booking = await pending(inDays(41));
    const id = newObjectId();
    await t.database.db.insert(outbox).values({
      id,
      to: "bounce@example.com",
      subject: "Your booking",
      text: "…",
      state: "failed",
      attempts: 5,
      lastError: "550 mailbox unavailable",
      bookingId: booking.id,
    });
    const [resent] = await recordedBy(200, admin, `/api/outbox/${id}/retry`, "POST", {});
    expect(resent).toMatchObject({
      kind: "message.resend",
      subjectType: "message",
      subjectId: id,
      summary: 'E-mail "Your booking" sent again',
      before: { state: "failed", attempts: 5, lastError: "550 mailbox unavailable" },
      after: { state: "queued" },
    });
    expect(await recordedBy(409, admin, `/api/outbox/${id}/retry`, "POST", {})).toEqual([]);
    // The booking's history shows it, as a change of its message.
    const { body } = await call(admin, `/api/bookings/${booking.id}/history`);
    expect((body as HistoryEntry[]).map((e) => [e.type, e.what])).toEqual([
      ["message", 'E-mail "Your booking" to bounce@example.com'],
      ["change", 'E-mail "Your booking" sent again'],
    ]);
  });

  it("a waitlist place offered by hand, an entry removed; an offer of a full slot leaves none", async () => {
    const date = inDays(42);
    const entry = async () => {
      const id = newObjectId();
      await t.database.db.insert(waitlistEntries).values({
        id,
        date,
        email: `waits-${id}@example.com`,
        fullName: "Wendy Wait",
        phone: "(555) 201-0000",
        request: buildBookingRequest({ preferredDate: date }),
        durationMinutes: 30,
        summary: "Hand Wash (Car)",
      });
      return id;
    };
    const first = await entry();
    await fill(date, B);
    expect(await recordedBy(409, admin, `/api/waitlist/${first}/offer`, "POST", { slot: B })).toEqual([]);
    const [offered] = await recordedBy(201, admin, `/api/waitlist/${first}/offer`, "POST", { slot: A });
    expect(offered).toMatchObject({
      kind: "waitlist.offer",
      subjectType: "waitlist-entry",
      subjectId: first,
      before: { status: "waiting", date },
      after: { date, slot: A },
    });
    const second = await entry();
    const [removed] = await recordedBy(200, admin, `/api/waitlist/${second}`, "DELETE");
    expect(removed).toMatchObject({ kind: "waitlist.remove", after: { status: "removed", date } });
    expect(await recordedBy(409, admin, `/api/waitlist/${second}`, "DELETE")).toEqual([]);
  });

  it("a review published and replied to: one record per change", async () => {
    const visit = await pending(inDays(-2), A, { status: "confirmed", visitStage: "collected" });
    const id = newObjectId();
    await t.database.db.insert(reviews).values({
      id,
      bookingId: visit.id,
      rating: 5,
      comment: "Spotless",
      authorName: "Jamie R.",
      serviceLabel: "Hand Wash",
      visitMonth: `${inDays(-2).slice(0, 7)}-01`,
    });
    const [published] = await recordedBy(200, admin, `/api/reviews/${id}`, "PATCH", {
      status: "published",
      reply: "Thank you!",
    });
    expect(published).toMatchObject({
      kind: "review.moderate",
      summary: 'Review (5★, Hand Wash): status pending → published; reply none → "Thank you!"',
    });
    expect(await recordedBy(200, admin, `/api/reviews/${id}`, "PATCH", { status: "published" })).toEqual([]);
  });
});

describe("a booking's history", () => {
  it("is for admins: 401 for visitors, 403 for members, 404 for an unknown booking", async () => {
    const booking = await pending(inDays(43));
    expect((await call(null, `/api/bookings/${booking.id}/history`)).status).toBe(401);
    expect((await call(member, `/api/bookings/${booking.id}/history`)).status).toBe(403);
    expect((await call(admin, `/api/bookings/${newObjectId()}/history`)).status).toBe(404);
    expect((await call(admin, "/api/bookings/not-an-id/history")).status).toBe(404);
  });

  it("lists staff's and the customer's changes and the messages sent, oldest first, with who made each", async () => {
    const { body: made } = await call(null, "/api/bookings", "POST", {
      ...buildBookingRequest({ preferredDate: inDays(44), preferredTimeSlot: A, email: "history@example.com" }),
    });
    const id = (made as { insertedId: string }).insertedId;
    await call(other, `/api/bookings/${id}`, "PATCH", { status: "confirmed" });
    await call(other, `/api/bookings/${id}`, "PATCH", { preferredDate: inDays(45), preferredTimeSlot: C });
    const token = t.services.manageLinks.manageToken(id);
    expect((await call(null, `/api/bookings/manage/${token}/cancel`, "POST", {})).status).toBe(200);

    const { status, body } = await call(admin, `/api/bookings/${id}/history`);
    expect(status).toBe(200);
    const history = body as HistoryEntry[];
    const changes = history.filter((e) => e.type === "change");
    expect(changes.map((e) => [e.kind, e.who.name, e.who.role])).toEqual([
      ["booking.status", other.name, "admin"],
      ["booking.move", other.name, "admin"],
      ["booking.status", "The customer (manage link)", "guest"],
    ]);
    expect(changes[1]!.what).toMatch(/^Moved from .+, 9–11 AM to .+, 1–3 PM$/);
    const messages = history.filter((e) => e.type === "message");
    expect(messages.length).toBeGreaterThanOrEqual(4);
    for (const m of messages) expect(m).toMatchObject({ who: { role: "system" }, message: { to: expect.any(String) } });
    expect(messages.map((m) => m.message!.template)).toEqual(
      expect.arrayContaining(["booking-received", "booking-confirmed", "booking-moved", "booking-cancelled"]),
    );
    // Oldest first, and each change before the e-mail it wrote.
    expect(history.map((e) => e.at)).toEqual([...history.map((e) => e.at)].sort());
    const confirmedAt = history.findIndex((e) => e.kind === "booking.status");
    expect(history.findIndex((e) => e.message?.template === "booking-confirmed")).toBeGreaterThan(confirmedAt);
  });
});

describe("Dashboard → Activity", () => {
  const activity = async (query: string) => {
    const { status, body } = await call(admin, `/api/activity?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as ActivityPage;
  };

  it("names a booking's customer as the booking does now: nobody once their details are removed", async () => {
    const booking = await pending(inDays(47), A, { fullName: "Nina Park" });
    await call(admin, `/api/bookings/${booking.id}`, "PATCH", { status: "confirmed" });
    const records = async () => (await activity("limit=200")).items.filter((i) => i.subjectId === booking.id);
    expect(await records()).toEqual([expect.objectContaining({ kind: "booking.status", subjectName: "Nina Park" })]);
    expect((await call(admin, "/api/customers/erase", "POST", { email: booking.email })).status).toBe(200);
    const after = await records();
    expect(after.length).toBeGreaterThan(1);
    for (const record of after) expect(record.subjectName).toBe("");
  });

  it("lists every change newest first, by person, by kind and by day, a page at a time", async () => {
    const booking = await pending(inDays(46));
    await call(other, `/api/bookings/${booking.id}`, "PATCH", { preferredTimeSlot: B });
    await call(admin, `/api/bookings/${booking.id}`, "PATCH", { status: "confirmed" });

    const byOther = await activity(`actor=${other.id}`);
    expect(byOther.items.length).toBeGreaterThan(0);
    for (const item of byOther.items) expect(item.actor).toEqual({ id: other.id, name: other.name, role: "admin" });
    const moves = await activity("kind=booking.move");
    for (const item of moves.items) expect(item.kind).toBe("booking.move");
    expect(moves.items.map((i) => i.subjectId)).toContain(booking.id);
    const guests = await activity("actor=guest");
    expect(guests.items.length).toBeGreaterThan(0);
    for (const item of guests.items) expect(item.actor.role).toBe("guest");

    const today = inDays(0);
    expect((await activity(`from=${today}&to=${today}&limit=1`)).items).toHaveLength(1);
    expect((await activity(`to=${inDays(-1)}`)).items).toEqual([]);
    expect((await activity(`from=${inDays(1)}`)).items).toEqual([]);

    // Newest first, and walking the pages by cursor gives every record once.
    const all = await t.database.db.$count(auditEvents);
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: ActivityPage = await activity(`limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((i) => i._id));
      expect(page.items.map((i) => i.at)).toEqual([...page.items.map((i) => i.at)].sort().reverse());
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
    const first = await activity("limit=1");
    expect(first.items[0]).toMatchObject({
      kind: "booking.status",
      subjectId: booking.id,
      subjectName: booking.fullName,
      actor: asAdmin(),
    });
  });

  it("refuses bad filters and cursors (400), visitors (401) and members (403)", async () => {
    for (const query of [
      "kind=booking.nap",
      "actor=someone",
      "from=2026-02-30",
      "cursor=abc",
      "cursor=%24%24",
      "limit=0",
    ])
      expect((await call(admin, `/api/activity?${query}`)).status, query).toBe(400);
    expect((await call(null, "/api/activity")).status).toBe(401);
    expect((await call(member, "/api/activity")).status).toBe(403);
    expect((await call(member, "/api/activity/settings", "PATCH", { retentionDays: 100 })).status).toBe(403);
  });

  it("offers the people who made changes, then customers with a link and the server", async () => {
    // A customer's own change: they cancel their booking.
    const mine = await pending(inDays(38), A, { email: member.email, status: "confirmed" });
    expect((await call(member, `/api/bookings/${mine.id}`, "PATCH", { status: "cancelled" })).status).toBe(200);
    const people = await t.services.audit.people(await t.services.getActor(new Headers({ Cookie: admin.cookie })));
    expect(people).toEqual(
      expect.arrayContaining([
        { value: admin.id, label: `${admin.name} (admin)` },
        { value: member.id, label: "Morgan Member (customer)" },
      ]),
    );
    expect(people.slice(-2).map((p) => p.value)).toEqual(["guest", "system"]);
  });
});

describe("retention", () => {
  it(
    "drops records older than the setting on the sweep, once under several sweeps at once",
    { tags: ["engine"] },
    async () => {
      const old = (days: number) => ({
        id: newObjectId(),
        at: new Date(Date.now() - days * 86_400_000),
        actorName: "Old Admin",
        actorRole: "admin",
        kind: "plan.update",
        subjectType: "plan",
        summary: "old",
      });
      const rows = [old(800), old(800), old(731), old(100)];
      await t.database.db.insert(auditEvents).values(rows);
      const left = async () => (await t.database.db.select({ id: auditEvents.id }).from(auditEvents)).map((r) => r.id);

      // Three sweeps at once (as three processes' would be): the three past two years go, once.
      const dropped = await Promise.all([1, 2, 3].map(() => t.services.audit.dropExpired(new Date())));
      expect(dropped.reduce((a, b) => a + b, 0)).toBe(3);
      expect(await left()).toEqual(expect.arrayContaining([rows[3]!.id]));
      for (const row of rows.slice(0, 3)) expect(await left()).not.toContain(row.id);

      // A shorter time, and the follow-ups' sweep drops by it.
      await call(admin, "/api/activity/settings", "PATCH", { retentionDays: 90 });
      const swept = await t.services.followUps.runDue(new Date());
      expect(swept["audit-retention"]).toBe(1);
      expect(await left()).not.toContain(rows[3]!.id);
      await call(admin, "/api/activity/settings", "PATCH", { retentionDays: 730 });
    },
  );
});
