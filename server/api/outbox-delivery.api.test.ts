import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";
import { createMailer } from "~/.server/mail/mailer";
import { createOutboxWorker, RETRY_DELAYS_MS, type MailTransport } from "~/.server/mail/outbox-worker";
import { openTestDatabase } from "../../tests/test-database";
import { freePort, startSmtpSink, testTransport, type SmtpSink } from "../../tests/smtp-sink";

let database: DatabaseHandle & { url?: string };
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const thing of open.reverse()) await thing.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(outbox);
});

/**
 * A clock the test moves by hand: retries and leases fall due when it says. It starts a minute
 * ahead of the real time, so that messages the test queues (due at once) are due on it; a fixed
 * date made them not yet due once the real date passed it.
 */
function testClock(start = new Date(Date.now() + 60_000)) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function queue(count: number, prefix: string) {
  const mailer = createMailer(database.db, { delivers: true });
  for (let i = 0; i < count; i++)
    await mailer.send({ to: `customer${i}@example.com`, subject: `${prefix} ${i}`, text: "Hello" });
}

async function sink(port?: number): Promise<SmtpSink> {
  const server = await startSmtpSink(port);
  open.push(server);
  return server;
}

const states = async () =>
  database.db
    .select()
    .from(outbox)
    .orderBy(asc(outbox.subject))
    .then((rows) => rows.map((r) => r.state));

/** Each subject exactly once, whatever the order. */
const once = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`).sort();

describe("the outbox worker", () => {
  it("retries while the mail server is down, on the schedule, and delivers each message once when it is back", async () => {
    const port = await freePort();
    const clock = testClock();
    const worker = createOutboxWorker(database.db, {
      transport: testTransport(port),
      from: "shop@example.com",
      now: clock.now,
    });
    await queue(10, "Down then up");

    // First attempt: nothing listens. Every message waits for the first retry.
    expect(await worker.deliverDue()).toEqual({ sent: 0, kept: 0, failed: 0, queued: 10 });
    const [first] = await database.db.select().from(outbox).limit(1);
    expect(first).toMatchObject({ state: "queued", attempts: 1 });
    expect(first!.sendAfter.getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[0]!);
    expect(first!.lastError).toMatch(/ECONNREFUSED/);

    // Not due yet: nothing is tried.
    clock.advance(RETRY_DELAYS_MS[0]! - 1000);
    expect(await worker.deliverDue()).toEqual({ sent: 0, kept: 0, failed: 0, queued: 0 });

    // Second attempt, still down: the next wait is longer.
    clock.advance(1000);
    expect(await worker.deliverDue()).toMatchObject({ queued: 10 });
    const [second] = await database.db.select().from(outbox).limit(1);
    expect(second!.sendAfter.getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[1]!);

    // The server is back: the third attempt delivers all ten, once each.
    const server = await sink(port);
    clock.advance(RETRY_DELAYS_MS[1]!);
    expect(await worker.deliverDue()).toMatchObject({ sent: 10 });
    clock.advance(24 * 3_600_000);
    expect(await worker.deliverDue()).toEqual({ sent: 0, kept: 0, failed: 0, queued: 0 });
    expect([...server.subjects].sort()).toEqual(once("Down then up", 10));
    const rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.state === "sent" && r.attempts === 3 && r.sentAt !== null && r.lastError === null)).toBe(
      true,
    );
  });

  it("gives up after the last retry and keeps the server's reason", async () => {
    const clock = testClock();
    const worker = createOutboxWorker(database.db, {
      transport: testTransport(await freePort()),
      from: "shop@example.com",
      now: clock.now,
    });
    await queue(1, "Never delivered");
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      await worker.deliverDue();
      clock.advance(RETRY_DELAYS_MS[attempt] ?? 0);
    }
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ state: "failed", attempts: RETRY_DELAYS_MS.length + 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(await worker.deliverDue()).toEqual({ sent: 0, kept: 0, failed: 0, queued: 0 });
  });

  it("marks a message the server refuses for good (5xx) failed at once", async () => {
    const refusing: MailTransport = {
      sendMail: () => Promise.reject(Object.assign(new Error("550 No such mailbox"), { responseCode: 550 })),
    };
    const worker = createOutboxWorker(database.db, { transport: refusing, from: "shop@example.com" });
    await queue(1, "Refused");
    expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ state: "failed", attempts: 1, lastError: "550 No such mailbox" });
  });

  it("without SMTP keeps every message in the outbox, readable, and tries none again", async () => {
    const worker = createOutboxWorker(database.db, { from: "shop@example.com" });
    await queue(3, "Kept");
    expect(await worker.deliverDue()).toMatchObject({ kept: 3 });
    expect(await states()).toEqual(["kept", "kept", "kept"]);
    expect(await worker.deliverDue()).toMatchObject({ kept: 0 });
    const rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.attempts === 1 && r.lockedUntil === null && r.text === "Hello")).toBe(true);
  });

  it(
    "without SMTP, two processes keep 45 queued messages (more than a batch) once each",
    { tags: ["engine"] },
    async () => {
      const second = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : database;
      if (second !== database) open.push(second);
      await queue(45, "Kept");
      const workers = [database, second].map((handle) => createOutboxWorker(handle.db, { from: "shop@example.com" }));
      const [a, b] = await Promise.all(workers.map((w) => w.deliverDue()));
      expect(a!.kept + b!.kept).toBe(45);
      const rows = await database.db.select({ state: outbox.state, attempts: outbox.attempts }).from(outbox);
      expect(rows).toHaveLength(45);
      expect(rows.every((r) => r.state === "kept" && r.attempts === 1)).toBe(true);
    },
  );

  it("two server processes on one database deliver 200 queued messages once each", { tags: ["engine"] }, async () => {
    const server = await sink();
    // A second connection pool, as a second process opens; the embedded database has one process.
    const second = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : database;
    if (second !== database) open.push(second);
    await queue(200, "Shared");
    const workers = [database, second].map((handle) =>
      createOutboxWorker(handle.db, { transport: testTransport(server.port), from: "shop@example.com" }),
    );
    const [a, b] = await Promise.all(workers.map((w) => w.deliverDue()));
    expect(a!.sent + b!.sent).toBe(200);
    expect([...server.subjects].sort()).toEqual(once("Shared", 200));
    const rows = await database.db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.state, "sent"));
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
