import { and, eq, inArray, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import { createPollingLoop } from "../polling-loop";
import { createMessageWriter, type MessageWriter } from "./message-templates";

/** What the worker needs of nodemailer: one message handed to the mail server. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments: OutboxRow["attachments"];
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

/**
 * Waits before the 2nd … 6th attempt: half a minute, 2 and 10 minutes, half an hour, 2 hours.
 * A mail server down for a restart is caught by the first retries; one down for an afternoon by the
 * last; after about 2 h 43 min the message is marked failed with the server's reason.
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];
/**
 * How long a claimed message is held. Longer than nodemailer's own timeouts (2 min greeting, 10 min
 * socket), so a slow send is never taken by a second worker; after a crash the message waits this
 * long before another process retries it.
 */
export const LEASE_MS = 11 * 60_000;
const BATCH = 20;
const POLL_MS = 1000;

export interface OutboxWorkerOptions {
  /** The mail server; without one, messages are kept in the outbox for admins to read. */
  transport?: MailTransport;
  from: string;
  /** Writes out messages stored as a template's input (the services' `messages`); by default only whole ones. */
  written?: MessageWriter;
  /**
   * Whether a message must not go after all (the shop's own, to an address that has since
   * unsubscribed: the services' consent.withheld). Such a message is deleted, never sent.
   */
  withheld?: (row: OutboxRow) => Promise<boolean>;
  /**
   * Messages not due while this is true of their row (the services' outboxHeld: a reminder of a
   * visit on a closed day). They stay queued, and go at their time once it is false again.
   */
  held?: SQL<boolean>;
  now?: () => Date;
  retryDelaysMs?: readonly number[];
  leaseMs?: number;
  pollMs?: number;
}

/** "smtp://…" → a nodemailer transport, or none without SMTP_URL. */
export function smtpTransport(smtpUrl: string | undefined): MailTransport | undefined {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
}

/** A 5xx answer is the server refusing this message for good (no such mailbox): retrying won't help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the outbox: claims due messages with `FOR UPDATE SKIP LOCKED` (so any number of
 * processes on one database share the work and never take the same message), sends each, and
 * records the outcome. A message is marked sent right after the mail server accepted it: a process
 * killed between the two sends that one message again after its lease (at most one per process,
 * the one in flight: messages are sent one at a time); every other claimed message was either
 * recorded or not yet sent, and is retried.
 */
export function createOutboxWorker(db: Database, options: OutboxWorkerOptions) {
  const { transport, from, now = () => new Date(), retryDelaysMs = RETRY_DELAYS_MS, leaseMs = LEASE_MS } = options;
  const written = options.written ?? createMessageWriter({});

  /** The ids of a batch of messages due at `at` that no other worker holds, locked until the statement's transaction ends. */
  function due(at: Date) {
    return db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.state, "queued"),
          lte(outbox.sendAfter, at),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, at)),
          options.held ? not(options.held) : undefined,
        ),
      )
      .orderBy(outbox.sendAfter, outbox.id)
      .limit(BATCH)
      .for("update", { skipLocked: true });
  }

  async function claim(at: Date): Promise<OutboxRow[]> {
    return db
      .update(outbox)
      .set({ lockedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due(at)))
      .returning();
  }

  /**
   * Without a mail server a message is only kept: a batch is marked so in one statement, as claiming
   * and recording each would end (attempts + 1, no lease), without reading the messages back.
   */
  async function keep(at: Date): Promise<number> {
    const kept = await db
      .update(outbox)
      .set({ state: "kept", lockedUntil: null, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due(at)))
      .returning({ id: outbox.id });
    return kept.length;
  }

  /** Records an outcome, only while this worker still holds the message. */
  async function record(row: OutboxRow, change: Partial<typeof outbox.$inferInsert>) {
    await db
      .update(outbox)
      .set({ ...change, lockedUntil: null })
      .where(and(eq(outbox.id, row.id), eq(outbox.lockedUntil, row.lockedUntil!)));
  }

  async function deliver(row: OutboxRow, transport: MailTransport): Promise<OutboxRow["state"] | "withheld"> {
    if (await options.withheld?.(row)) {
      await db.delete(outbox).where(and(eq(outbox.id, row.id), eq(outbox.lockedUntil, row.lockedUntil!)));
      return "withheld";
    }
    let message;
    try {
      message = written(row);
    } catch (error) {
      // A message that cannot be written out now never will be: given up on at once, with the reason.
      await record(row, { state: "failed", lastError: reason(error) });
      return "failed";
    }
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== null && { html: message.html }),
        attachments: message.attachments,
        ...(message.headers && { headers: message.headers }),
      });
    } catch (error) {
      const retryIn = retryDelaysMs[row.attempts - 1];
      if (retryIn === undefined || isPermanent(error)) {
        await record(row, { state: "failed", lastError: reason(error) });
        return "failed";
      }
      await record(row, { sendAfter: new Date(now().getTime() + retryIn), lastError: reason(error) });
      return "queued";
    }
    await record(row, { state: "sent", sentAt: now(), lastError: null });
    return "sent";
  }

  /** Sends everything due now, a batch at a time; answers how many messages ended in each state. */
  async function deliverDue() {
    const done = { sent: 0, kept: 0, failed: 0, queued: 0 };
    for (;;) {
      if (!transport) {
        const kept = await keep(now());
        done.kept += kept;
        if (kept < BATCH) return done;
        continue;
      }
      const claimed = await claim(now());
      for (const row of claimed) {
        const outcome = await deliver(row, transport);
        if (outcome !== "withheld") done[outcome]++;
      }
      if (claimed.length < BATCH) return done;
    }
  }

  const loop = createPollingLoop(deliverDue, options.pollMs ?? POLL_MS, (error) =>
    console.error(`Outbox delivery failed: ${reason(error)}`),
  );
  return {
    deliverDue,
    /** Polls every second in the background until `stop`. */
    start: loop.start,
    /** Stops polling and waits for a delivery in progress, so the database can close after it. */
    stop: loop.stop,
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
