import { newObjectId } from "~/lib/object-id";
import type { Database } from "../db/client";
import { outbox, type EmailAttachment } from "../db/schema";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

/** Where and when a message goes: the transaction of the change that causes it, and its booking. */
export interface SendOptions {
  /** The change's transaction: the message is stored with the change, or neither is. */
  executor?: Pick<Database, "insert">;
  bookingId?: string;
  /** A reminder waits until `sendAfter`; a notice goes at once. */
  kind?: "notice" | "reminder";
  sendAfter?: Date;
}

export interface Mailer {
  /**
   * Stores the message in the outbox; the outbox worker delivers it (through SMTP when SMTP_URL is
   * set). Nothing here waits for a mail server, so a request never does either.
   */
  send(email: Email, options?: SendOptions): Promise<void>;
}

export function createMailer(db: Database): Mailer {
  return {
    async send(email, options = {}) {
      const { executor = db, bookingId, kind = "notice", sendAfter } = options;
      await executor.insert(outbox).values({
        id: newObjectId(),
        ...email,
        html: email.html ?? null,
        attachments: email.attachments ?? [],
        bookingId: bookingId ?? null,
        kind,
        // The worker's clock, not the database's now(): that has microseconds, and a message written
        // within the millisecond the worker reads as "now" would otherwise wait for the next poll.
        sendAfter: sendAfter ?? new Date(),
      });
    },
  };
}
