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

/**
 * Reads kept by key until `signal` says the data changed (in any process): at most `max` at once,
 * the oldest dropped first, none while the signal cannot hear of changes, and never one that
 * failed (a read that found nothing is asked again). What is kept is the read's promise, so
 * requests at the same moment share one read.
 */
export function keptReads<T>(signal: Pick<ChangeSignal, "cacheable" | "onChange">, max: number) {
  const kept = new Map<string, Promise<T>>();
  signal.onChange(() => kept.clear());
  return {
    read(key: string, load: () => Promise<T>): Promise<T> {
      if (!signal.cacheable) return load();
      let read = kept.get(key);
      if (!read) {
        read = load();
        // A Map keeps insertion order: the first key is the oldest read.
        if (kept.size >= max) kept.delete(kept.keys().next().value!);
        kept.set(key, read);
        read.catch(() => kept.delete(key));
      }
      return read;
    },
    /** Drops every read kept: for writes made around the signal (tests write rows directly). */
    clear: () => kept.clear(),
  };
}
