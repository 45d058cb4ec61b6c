import { and, asc, eq, type SQL } from "drizzle-orm";
import { outbox } from "~/.server/db/schema";
import type { TestApp } from "./test-app";

/** The messages `where` picks, oldest first, written out as they are sent and shown (templates filled in). */
export async function writtenMessages(t: TestApp, where?: SQL) {
  const rows = await t.database.db.select().from(outbox).where(where).orderBy(asc(outbox.createdAt), asc(outbox.id));
  return rows.map(t.services.messages);
}

/**
 * The notices written to the outbox for an address, oldest first: what the address is told at once.
 * Reminders, which wait for their time, are left out (server/api/booking-reminders.api.test.ts has them).
 */
export function noticesTo(t: TestApp, to: string) {
  return writtenMessages(t, and(eq(outbox.to, to), eq(outbox.kind, "notice")));
}

/** Every notice that names `text` in its address or its body. */
export async function noticesMentioning(t: TestApp, text: string) {
  const notices = await writtenMessages(t, eq(outbox.kind, "notice"));
  return notices.filter((mail) => mail.to === text || mail.text.includes(text));
}
