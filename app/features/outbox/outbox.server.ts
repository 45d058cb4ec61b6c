import { count, desc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";
import { requireAdmin, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { isObjectId } from "~/lib/object-id";
import type { OutboxEmail, OutboxQuery } from "./outbox.schema";

export function createOutboxService(db: Database) {
  return {
    /** The e-mails the site sent, newest first; admins only, as they hold customers' links. */
    async listEmails(actor: Actor | null, query: OutboxQuery): Promise<{ items: OutboxEmail[]; total: number }> {
      requireAdmin(actor);
      const where = query.to ? eq(outbox.to, query.to.toLowerCase()) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(outbox).where(where),
      ]);
      const items = rows.map(({ id, createdAt, attachments, ...email }) => ({
        _id: id,
        ...email,
        attachments: attachments.map(({ filename, contentType }) => ({ filename, contentType })),
        createdAt: createdAt.toISOString(),
      }));
      return { items, total: totals?.total ?? 0 };
    },

    /** One file sent with an e-mail (a booking's .ics), as the customer received it. */
    async getAttachment(actor: Actor | null, id: string, index: number) {
      requireAdmin(actor);
      if (!isObjectId(id)) throw notFound("Attachment");
      const [row] = await db.select({ attachments: outbox.attachments }).from(outbox).where(eq(outbox.id, id));
      const attachment = row?.attachments[index];
      if (!attachment) throw notFound("Attachment");
      return attachment;
    },
  };
}
