import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox, type BookingRow } from "~/.server/db/schema";
import { createOutboxWorker } from "~/.server/mail/outbox-worker";
import { windowClosedMessage } from "~/features/bookings/change-window";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "../../tests/factories";
import { writtenMessages } from "../../tests/outbox-mail";
import { startSmtpSink, testTransport, type SmtpSink } from "../../tests/smtp-sink";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 29, part 2: closing a date that has bookings tells each customer once and lets them choose
 * a new time (whatever the change window says), or cancels them all with the reason; no reminder
 * goes out for a visit on a closed day.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
const [A, B, C] = ["09:00–11:00", "13:00–15:00", "15:00–17:00"];
let admin: TestAccount;
let member: TestAccount;
let smtp: SmtpSink;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

const close = (body: object) => callAs(t, admin, "/api/closed-dates", jsonPost(body));
const reopen = (date: string) => callAs(t, admin, `/api/closed-dates/${date}`, { method: "DELETE" });
const settings = (change: object) => callAs(t, admin, "/api/booking-settings", jsonPost(change, { method: "PATCH" }));
const manage = (token: string, action = "", init?: RequestInit) =>
  callAs(t, null, `/api/bookings/manage/${token}${action}`, init);
const tokenOf = (id: string) => t.services.manageLinks.manageToken(id);
const stored = async (id: string): Promise<BookingRow> =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
/** Stored bookings on `date`, one per e-mail address given. */
async function bookedOn(date: string, emails: string[], slot = B) {
  return insertBookings(
    t.database.db,
    emails.map((email, n) =>
      buildBooking({ email, fullName: `Customer ${n + 1}`, preferredDate: date, preferredTimeSlot: slot }),
    ),
  );
}
const closureMails = (ids: string[]) =>
  writtenMessages(t, and(inArray(outbox.bookingId, ids), eq(outbox.template, "booking-closure")));
const cancelledMails = (ids: string[]) =>
  writtenMessages(t, and(inArray(outbox.bookingId, ids), eq(outbox.template, "booking-cancelled")));

describe("closing a date that has bookings", () => {
  it("by default e-mails each customer once, with the reason and their manage link, and keeps the bookings", async () => {
    const date = inDays(20);
    const rows = await bookedOn(date, ["snow.1@example.com", "snow.2@example.com", ""]);
    const [, , noEmail] = rows;
    await insertBookings(t.database.db, [
      buildBooking({ email: "gone@example.com", preferredDate: date, status: "cancelled" }),
    ]);
    const first = await close({ date, reason: "Snow" });
    expect(first).toMatchObject({
      status: 201,
      body: { acknowledged: true, insertedId: date, liveBookings: 3, bookings: "reschedule", emailed: 2, cancelled: 0 },
    });
    // Sent again (a double click, a retry): no second e-mail.
    expect((await close({ date, reason: "Snow" })).body).toMatchObject({ liveBookings: 3, emailed: 0 });
    const mails = await closureMails(rows.map((r) => r.id));
    expect(mails.map((m) => m.to).sort()).toEqual(["snow.1@example.com", "snow.2@example.com"]);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^We're closed on .+: please choose a new time$/);
      expect(mail.text).toContain("(Snow)");
      expect(mail.text).toContain("Choose a new time");
      expect(mail.text).toContain("/booking/manage/");
    }
    for (const row of rows) expect((await stored(row.id)).status).toBe(row.status);
    expect(noEmail!.email).toBe("");
  });

  it("two closures sent at once queue one e-mail per customer", { tags: ["engine"] }, async () => {
    const date = inDays(21);
    const rows = await bookedOn(date, ["race.1@example.com", "race.2@example.com", "race.3@example.com"]);
    const answers = await Promise.all([close({ date, reason: "Pipe" }), close({ date, reason: "Pipe" })]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.map((a) => (a.body as { emailed: number }).emailed).sort()).toEqual([0, 3]);
    const mails = await closureMails(rows.map((r) => r.id));
    expect(mails.map((m) => m.to).sort()).toEqual(["race.1@example.com", "race.2@example.com", "race.3@example.com"]);
  });

  it("cancel cancels every live booking, each e-mail with the reason and message", async () => {
    const date = inDays(22);
    const rows = await bookedOn(date, ["cancel.1@example.com", "cancel.2@example.com"]);
    const answer = await close({ date, reason: "Staff off sick", bookings: "cancel", message: "Sorry, see you soon." });
    expect(answer).toMatchObject({
      status: 201,
      body: { liveBookings: 0, bookings: "cancel", cancelled: 2, emailed: 2 },
    });
    for (const row of rows) expect((await stored(row.id)).status).toBe("cancelled");
    const mails = await cancelledMails(rows.map((r) => r.id));
    expect(mails.map((m) => m.to).sort()).toEqual(["cancel.1@example.com", "cancel.2@example.com"]);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/: your booking is cancelled$/);
      expect(mail.text).toContain("(Staff off sick)");
      expect(mail.text).toContain("Sorry, see you soon.");
    }
    expect(await closureMails(rows.map((r) => r.id))).toHaveLength(0);
  });

  it("refuses a bookings value other than reschedule or cancel, and closes nothing", async () => {
    const date = inDays(23);
    const [row] = await bookedOn(date, ["bad.value@example.com"]);
    expect((await close({ date, reason: "x", bookings: "move" })).status).toBe(400);
    expect((await close({ date, reason: "x", bookings: null })).status).toBe(400);
    expect((await callAs(t, admin, "/api/closed-dates")).body).not.toContainEqual(expect.objectContaining({ date }));
    expect(await closureMails([row!.id])).toHaveLength(0);
  });
});

describe("a booking that needs a new time", () => {
  it("is answered so by the lists, the day and the manage link; moving it or reopening clears it", async () => {
    const date = inDays(24);
    const [moving, staying] = await bookedOn(date, [member.email, "stays@example.com"]);
    await t.database.db.update(bookings).set({ userId: member.id }).where(eq(bookings.id, moving!.id));
    const needs = async () => {
      const list = (await callAs(t, admin, `/api/bookings?from=${date}&to=${date}&limit=50`)).body as {
        _id: string;
        needsNewTime: boolean;
      }[];
      const visits = (await callAs(t, admin, `/api/bookings?order=visit&from=${date}&to=${date}&limit=50`)).body as {
        _id: string;
        needsNewTime: boolean;
      }[];
      const own = (await callAs(t, member, "/api/bookings?limit=50")).body as { _id: string; needsNewTime: boolean }[];
      const day = (await callAs(t, admin, `/api/bookings/day?date=${date}`)).body as {
        slots: { bookings: { _id: string; needsNewTime: boolean }[] }[];
      };
      const inDay = day.slots.flatMap((s) => s.bookings);
      const view = (await manage(tokenOf(staying!.id))).body as {
        booking: { needsNewTime: boolean };
        closedReason?: string;
      };
      const of = (items: { _id: string; needsNewTime: boolean }[], id: string) =>
        items.find((b) => b._id === id)?.needsNewTime;
      return {
        list: [of(list, moving!.id), of(list, staying!.id)],
        visits: of(visits, staying!.id),
        own: of(own, moving!.id),
        day: of(inDay, staying!.id),
        manage: view.booking.needsNewTime,
        reason: view.closedReason,
      };
    };
    expect(await needs()).toEqual({
      list: [false, false],
      visits: false,
      own: false,
      day: false,
      manage: false,
      reason: undefined,
    });
    await close({ date, reason: "Burst pipe" });
    expect(await needs()).toEqual({
      list: [true, true],
      visits: true,
      own: true,
      day: true,
      manage: true,
      reason: "Burst pipe",
    });
    const listed = (await callAs(t, admin, "/api/closed-dates")).body as {
      date: string;
      notMoved: { _id: string }[];
    }[];
    expect(
      listed
        .find((c) => c.date === date)
        ?.notMoved.map((b) => b._id)
        .sort(),
    ).toEqual([moving!.id, staying!.id].sort());

    const moved = await manage(
      tokenOf(moving!.id),
      "/reschedule",
      jsonPost({ preferredDate: inDays(25), preferredTimeSlot: C }),
    );
    expect(moved.status).toBe(200);
    const after = (await callAs(t, member, "/api/bookings?limit=50")).body as { _id: string; needsNewTime: boolean }[];
    expect(after.find((b) => b._id === moving!.id)?.needsNewTime).toBe(false);
    const listedAfter = (await callAs(t, admin, "/api/closed-dates")).body as {
      date: string;
      notMoved: { _id: string }[];
    }[];
    expect(listedAfter.find((c) => c.date === date)?.notMoved.map((b) => b._id)).toEqual([staying!.id]);

    expect((await reopen(date)).status).toBe(200);
    expect((await needs()).manage).toBe(false);
  });

  it("can be rescheduled inside the change window; an ordinary booking there cannot, and cancel keeps the rule", async () => {
    expect((await settings({ cancelWindowHours: 168 })).status).toBe(200);
    try {
      const closedDay = inDays(2);
      const openDay = inDays(3);
      const [onClosed] = await bookedOn(closedDay, ["window.closed@example.com"], A);
      const [ordinary] = await bookedOn(openDay, ["window.open@example.com"], A);
      await close({ date: closedDay, reason: "Snow" });

      expect(await manage(tokenOf(onClosed!.id))).toMatchObject({
        status: 200,
        body: { canChange: false, canReschedule: true, closedReason: "Snow", booking: { needsNewTime: true } },
      });
      expect(await manage(tokenOf(ordinary!.id))).toMatchObject({
        status: 200,
        body: { canChange: false, canReschedule: false, booking: { needsNewTime: false } },
      });
      const refused = { status: 409, body: { error: { message: windowClosedMessage(168) } } };
      const to = { preferredDate: inDays(30), preferredTimeSlot: B };
      expect(await manage(tokenOf(ordinary!.id), "/reschedule", jsonPost(to))).toMatchObject(refused);
      expect(await manage(tokenOf(onClosed!.id), "/cancel", jsonPost({}))).toMatchObject(refused);
      expect((await manage(tokenOf(onClosed!.id), "/reschedule", jsonPost(to))).status).toBe(200);
      expect(await stored(onClosed!.id)).toMatchObject({ preferredDate: to.preferredDate, preferredTimeSlot: B });
      expect((await stored(ordinary!.id)).preferredDate).toBe(openDay);
      // Moved: an ordinary booking again, under the window.
      expect(await manage(tokenOf(onClosed!.id))).toMatchObject({
        body: { canReschedule: true, booking: { needsNewTime: false } },
      });
    } finally {
      await settings({ cancelWindowHours: 2 });
    }
  });
});

describe("reminders of a visit on a closed day", () => {
  it("are held while the day is closed and sent at their time after it reopens", async () => {
    const date = inDays(12);
    const email = "remind.closed@example.com";
    const made = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(buildBookingRequest({ email, preferredDate: date, preferredTimeSlot: "11:00–13:00" })),
    );
    const id = (made.body as { insertedId: string }).insertedId;
    const reminder = async () =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.bookingId, id), eq(outbox.kind, "reminder")))
      )[0]!;
    const due = (await reminder()).sendAfter.getTime();
    let now = due + 60_000;
    const worker = createOutboxWorker(t.database.db, {
      transport: testTransport(smtp.port),
      from: "shop@example.com",
      written: t.services.messages,
      held: t.services.outboxHeld,
      now: () => new Date(now),
    });
    const before = smtp.subjects.length;
    const reminded = () => smtp.subjects.slice(before).filter((s) => s.startsWith("Reminder:")).length;

    await close({ date, reason: "Snow" });
    await worker.deliverDue();
    expect((await reminder()).state).toBe("queued");
    expect(reminded()).toBe(0);

    expect((await reopen(date)).status).toBe(200);
    now += 60_000;
    await worker.deliverDue();
    expect((await reminder()).state).toBe("sent");
    expect(reminded()).toBe(1);
  });
});
