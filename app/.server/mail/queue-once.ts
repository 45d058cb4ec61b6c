import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { outbox, sentFollowUps } from "../db/schema";
import type { Mailer, OutgoingEmail } from "./mailer";

/** A message that goes once ever: its key ("review-request:<booking id>") and the visit whose log it joins, if any. */
export interface OnceMessage {
  key: string;
  email: OutgoingEmail;
  bookingId: string | null;
}

/**
 * Queues the messages whose keys no one has claimed yet, in one transaction of two statements:
 * the keys are inserted into sent_follow_ups (a key already there, from another process's sweep,
 * is skipped), and only the claimed ones' messages are written to the outbox. A rolled-back
 * transaction frees its keys. Answers how many were queued.
 */
export async function queueOnce(db: Database, mailer: Mailer, messages: OnceMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  return db.transaction((tx) => queueOnceIn(tx, mailer, messages));
}

/** queueOnce's two statements inside the caller's transaction, so the messages go with its change or not at all. */
export async function queueOnceIn(
  tx: Pick<Database, "insert">,
  mailer: Mailer,
  messages: OnceMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const claimed = await tx
    .insert(sentFollowUps)
    .values(messages.map(({ key }) => ({ key })))
    .onConflictDoNothing()
    .returning({ key: sentFollowUps.key });
  const keys = new Set(claimed.map(({ key }) => key));
  const rows = messages
    .filter(({ key }) => keys.has(key))
    .flatMap(({ email, bookingId }) => mailer.rows([email], bookingId ? { bookingId } : {}));
  if (rows.length > 0) await tx.insert(outbox).values(rows);
  return keys.size;
}

/** True where a key (an SQL text of the outer query's row) was claimed: the sweeps leave those out. */
export function alreadyQueued(key: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sentFollowUps} where ${sentFollowUps.key} = ${key})`;
}
