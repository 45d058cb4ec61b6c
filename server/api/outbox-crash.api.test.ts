import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/data-dir-lock";
import { outbox } from "~/.server/db/schema";
import { createMailer } from "~/.server/mail/mailer";
import { createOutboxWorker, LEASE_MS } from "~/.server/mail/outbox-worker";
import { projectRoot } from "~/.server/project-root";
import { startSmtpSink, testTransport } from "../../tests/smtp-sink";
import { openTestDatabase } from "../../tests/test-database";

/**
 * A real server process killed with SIGKILL while the mail server holds its 6th message (received,
 * not yet answered): after a restart every message is delivered, and only that one twice. On the
 * embedded database the process has the data directory to itself, as a server does.
 */
const postgres = process.env.TEST_DB_KIND === "postgres";

async function reopen(dataDir: string): Promise<DatabaseHandle> {
  // The dead process's directory lock goes with it; its helper may take a moment to notice.
  for (let attempt = 0; ; attempt++) {
    try {
      return await openDatabase({ kind: "pglite", dataDir });
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

it(
  "a process killed while sending loses nothing after a restart and sends again only the message in flight",
  { tags: ["engine"], timeout: 90_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "carwash-outbox-crash-"));
    const server = postgres ? await openTestDatabase() : undefined;
    let database: DatabaseHandle = server ?? (await openDatabase({ kind: "pglite", dataDir }));
    const where = server ? { OUTBOX_DB_URL: server.url! } : { OUTBOX_DATA_DIR: dataDir };
    const mailer = createMailer(database.db, { delivers: true });
    for (let i = 0; i < 15; i++) await mailer.send({ to: `c${i}@example.com`, subject: `Crash ${i}`, text: "Hello" });
    if (!postgres) await database.close();

    let child: ChildProcess | undefined;
    const smtp = await startSmtpSink(0, {
      beforeAccepting: (_subject, received) => {
        if (received !== 6) return;
        child!.kill("SIGKILL");
        return new Promise(() => {}); // the answer the process never gets
      },
    });
    try {
      child = spawn(process.execPath, ["--import", "tsx", "tests/outbox-worker-process.ts"], {
        cwd: projectRoot,
        env: { ...process.env, ...where, OUTBOX_SMTP_PORT: String(smtp.port) },
        stdio: "ignore",
      });
      const signal = await new Promise((resolve) => child!.on("exit", (_code, signal) => resolve(signal)));
      expect(signal).toBe("SIGKILL");
      expect(smtp.subjects).toHaveLength(6);
      const inFlight = smtp.subjects[5]!;

      // The restart: what the dead process had claimed waits for its lease, then goes out.
      if (!postgres) database = await reopen(dataDir);
      const options = { transport: testTransport(smtp.port), from: "shop@example.com" };
      expect(await createOutboxWorker(database.db, options).deliverDue()).toMatchObject({ sent: 0 });
      const afterLease = () => new Date(Date.now() + LEASE_MS + 1000);
      expect(await createOutboxWorker(database.db, { ...options, now: afterLease }).deliverDue()).toMatchObject({
        sent: 10,
      });

      const times = new Map<string, number>();
      for (const subject of smtp.subjects) times.set(subject, (times.get(subject) ?? 0) + 1);
      expect([...times.keys()].sort()).toEqual(Array.from({ length: 15 }, (_, i) => `Crash ${i}`).sort());
      expect([...times].filter(([, n]) => n > 1)).toEqual([[inFlight, 2]]);
      const rows = await database.db.select({ state: outbox.state }).from(outbox);
      expect(rows.map((r) => r.state)).toEqual(Array(15).fill("sent"));
    } finally {
      child?.kill("SIGKILL");
      await smtp.close();
      await database.close();
    }
  },
);
