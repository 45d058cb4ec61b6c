import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { outbox } from "../../../server/db/schema";
import { requireAdmin, type Actor } from "~/lib/access";
import type { OutboxEmail, OutboxQuery } from "./outbox.schema";

export function createOutboxService(db: Database) {
  return {
    /** The e-mails the site sent, newest first; admins only, as they hold customers' links. */
    async listEmails(actor: Actor | null, query: OutboxQuery): Promise<{ items: OutboxEmail[]; total: number }> {
      requireAdmin(actor);
      const where = query.to ? eq(outbox.to, query.to.toLowerCase()) : undefined;
      const [rows, [totals]] = await Promise.all([
        db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(query.limit).offset(query.offset),
        db.select({ total: count() }).from(outbox).where(where),
      ]);
      const items = rows.map(({ id, createdAt, ...email }) => ({ _id: id, ...email, createdAt: createdAt.toISOString() }));
      return { items, total: totals?.total ?? 0 };
    },
  };
}
