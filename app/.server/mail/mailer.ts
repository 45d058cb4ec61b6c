import { newObjectId } from "~/lib/object-id";
import type { Database } from "../db/client";
import { outbox, type EmailAttachment } from "../db/schema";

export type OutboxInsert = typeof outbox.$inferInsert;

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /**
   * Extra headers (RFC 8058's List-Unsubscribe on the shop's own messages). Only a template's
   * message has them: they are written out with it, not stored (the outbox has no column for them).
   */
  headers?: Record<string, string>;
}

/**
 * A message stored as what its template needs, and written out (message-templates.ts) when it is
 * sent or shown: a request stores it without writing it. `data` is JSON: what it was when stored.
 */
export interface TemplatedEmail {
  to: string;
  template: string;
  data: unknown;
}

/** Where and when a message goes: the transaction of the change that causes it, and its booking. */
export interface SendOptions {
  /** The change's transaction: the message is stored with the change, or neither is. */
  executor?: Pick<Database, "insert">;
  bookingId?: string;
  /**
   * A reminder waits until `sendAfter`; a notice goes at once, as does 'ready' (the car is ready),
   * which the database keeps to one per booking: a second is not written (outbox_one_ready_idx).
   */
  kind?: "notice" | "reminder" | "ready";
  sendAfter?: Date;
}

/** A message with its own kind and time, where one call stores messages of several (a notice and its reminder). */
export type OutgoingEmail = (Email | TemplatedEmail) & Pick<SendOptions, "kind" | "sendAfter">;

export interface Mailer {
  /**
   * Stores the messages in the outbox, in one statement; the outbox worker delivers them (through
   * SMTP when SMTP_URL is set). Nothing here waits for a mail server, so a request never does either.
   * A message's own kind and time come before the options'.
   */
  send(emails: OutgoingEmail | OutgoingEmail[], options?: SendOptions): Promise<void>;
  /** The outbox rows `send` writes, for a caller that writes them in a statement of its own. */
  rows(emails: OutgoingEmail[], options?: Omit<SendOptions, "executor">): OutboxInsert[];
}

/**
 * `delivers`: whether a mail server is set. Without one, a notice is kept in the outbox as it is
 * written (nothing would ever send it, and marking it later would cost the worker a write per
 * message); a reminder still waits for its time, when the worker keeps it.
 */
export function createMailer(db: Database, { delivers }: { delivers: boolean }): Mailer {
  function rows(emails: OutgoingEmail[], options: Omit<SendOptions, "executor"> = {}): OutboxInsert[] {
    // A booking made at the counter may have no e-mail: nobody to write to, so no message.
    return emails
      .filter((email) => email.to)
      .map((email) => {
        const { kind = options.kind ?? "notice", sendAfter = options.sendAfter } = email;
        const whole = "template" in email ? undefined : email;
        // Every row with the same columns, whole or not: one insert writes them together.
        return {
          id: newObjectId(),
          to: email.to,
          subject: whole?.subject ?? null,
          text: whole?.text ?? null,
          html: whole?.html ?? null,
          attachments: whole?.attachments ?? [],
          template: whole ? null : (email as TemplatedEmail).template,
          data: whole ? null : (email as TemplatedEmail).data,
          bookingId: options.bookingId ?? null,
          kind,
          state: delivers || kind === "reminder" ? ("queued" as const) : ("kept" as const),
          // The worker's clock, not the database's now(): that has microseconds, and a message written
          // within the millisecond the worker reads as "now" would otherwise wait for the next poll.
          sendAfter: sendAfter ?? new Date(),
        };
      });
  }

  return {
    rows,
    async send(emails, { executor = db, ...options } = {}) {
      const written = rows(Array.isArray(emails) ? emails : [emails], options);
      if (written.length === 0) return;
      const insert = executor.insert(outbox).values(written);
      await (written.some((row) => row.kind === "ready") ? insert.onConflictDoNothing() : insert);
    },
  };
}
