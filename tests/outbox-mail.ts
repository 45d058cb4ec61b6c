import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";

/**
 * The notices written to the outbox for an address, oldest first: what the address is told at once.
 * Reminders, which wait for their time, are left out (server/api/booking-reminders.api.test.ts has them).
 */
export function noticesTo(db: Database, to: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, "notice")))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/** Every notice that names `text` in its address or its body. */
export function noticesMentioning(db: Database, text: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "notice"), sql`(${outbox.to} = ${text} or ${outbox.text} like ${`%${text}%`})`));
}
