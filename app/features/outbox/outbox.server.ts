import { and, asc, count, desc, eq, gt, lte, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { outbox, type OutboxRow } from "~/.server/db/schema";
import type { MessageWriter, WrittenMessage } from "~/.server/mail/message-templates";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId } from "~/lib/object-id";
import type { BookingMessage, OutboxEmail, OutboxQuery } from "./outbox.schema";

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toEmail({
  id,
  createdAt,
  attachments,
  sendAfter,
  sentAt,
  lockedUntil: _,
  template: __,
  data: ___,
  headers = {},
  ...email
}: WrittenMessage): OutboxEmail {
  return {
    _id: id,
    ...email,
    headers,
    kind: email.kind === "reminder" ? "reminder" : "notice",
    attachments: attachments.map(({ filename, contentType }) => ({ filename, contentType })),
    createdAt: createdAt.toISOString(),
    sendAfter: sendAfter.toISOString(),
    sentAt: iso(sentAt),
  };
}

/**
 * What a list shows. A booking's log shows all of its messages; otherwise, without a state, the
 * Outbox shows what is due (what customers have been, or are being, told), and reminders waiting
 * for their time only under 'scheduled'.
 */
function whereFor(query: OutboxQuery, now: Date): SQL | undefined {
  const due = lte(outbox.sendAfter, now);
  const byState =
    query.state === "scheduled"
      ? and(eq(outbox.state, "queued"), gt(outbox.sendAfter, now))
      : query.state
        ? and(eq(outbox.state, query.state), query.state === "queued" ? due : undefined)
        : query.bookingId
          ? undefined
          : due;
  return and(
    byState,
    query.to ? eq(outbox.to, query.to.toLowerCase()) : undefined,
    query.bookingId ? eq(outbox.bookingId, query.bookingId) : undefined,
  );
}

export function createOutboxService(db: Database, written: MessageWriter) {
  /** A message as the customer got (or will get) it; one that cannot be written out says why instead. */
  function shown(row: OutboxRow): WrittenMessage {
    try {
      return written(row);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { ...row, subject: "(This message cannot be shown)", text: why, html: null, attachments: [] };
    }
  }

  return {
    /** The e-mails the site sent, newest first; admins only, as they hold customers' links. */
    async listEmails(actor: Actor | null, query: OutboxQuery): Promise<{ items: OutboxEmail[]; total: number }> {
      requireJob(actor, "outbox");
      const where = whereFor(query, new Date());
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.sendAfter), desc(outbox.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(outbox).where(where),
      ]);
      return { items: rows.map((row) => toEmail(shown(row))), total: totals?.total ?? 0 };
    },

    /** A booking's messages, oldest first, for its history (admins): at most `limit`. */
    async bookingMessages(actor: Actor | null, bookingId: string, limit: number): Promise<BookingMessage[]> {
      requireJob(actor, "desk");
      const rows = await db
        .select()
        .from(outbox)
        .where(eq(outbox.bookingId, bookingId))
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(limit);
      return rows.map((row) => ({
        _id: row.id,
        template: row.template ?? "",
        subject: shown(row).subject,
        to: row.to,
        state: row.state,
        createdAt: row.createdAt.toISOString(),
        sendAfter: row.sendAfter.toISOString(),
        sentAt: iso(row.sentAt),
      }));
    },

    /** The messages to an address, newest first (a customer's page), at most `limit`; no admin check: the caller's. */
    async messagesTo(address: string, limit: number) {
      const rows = await db
        .select()
        .from(outbox)
        .where(eq(outbox.to, address))
        .orderBy(desc(outbox.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        _id: row.id,
        subject: shown(row).subject,
        state: row.state,
        createdAt: row.createdAt.toISOString(),
        sentAt: iso(row.sentAt),
        bookingId: row.bookingId,
      }));
    },

    /** A failed message goes back to the queue for a fresh series of attempts, now. */
    async retry(actor: Actor | null, id: string): Promise<OutboxEmail> {
      const who = auditActor(requireJob(actor, "outbox"));
      if (!isObjectId(id)) throw notFound("E-mail");
      const row = await db.transaction(async (tx) => {
        const [failed] = await tx
          .select()
          .from(outbox)
          .where(and(eq(outbox.id, id), eq(outbox.state, "failed")))
          .for("update");
        if (!failed) return undefined;
        const [queued] = await tx
          .update(outbox)
          .set({ state: "queued", attempts: 0, sendAfter: new Date(), lockedUntil: null })
          .where(eq(outbox.id, id))
          .returning();
        await recordChange(tx, who, {
          kind: "message.resend",
          subjectType: "message",
          subjectId: id,
          summary: `E-mail "${shown(failed).subject}" sent again`,
          before: { state: failed.state, attempts: failed.attempts, lastError: failed.lastError },
          after: { state: "queued" },
        });
        return queued;
      });
      if (row) return toEmail(shown(row));
      const [exists] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
      if (!exists) throw notFound("E-mail");
      throw new AppError("conflict", "Only a failed e-mail can be sent again.");
    },

    /** One file sent with an e-mail (a booking's .ics), as the customer received it. */
    async getAttachment(actor: Actor | null, id: string, index: number) {
      requireJob(actor, "outbox");
      if (!isObjectId(id)) throw notFound("Attachment");
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      const attachment = row && shown(row).attachments[index];
      if (!attachment) throw notFound("Attachment");
      return attachment;
    },
  };
}
