import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "./client";

/**
 * Tells every server process on the database that some data changed, so each drops what it cached
 * of it. On PostgreSQL the writer's transaction sends a NOTIFY, which PostgreSQL delivers only
 * when (and if) it commits, to every process LISTENing (the writer's too); the embedded database
 * has one process by construction (DATA_DIR's lock), so there the signal stays in the process.
 */
export interface ChangeSignal {
  /**
   * Whether a cache of this data is safe: always on the embedded database; on PostgreSQL only while
   * the listener is connected (a change made while it is not would go unheard).
   */
  readonly cacheable: boolean;
  /** Counts the changes this process heard of: a cache key (or an ETag part) for what depends on the data. */
  readonly version: number;
  /** Calls `drop` on every change, also on a lost or restored listener. */
  onChange(drop: () => void): void;
  /** Runs `write` in a transaction that signals the change on commit; this process hears it at once. */
  write<T>(write: (tx: Database) => Promise<T>): Promise<T>;
}

export function createChangeSignal(database: DatabaseHandle, channel: string): ChangeSignal {
  const drops: (() => void)[] = [];
  let version = 0;
  let cacheable = !database.listener;
  const changed = () => {
    version++;
    for (const drop of drops) drop();
  };
  database.listener?.listen(channel, {
    notified: changed,
    listening() {
      cacheable = true;
      changed();
    },
    lost() {
      cacheable = false;
      changed();
    },
  });
  return {
    get cacheable() {
      return cacheable;
    },
    get version() {
      return version;
    },
    onChange(drop) {
      drops.push(drop);
    },
    async write(write) {
      const result = await database.db.transaction(async (tx) => {
        const written = await write(tx as unknown as Database);
        if (database.listener) await tx.execute(sql`select pg_notify(${channel}, '')`);
        return written;
      });
      // Before the NOTIFY comes back: the writer reads its own change from its next request on.
      changed();
      return result;
    },
  };
}
