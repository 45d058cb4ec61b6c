import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { createMailer } from "~/.server/mail/mailer";
import { createOutboxWorker, type MailTransport } from "~/.server/mail/outbox-worker";
import type { OutboxEmail } from "~/features/outbox/outbox.schema";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { startSmtpSink, testTransport } from "../../tests/smtp-sink";
import { setupTestApp } from "../../tests/test-app";

const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
let member: TestAccount;
beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

const list = (query: string, account: TestAccount | null = admin) =>
  callAs(t, account, `/api/outbox?${query}`) as Promise<{ status: number; body: OutboxEmail[] }>;
const retry = (id: string, account: TestAccount | null = admin) =>
  callAs(t, account, `/api/outbox/${id}/retry`, jsonPost({}));
const refusing: MailTransport = {
  sendMail: () => Promise.reject(Object.assign(new Error("550 Mailbox unavailable"), { responseCode: 550 })),
};

describe("the message log", () => {
  it("a booking's details list its messages, the reminder included, each with its state", async () => {
    const { body } = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(buildBookingRequest({ email: "log@example.com", preferredDate: inDays(9) })),
    );
    const id = (body as { insertedId: string }).insertedId;
    const log = await list(`bookingId=${id}`);
    expect(log.status).toBe(200);
    // Without SMTP the notice is kept here as it is written; the reminder waits for its time.
    expect(log.body.map((m) => [m.kind, m.state, m.attempts])).toEqual([
      ["reminder", "queued", 0],
      ["notice", "kept", 0],
    ]);

    // The Outbox shows what is due; the reminder waits under 'scheduled'.
    expect((await list("to=log@example.com")).body.map((m) => m.kind)).toEqual(["notice"]);
    expect((await list("to=log@example.com&state=scheduled")).body.map((m) => m.kind)).toEqual(["reminder"]);

    expect((await list("to=log@example.com&state=kept")).body).toHaveLength(1);
    // The worker has nothing to do for it, and the reminder is not due.
    expect(await createOutboxWorker(t.database.db, { from: "shop@example.com" }).deliverDue()).toMatchObject({
      kept: 0,
    });
    expect((await list(`bookingId=${id}`)).body.map((m) => m.state)).toEqual(["queued", "kept"]);
  });

  it("a failed message shows why and can be sent again, once it has failed", async () => {
    await createMailer(t.database.db, { delivers: true }).send({
      to: "bounce@example.com",
      subject: "Will fail",
      text: "Hi",
    });
    await createOutboxWorker(t.database.db, { transport: refusing, from: "shop@example.com" }).deliverDue();
    const [failed] = (await list("state=failed")).body;
    expect(failed).toMatchObject({ subject: "Will fail", state: "failed", lastError: "550 Mailbox unavailable" });

    expect((await retry(failed!._id, member)).status).toBe(403);
    expect((await retry(failed!._id, null)).status).toBe(401);
    expect((await retry("0123456789abcdef01234567")).status).toBe(404);
    const again = await retry(failed!._id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: "queued", attempts: 0 });
    expect((await retry(failed!._id)).status).toBe(409);

    const smtp = await startSmtpSink();
    try {
      await createOutboxWorker(t.database.db, {
        transport: testTransport(smtp.port),
        from: "shop@example.com",
      }).deliverDue();
      expect(smtp.subjects.filter((s) => s === "Will fail")).toHaveLength(1);
    } finally {
      await smtp.close();
    }
    expect((await list("to=bounce@example.com&state=sent")).body).toHaveLength(1);
  });

  it("a booking's e-mail, stored as what its template needs, is sent and shown written out", async () => {
    const email = "template@example.com";
    const { body } = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(buildBookingRequest({ email, preferredDate: inDays(12) })),
    );
    const id = (body as { insertedId: string }).insertedId;
    const [stored] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, id), eq(outbox.kind, "notice")));
    expect(stored).toMatchObject({ template: "booking-received", subject: null, text: null, html: null });
    expect(JSON.stringify(stored!.data).length).toBeLessThan(2_000);

    // Shown in the log as the customer gets it: subject, words, link and calendar file.
    const [shown] = (await list(`bookingId=${id}&state=kept`)).body;
    expect(shown!.subject).toMatch(/^We received your booking request – /);
    expect(shown!.text).toContain("/booking/manage/");
    expect(shown!.attachments).toEqual([
      { filename: "booking.ics", contentType: expect.stringMatching(/^text\/calendar/) },
    ]);
    const file = await callAs(t, admin, `/api/outbox/${shown!._id}/attachments/0`);
    expect(String(file.body)).toContain("BEGIN:VCALENDAR");

    // Sent through SMTP the same, once the worker writes it out.
    await t.database.db.update(outbox).set({ state: "queued" }).where(eq(outbox.id, stored!.id));
    const smtp = await startSmtpSink();
    try {
      await createOutboxWorker(t.database.db, {
        transport: testTransport(smtp.port),
        from: "shop@example.com",
        written: t.services.messages,
      }).deliverDue();
      const sent = smtp.raw.filter((_, i) => smtp.subjects[i] === shown!.subject);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^To: template@example\.com/im);
      expect(sent[0]).toContain("text/html");
      expect(sent[0]).toMatch(/filename=booking\.ics/);
    } finally {
      await smtp.close();
    }
    expect((await list(`to=${email}&state=sent`)).body.map((m) => m.subject)).toEqual([shown!.subject]);
  });

  it("a message whose template is gone is given up on at once, and the log says why", async () => {
    await createMailer(t.database.db, { delivers: true }).send({
      to: "gone@example.com",
      template: "retired",
      data: {},
    });
    const smtp = await startSmtpSink();
    try {
      const worker = createOutboxWorker(t.database.db, {
        transport: testTransport(smtp.port),
        from: "shop@example.com",
        written: t.services.messages,
      });
      expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
      expect(smtp.subjects).toEqual([]);
    } finally {
      await smtp.close();
    }
    const [failed] = (await list("to=gone@example.com&state=failed")).body;
    expect(failed).toMatchObject({
      attempts: 1,
      subject: "(This message cannot be shown)",
      lastError: 'No template "retired" to write this message.',
    });
  });

  it("refuses a state it does not know", async () => {
    const { status } = await list("state=lost");
    expect(status).toBe(400);
  });
});
