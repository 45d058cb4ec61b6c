import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOptOuts, outbox } from "~/.server/db/schema";
import { createOutboxWorker } from "~/.server/mail/outbox-worker";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import type { Actor } from "~/lib/access";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { insertOilChangeVisit } from "../../tests/oil-change-visits";
import { writtenMessages } from "../../tests/outbox-mail";
import { startSmtpSink, testTransport, type SmtpSink } from "../../tests/smtp-sink";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

/**
 * Issue 28's due reminders, on a clock the test chooses (services.followUps.runDue(at)): one
 * reminder the set days before a vehicle's next oil change is due, and one follow-up the set days
 * after, each once, and none once an oil change is booked for the vehicle or the address stopped
 * them. Serviced 2026-09-03 at 34,000 miles with full synthetic (6 months, 7,500 miles): due
 * 2027-03-03 or 41,500 miles, so the reminder's day is 2027-02-24 and the follow-up's 2027-04-02.
 */
const TIME_ZONE = "America/New_York";
// A mail server is set (the worker here is the test's own), so the messages wait for it as queued.
const t = setupTestApp({
  env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_TIMEZONE: TIME_ZONE, SMTP_URL: "smtp://127.0.0.1:2525" },
});

const DUE = "2027-03-03";
const REMINDER_DAY = "2027-02-24";
const FOLLOW_UP_DAY = "2027-04-02";
/** The instant the shop's clock shows `time` on `date`. */
const at = (date: string, time = "00:00") => zonedTimeToUtc(date, time, TIME_ZONE);
const MINUTE = 60_000;
const sweep = (moment: Date) => t.services.followUps.runDue(moment);

let admin: TestAccount;
let smtp: SmtpSink;
beforeAll(async () => {
  admin = await signUpAdmin(t);
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

let sequence = 0;
/** A customer's collected oil change, serviced 2026-09-03 and due 2027-03-03, with an address of its own. */
async function visit(overrides: Parameters<typeof insertOilChangeVisit>[1] = {}) {
  const email = `due-${++sequence}-${Date.now()}@example.com`;
  return insertOilChangeVisit(t, { email, ...overrides });
}

const messagesOf = (bookingId: string, template: "due-reminder" | "due-follow-up") =>
  writtenMessages(t, and(eq(outbox.bookingId, bookingId), eq(outbox.template, template)));

/** The customer books the same vehicle again from the contact form (the vehicle's key: e-mail, make, model, type). */
async function bookAgain(email: string, serviceType: string) {
  const { status, body } = await callAs(
    t,
    null,
    "/api/bookings",
    jsonPost(
      buildBookingRequest({
        email,
        fullName: "Dana Whitfield",
        vehicleType: "SUV",
        vehicleMake: "Honda",
        vehicleModel: "CR-V",
        serviceType,
        preferredDate: inDays(5),
      }),
    ),
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return (body as { insertedId: string }).insertedId;
}

describe("a due reminder", () => {
  it("is queued once, on its day and not a minute before, however many sweeps run", async () => {
    const { booking } = await visit();
    await sweep(new Date(at(REMINDER_DAY).getTime() - MINUTE));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(0);

    await sweep(at(REMINDER_DAY));
    await sweep(at(REMINDER_DAY, "09:30"));
    await sweep(at(DUE));
    const [reminder, ...more] = await messagesOf(booking.id, "due-reminder");
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ to: booking.email, kind: "notice", state: "queued" });
    expect(reminder!.subject).toBe("Your Honda CR-V is due for an oil change");
  });

  it("is queued once when two sweeps run at the same moment", { tags: ["engine"] }, async () => {
    const visits = await Promise.all([visit(), visit(), visit()]);
    const moment = at(REMINDER_DAY, "10:00");
    const [first, second] = await Promise.all([sweep(moment), sweep(moment)]);
    expect(first!["due-reminders"]! + second!["due-reminders"]!).toBeGreaterThanOrEqual(visits.length);
    for (const { booking } of visits) expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(1);
  });

  it("says the vehicle, the date and the mileage, and links to the filled-in form and the way out", async () => {
    const { booking, recordId } = await visit();
    await sweep(at(REMINDER_DAY));
    const [reminder] = await messagesOf(booking.id, "due-reminder");
    const token = t.services.rebookLinks.token(recordId);
    const unsubscribe = t.services.unsubscribeLinks.url(booking.email, "service-reminders");
    expect(reminder!.text).toContain(
      "Your Honda CR-V is due for an oil change around March 3 or 41,500 miles, whichever comes first.",
    );
    expect(reminder!.text).toContain("Last oil change: September 3, 2026\nOdometer: 34,000 miles");
    expect(reminder!.text).toContain("Oil: Full synthetic");
    expect(reminder!.text).toContain(`Book your oil change: ${TEST_ORIGIN}/booking?rebook=${token}`);
    expect(reminder!.text).toContain(`Stop service reminders (${unsubscribe})`);
    expect(reminder!.text).toContain("(555) 014-2290");
    // Plain text has no button to point at.
    expect(reminder!.text).not.toMatch(/button/i);
    expect(reminder!.html).toContain(`href="${TEST_ORIGIN}/booking?rebook=${token}"`);
    expect(reminder!.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // Kept small: the template's input, not the message.
    expect(
      JSON.stringify((await t.database.db.select().from(outbox).where(eq(outbox.id, reminder!.id)))[0]!.data).length,
    ).toBeLessThan(400);
  });

  it("names the vehicle by its type when the visit gave no make or model", async () => {
    const { booking } = await visit({ vehicleMake: "", vehicleModel: "", vehicleType: "Car" });
    await sweep(at(REMINDER_DAY));
    const [reminder] = await messagesOf(booking.id, "due-reminder");
    expect(reminder!.subject).toBe("Your car is due for an oil change");
  });

  it("reaches the mail server with RFC 8058's one-click unsubscribe headers", async () => {
    const { booking } = await visit();
    await sweep(at(REMINDER_DAY));
    const worker = createOutboxWorker(t.database.db, {
      transport: testTransport(smtp.port),
      from: "shop@example.com",
      written: t.services.messages,
    });
    await worker.deliverDue();
    const raw = smtp.raw.find((message) => message.includes(`To: ${booking.email}`))!;
    expect(raw).toBeDefined();
    const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const url = t.services.unsubscribeLinks.url(booking.email, "service-reminders");
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <${url.replace(/[.?]/g, "\\$&")}>$`, "m"));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect((await messagesOf(booking.id, "due-reminder"))[0]!.state).toBe("sent");
  });

  it("is not queued once the customer has booked an oil change for that vehicle", async () => {
    const { booking } = await visit();
    await bookAgain(booking.email, "Oil Change");
    await sweep(at(REMINDER_DAY));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(0);
  });

  it("still goes after a wash of that vehicle, a cancelled oil change, or an oil change of another vehicle", async () => {
    const { booking } = await visit();
    await bookAgain(booking.email, "Hand Wash");
    const cancelled = await bookAgain(booking.email, "Oil Change");
    expect(
      (await callAs(t, admin, `/api/bookings/${cancelled}`, jsonPost({ status: "cancelled" }, { method: "PATCH" })))
        .status,
    ).toBe(200);
    const other = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(
        buildBookingRequest({
          email: booking.email,
          vehicleType: "Truck",
          serviceType: "Oil Change",
          preferredDate: inDays(6),
        }),
      ),
    );
    expect(other.status).toBe(201);
    await sweep(at(REMINDER_DAY));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(1);
  });

  it("is not queued to an address that stopped service reminders (stopping review requests stops nothing here)", async () => {
    const stopped = await visit();
    const other = await visit();
    await t.database.db.insert(emailOptOuts).values([
      { email: stopped.booking.email, kind: "service-reminders" },
      { email: other.booking.email, kind: "review-requests" },
    ]);
    await sweep(at(REMINDER_DAY));
    expect(await messagesOf(stopped.booking.id, "due-reminder")).toHaveLength(0);
    expect(await messagesOf(other.booking.id, "due-reminder")).toHaveLength(1);
  });

  it("is for the vehicle's latest oil change only, and never to a visit booked without an e-mail", async () => {
    const older = await visit();
    // The same SUV's next oil change was recorded: its due date is months later.
    const newer = await insertOilChangeVisit(t, {
      email: older.booking.email,
      servicedOn: "2026-11-20",
      odometer: 39_000,
    });
    const counter = await insertOilChangeVisit(t, { email: "" });
    await sweep(at(REMINDER_DAY));
    expect(await messagesOf(older.booking.id, "due-reminder")).toHaveLength(0);
    expect(await messagesOf(newer.booking.id, "due-reminder")).toHaveLength(0);
    expect(await messagesOf(counter.booking.id, "due-reminder")).toHaveLength(0);
  });

  it("follows the settings: none when due reminders are off, and the days before are the admin's", async () => {
    const actor: Actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", emailVerified: true };
    const { booking } = await visit();
    await t.services.followUpSettings.updateSettings(actor, { dueReminders: false });
    await sweep(at(REMINDER_DAY));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(0);

    await t.services.followUpSettings.updateSettings(actor, { dueReminders: true, dueReminderDaysBefore: 3 });
    await sweep(at(REMINDER_DAY));
    await sweep(new Date(at(addDays(DUE, -3)).getTime() - MINUTE));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(0);
    await sweep(at(addDays(DUE, -3)));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(1);
    await t.services.followUpSettings.updateSettings(actor, { dueReminderDaysBefore: 7 });
  });
});

describe("the follow-up", () => {
  it("goes once, the set days after the due date, not a minute before", { tags: ["engine"] }, async () => {
    const { booking, recordId } = await visit();
    await sweep(at(REMINDER_DAY));
    await sweep(new Date(at(FOLLOW_UP_DAY).getTime() - MINUTE));
    expect(await messagesOf(booking.id, "due-follow-up")).toHaveLength(0);

    await Promise.all([sweep(at(FOLLOW_UP_DAY)), sweep(at(FOLLOW_UP_DAY))]);
    await sweep(at(FOLLOW_UP_DAY, "12:00"));
    await sweep(at(addDays(FOLLOW_UP_DAY, 3)));
    const [followUp, ...more] = await messagesOf(booking.id, "due-follow-up");
    expect(more).toHaveLength(0);
    expect(followUp!.subject).toBe("Your Honda CR-V was due for an oil change on March 3");
    expect(followUp!.text).toContain("Your Honda CR-V was due for an oil change on March 3 (or at 41,500 miles).");
    expect(followUp!.text).toContain(`${TEST_ORIGIN}/booking?rebook=${t.services.rebookLinks.token(recordId)}`);
    expect(followUp!.text).not.toMatch(/button/i);
    expect(followUp!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // One reminder and one follow-up, nothing more.
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(1);
  });

  it("does not go once the customer has booked an oil change for that vehicle", async () => {
    const { booking } = await visit();
    await sweep(at(REMINDER_DAY));
    expect(await messagesOf(booking.id, "due-reminder")).toHaveLength(1);
    await bookAgain(booking.email, "Oil Change");
    await sweep(at(FOLLOW_UP_DAY));
    expect(await messagesOf(booking.id, "due-follow-up")).toHaveLength(0);
  });

  it("does not go after the customer stopped service reminders, nor where no reminder went", async () => {
    const reminded = await visit();
    await sweep(at(REMINDER_DAY));
    await t.database.db.insert(emailOptOuts).values({ email: reminded.booking.email, kind: "service-reminders" });
    // Recorded after its reminder's days had passed: no reminder, so no follow-up of one.
    const late = await visit();
    await sweep(at(FOLLOW_UP_DAY));
    expect(await messagesOf(reminded.booking.id, "due-follow-up")).toHaveLength(0);
    expect(await messagesOf(late.booking.id, "due-reminder")).toHaveLength(0);
    expect(await messagesOf(late.booking.id, "due-follow-up")).toHaveLength(0);
  });
});
