import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { VISIT_HAPPENED, windowClosedMessage } from "~/features/bookings/change-window";
import { BAY_SLOTS, CLOSED_DATE } from "~/features/bookings/bookings.schema";
import { bookings, outbox, type BookingRow } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { expectBookingCalendarLines } from "../../tests/calendar-file";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";
import { WRONG_TOKENS_PER_MINUTE } from "./manage-link.routes";
import { noticesTo } from "../../tests/outbox-mail";

/**
 * Issue 11, part 5: a booking's holder manages it through its manage link, within the change
 * window; a reschedule takes the new place before it frees the old one, or changes nothing.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
const [A, B, C] = ["09:00–11:00", "13:00–15:00", "15:00–17:00"];
/** Races run this many times at once, each on dates of its own: one run repeats each race as often. */
const ROUNDS = 5;
let admin: TestAccount;
let member: TestAccount;

const manage = (token: string, action = "", init?: RequestInit) =>
  callAs(t, null, `/api/bookings/manage/${token}${action}`, init);
const reschedule = (token: string, to: { preferredDate: string; preferredTimeSlot: string }) =>
  manage(token, "/reschedule", jsonPost(to));
const cancel = (token: string) => manage(token, "/cancel", jsonPost({}));
const settings = (change: object) => callAs(t, admin, "/api/booking-settings", jsonPost(change, { method: "PATCH" }));
const stored = async (id: string): Promise<BookingRow> =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const liveIn = (date: string, slot: string) =>
  t.database.db.$count(
    bookings,
    and(eq(bookings.preferredDate, date), eq(bookings.preferredTimeSlot, slot), ne(bookings.status, "cancelled")),
  );
const tokenOf = (id: string) => t.services.manageLinks.manageToken(id);
/** A stored booking and its manage token. */
async function booked(overrides: Parameters<typeof buildBooking>[0] = {}) {
  const [row] = await insertBookings(t.database.db, [buildBooking(overrides)]);
  return { row: row!, token: tokenOf(row!.id) };
}
/** The token with its character at `index` changed. */
const changedAt = (token: string, index: number) =>
  token.slice(0, index) + (token[index] === "a" ? "b" : "a") + token.slice(index + 1);

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

describe("the manage link", () => {
  it("comes with a new request, opens that booking, and one changed character is a 404", async () => {
    const created = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(buildBookingRequest({ email: "link@example.com" })),
    );
    expect(created.status).toBe(201);
    const { insertedId, manageToken } = created.body as { insertedId: string; manageToken: string };
    expect(manageToken.startsWith(`${insertedId}.`)).toBe(true);

    const view = await manage(manageToken);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      booking: {
        _id: insertedId,
        email: "link@example.com",
        status: "pending",
        manageToken,
        // The Hand Wash's own length (service_prices) for a Car, the smallest size class.
        minutes: 30,
      },
      canChange: true,
    });
    expect(Date.parse((view.body as { changeDeadline: string }).changeDeadline)).toBeGreaterThan(Date.now());

    for (const index of [0, 23, 24, 25, manageToken.length - 1]) {
      expect((await manage(changedAt(manageToken, index))).status, `character ${index}`).toBe(404);
      expect((await cancel(changedAt(manageToken, index))).status).toBe(404);
    }
    expect((await stored(insertedId)).status).toBe("pending");
  });

  it("is in the customer's e-mail", async () => {
    const { body } = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(buildBookingRequest({ email: "mail@example.com" })),
    );
    const [mail] = await noticesTo(t, "mail@example.com");
    expect(mail!.text).toContain(`Manage your booking: ${TEST_ORIGIN}/booking/manage/${body.manageToken}`);
  });

  it("is on each of a member's own bookings, in the list and alone; an admin's list of all has none", async () => {
    const { row, token } = await booked({ email: member.email });
    const list = await callAs(t, member, "/api/bookings");
    expect(list.body).toEqual([expect.objectContaining({ _id: row.id, manageToken: token })]);
    expect((await callAs(t, member, `/api/bookings/${row.id}`)).body).toMatchObject({
      _id: row.id,
      manageToken: token,
    });
    const all = (await callAs(t, admin, "/api/bookings?limit=200")).body as { manageToken?: string }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((b) => b.manageToken === undefined)).toBe(true);
    const other = await signUp(t);
    expect((await callAs(t, other, `/api/bookings/${row.id}`)).status).toBe(404);
  });

  it("downloads the booking's calendar file: the e-mails' UID, the current SEQUENCE", async () => {
    const { row, token } = await booked({ email: "calendar@example.com", preferredDate: inDays(12) });
    const response = await t.request(`/api/bookings/manage/${token}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="sparkle-auto-spa-booking-${inDays(12)}.ics"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const properties = expectBookingCalendarLines(await response.text());
    expect(properties.get("UID")).toBe(`booking-${row.id}@localhost:3000`);
    expect(properties.get("SEQUENCE")).toBe("0");

    expect((await reschedule(token, { preferredDate: inDays(13), preferredTimeSlot: B })).status).toBe(200);
    const [update] = await noticesTo(t, "calendar@example.com");
    const mailed = /SEQUENCE:(\d+)/.exec(update!.attachments[0]!.content)![1];
    const again = expectBookingCalendarLines(
      await (await t.request(`/api/bookings/manage/${token}/calendar.ics`)).text(),
    );
    expect(again.get("UID")).toBe(`booking-${row.id}@localhost:3000`);
    expect(again.get("SEQUENCE")).toBe(mailed);
    expect(again.get("DTSTART")).toMatch(new RegExp(`^${inDays(13).replace(/-/g, "")}T`));
  });
});

describe("cancel and reschedule through the link", () => {
  it("cancels once; the second time says it is already cancelled", async () => {
    const { row, token } = await booked({ email: "cancel@example.com" });
    expect(await cancel(token)).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
    expect((await stored(row.id)).status).toBe("cancelled");
    expect(await cancel(token)).toMatchObject({ status: 409, body: { error: { message: "Already cancelled" } } });
    expect((await manage(token)).body).toMatchObject({ canChange: false, reason: "Already cancelled" });
  });

  it("moves a booking to another date and slot, and tells the customer the new time", async () => {
    const { row, token } = await booked({ email: "move@example.com", preferredDate: inDays(14), preferredTimeSlot: A });
    expect(await reschedule(token, { preferredDate: inDays(15), preferredTimeSlot: C })).toMatchObject({ status: 200 });
    expect(await stored(row.id)).toMatchObject({ preferredDate: inDays(15), preferredTimeSlot: C, status: "pending" });
    const mails = await noticesTo(t, "move@example.com");
    // Two hours from 3 PM: arrive by 4 to be done by 6 (by 3 on a Sunday, which closes at 5).
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^You moved your booking – .*, 3(–4)? PM$/)]);
    expect(mails[0]!.text).toContain(`/booking/manage/${token}`);
  });

  it("refuses a closed date, a slot that has begun, and a bad body, and changes nothing", async () => {
    const { row, token } = await booked({ email: "closed@example.com", preferredDate: inDays(16) });
    expect(
      (await callAs(t, admin, "/api/closed-dates", jsonPost({ date: inDays(17), reason: "Holiday" }))).status,
    ).toBe(201);
    expect(await reschedule(token, { preferredDate: inDays(17), preferredTimeSlot: B })).toMatchObject({
      status: 409,
      body: { error: { message: CLOSED_DATE } },
    });
    expect((await reschedule(token, { preferredDate: inDays(-1), preferredTimeSlot: B })).status).toBe(400);
    expect((await reschedule(token, { preferredDate: inDays(18), preferredTimeSlot: "07:00–09:00" })).status).toBe(400);
    expect(
      (
        await manage(
          token,
          "/reschedule",
          jsonPost({ preferredDate: inDays(18), preferredTimeSlot: B, status: "confirmed" }),
        )
      ).status,
    ).toBe(400);
    expect(await stored(row.id)).toEqual(row);
  });

  it("a reschedule into a full slot changes nothing: the booking and both slots' counts stay", async () => {
    expect((await settings({ bays: 1 })).status).toBe(200);
    try {
      const [from, to] = [inDays(19), inDays(20)];
      const { row, token } = await booked({ email: "full@example.com", preferredDate: from, preferredTimeSlot: A });
      await booked({ email: "holder@example.com", preferredDate: to, preferredTimeSlot: B });
      expect(await reschedule(token, { preferredDate: to, preferredTimeSlot: B })).toMatchObject({
        status: 409,
        body: { error: { message: SLOT_FULL, fields: { preferredTimeSlot: SLOT_FULL } } },
      });
      expect(await stored(row.id)).toEqual(row);
      expect([await liveIn(from, A), await liveIn(to, B)]).toEqual([1, 1]);
      expect(await t.database.db.$count(outbox, eq(outbox.to, "full@example.com"))).toBe(0);
    } finally {
      await settings({ bays: 3 });
    }
  });

  it(
    `20 simultaneous reschedules of different bookings into a slot's last place: exactly one wins (${ROUNDS} rounds at once)`,
    { tags: ["engine"] },
    async () => {
      expect((await settings({ bays: 1 })).status).toBe(200);
      try {
        const round = async (n: number) => {
          const target = { preferredDate: inDays(40 + n), preferredTimeSlot: C };
          // Twenty bookings, each in a place of its own (four days of five slots), each by another customer.
          const rows = await insertBookings(
            t.database.db,
            Array.from({ length: 20 }, (_, i) =>
              buildBooking({
                email: `racer${n}-${i}@example.com`,
                preferredDate: inDays(50 + 4 * n + Math.floor(i / 5)),
                preferredTimeSlot: BAY_SLOTS[i % 5]!,
              }),
            ),
          );
          const answers = await Promise.all(rows.map((row) => reschedule(tokenOf(row.id), target)));
          expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
          expect(answers.filter((a) => a.status === 409 && a.body.error.message === SLOT_FULL)).toHaveLength(19);
          expect(await liveIn(target.preferredDate, target.preferredTimeSlot)).toBe(1);
          const after = await Promise.all(rows.map((row) => stored(row.id)));
          const moved = after.filter((row) => row.preferredDate === target.preferredDate);
          expect(moved).toHaveLength(1);
          // Every other booking still holds its own place, untouched.
          for (const [i, row] of after.entries()) if (row !== moved[0]) expect(row).toEqual(rows[i]);
        };
        // Every round finishes before a failure is reported, so none outlives the test's database.
        const results = await Promise.allSettled(Array.from({ length: ROUNDS }, (_, n) => round(n)));
        const failure = results.find((r) => r.status === "rejected");
        if (failure) throw failure.reason;
      } finally {
        await settings({ bays: 3 });
      }
    },
  );
});

describe("the change window binds customers, whatever they send; admins are not bound", () => {
  it("inside the window: the link and a member's PATCH are refused with the window's message", async () => {
    expect((await settings({ cancelWindowHours: 168 })).status).toBe(200);
    try {
      const { row, token } = await booked({ email: member.email, preferredDate: inDays(2), preferredTimeSlot: B });
      const closed = { status: 409, body: { error: { message: windowClosedMessage(168) } } };
      expect(await manage(token)).toMatchObject({
        status: 200,
        body: { canChange: false, reason: windowClosedMessage(168) },
      });
      expect(await cancel(token)).toMatchObject(closed);
      expect(await reschedule(token, { preferredDate: inDays(30), preferredTimeSlot: B })).toMatchObject(closed);
      const patch = (body: object) => callAs(t, member, `/api/bookings/${row.id}`, jsonPost(body, { method: "PATCH" }));
      expect(await patch({ status: "cancelled" })).toMatchObject(closed);
      expect((await patch({ status: "cancelled", preferredTimeSlot: C })).status).toBe(403);
      expect((await patch({ status: "confirmed" })).status).toBe(403);
      expect(await stored(row.id)).toEqual(row);
      // The business may always change its own schedule.
      expect(
        (await callAs(t, admin, `/api/bookings/${row.id}`, jsonPost({ status: "cancelled" }, { method: "PATCH" })))
          .status,
      ).toBe(200);
    } finally {
      await settings({ cancelWindowHours: 2 });
    }
  });

  it("a visit that has begun is history: refused whatever the window", async () => {
    expect((await settings({ cancelWindowHours: 0 })).status).toBe(200);
    try {
      const { row, token } = await booked({ email: member.email, preferredDate: inDays(-1), preferredTimeSlot: C });
      const happened = { status: 409, body: { error: { message: VISIT_HAPPENED } } };
      expect(await manage(token)).toMatchObject({ status: 200, body: { canChange: false, reason: VISIT_HAPPENED } });
      expect(await cancel(token)).toMatchObject(happened);
      expect(await reschedule(token, { preferredDate: inDays(30), preferredTimeSlot: B })).toMatchObject(happened);
      expect(
        await callAs(t, member, `/api/bookings/${row.id}`, jsonPost({ status: "cancelled" }, { method: "PATCH" })),
      ).toMatchObject(happened);
      expect(await stored(row.id)).toEqual(row);
    } finally {
      await settings({ cancelWindowHours: 2 });
    }
  });

  it("the window is a setting of 0 to 168 whole hours", async () => {
    expect((await settings({ cancelWindowHours: 169 })).body.error.fields.cancelWindowHours).toBe(
      "At most 168 hours (a week)",
    );
    expect((await settings({ cancelWindowHours: -1 })).status).toBe(400);
    expect((await settings({ cancelWindowHours: 1.5 })).body.error.fields.cancelWindowHours).toBe(
      "Enter a whole number of hours",
    );
    expect((await callAs(t, admin, "/api/booking-settings")).body).toMatchObject({ cancelWindowHours: 2 });
  });
});

describe("guessing tokens", () => {
  it(`is slowed down: after ${WRONG_TOKENS_PER_MINUTE} wrong tokens a minute, 429; a real link still opens`, async () => {
    const { token } = await booked({ email: "guess@example.com" });
    // Earlier tests of this file already spent some of this address's minute.
    const statuses: number[] = [];
    while (statuses.length <= WRONG_TOKENS_PER_MINUTE && statuses.at(-1) !== 429)
      statuses.push((await manage(changedAt(token, 30))).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect((await manage(changedAt(token, 30))).status).toBe(429);
    expect((await manage(token)).status).toBe(200);
  });
});
