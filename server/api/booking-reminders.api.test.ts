import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { createOutboxWorker } from "~/.server/mail/outbox-worker";
import { slotInterval } from "~/features/bookings/booking-calendar";
import { visitWhen } from "~/features/bookings/booking-emails";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { writtenMessages } from "../../tests/outbox-mail";
import { startSmtpSink, testTransport, type SmtpSink } from "../../tests/smtp-sink";
import { setupTestApp } from "../../tests/test-app";

const TIME_ZONE = "America/New_York";
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_TIMEZONE: TIME_ZONE } });
let admin: TestAccount;
let smtp: SmtpSink;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

const HOUR = 3_600_000;

async function book(email: string, date: string, slot = "11:00–13:00") {
  // A visitor's contact-form request: the booking is in the customer's name, not the admin's.
  const { body } = await callAs(
    t,
    null,
    "/api/bookings",
    jsonPost(buildBookingRequest({ email, preferredDate: date, preferredTimeSlot: slot })),
  );
  return (body as { insertedId: string }).insertedId;
}
const patch = (id: string, change: object) =>
  t.request(`/api/bookings/${id}`, jsonPost(change, { cookie: admin.cookie, method: "PATCH" }));
const settings = (change: object) =>
  t.request("/api/booking-settings", jsonPost(change, { cookie: admin.cookie, method: "PATCH" }));
const reminders = (bookingId: string) =>
  writtenMessages(t, and(eq(outbox.bookingId, bookingId), eq(outbox.kind, "reminder")));
const slotStart = (date: string, slot: string) => slotInterval(date, slot, TIME_ZONE)!.start.getTime();

/** A worker on a clock the test sets, sending to a real SMTP server. */
function workerAt() {
  let now = Date.now();
  const worker = createOutboxWorker(t.database.db, {
    transport: testTransport(smtp.port),
    from: "shop@example.com",
    written: t.services.messages,
    now: () => new Date(now),
  });
  return { deliverAt: (at: number) => ((now = at), worker.deliverDue()) };
}
/** Reminder subjects the mail server received for visits on `date`. */
const remindersReceivedFor = (date: string, slot = "11:00–13:00") =>
  smtp.subjects.filter(
    (s) =>
      s === `Reminder: your visit on ${visitWhen({ preferredDate: date, preferredTimeSlot: slot }, TIME_ZONE).short}`,
  );

describe("reminders before a visit", () => {
  it("one is planned 24 hours before the slot and sent once, at that time", async () => {
    const date = inDays(10);
    const id = await book("remind.once@example.com", date);
    const [reminder, ...more] = await reminders(id);
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ state: "queued", to: "remind.once@example.com" });
    expect(reminder!.sendAfter.getTime()).toBe(slotStart(date, "11:00–13:00") - 24 * HOUR);
    expect(reminder!.text).toContain("11 AM–1 PM");
    expect(reminder!.text).toContain("/booking/manage/");

    const { deliverAt } = workerAt();
    const due = reminder!.sendAfter.getTime();
    await deliverAt(due - 60_000);
    expect((await reminders(id))[0]!.state).toBe("queued");
    expect(remindersReceivedFor(date)).toHaveLength(0);

    await deliverAt(due);
    await deliverAt(due + HOUR);
    await deliverAt(due + 48 * HOUR);
    expect((await reminders(id))[0]!.state).toBe("sent");
    expect(remindersReceivedFor(date)).toHaveLength(1);
  });

  it("a cancelled booking is never reminded", async () => {
    const date = inDays(11);
    const id = await book("remind.cancelled@example.com", date);
    expect(await reminders(id)).toHaveLength(1);
    expect((await patch(id, { status: "cancelled" })).status).toBe(200);
    expect(await reminders(id)).toHaveLength(0);
    await workerAt().deliverAt(slotStart(date, "11:00–13:00"));
    expect(remindersReceivedFor(date)).toHaveLength(0);
  });

  it("a moved booking is reminded of its new time, once", async () => {
    const date = inDays(12);
    const id = await book("remind.moved@example.com", date, "09:00–11:00");
    expect((await patch(id, { preferredTimeSlot: "15:00–17:00" })).status).toBe(200);
    const [reminder, ...more] = await reminders(id);
    expect(more).toHaveLength(0);
    expect(reminder!.sendAfter.getTime()).toBe(slotStart(date, "15:00–17:00") - 24 * HOUR);
    expect(reminder!.text).toContain("3–5 PM");
    expect(reminder!.text).not.toContain("9–11 AM");

    // Confirmed, then cancelled and brought back: still one reminder, for the time it holds.
    expect((await patch(id, { status: "confirmed" })).status).toBe(200);
    expect((await patch(id, { status: "cancelled" })).status).toBe(200);
    expect((await patch(id, { status: "confirmed" })).status).toBe(200);
    expect(await reminders(id)).toHaveLength(1);
  });

  it("is a setting: none for a booking made inside the reminder time, none when set to 0", async () => {
    expect((await settings({ reminderHours: 168 })).status).toBe(200);
    const soon = await book("remind.soon@example.com", inDays(3));
    expect(await reminders(soon)).toHaveLength(0);
    expect((await settings({ reminderHours: 0 })).status).toBe(200);
    const off = await book("remind.off@example.com", inDays(20));
    expect(await reminders(off)).toHaveLength(0);
    const refused = await settings({ reminderHours: 200 });
    expect(refused.status).toBe(400);
    expect((await settings({ reminderHours: 24 })).status).toBe(200);
  });
});
