import path from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { log } from "../log";
import { projectRoot } from "../project-root";
import { closeToOthers } from "../private-data-dir";
import { lockDataDir } from "./data-dir-lock";
import { createNotificationListener, type NotificationListener } from "./notification-listener";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** PostgreSQL: NOTIFYs from every process on the database (change-signal.ts); none on the embedded one. */
  listener?: NotificationListener;
  /**
   * The embedded database: PGlite's own LISTEN, which hears the NOTIFYs its triggers send, when their
   * transaction commits (board-changes.ts). Resolves to the call that stops listening.
   */
  listenEmbedded?(channel: string, notified: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /**
   * A throwaway embedded database for tests; `from` is a data directory (PGlite's `dumpDataDir`) to
   * start from, so a migrated template is copied rather than made again.
   */
  | { kind: "pglite-memory"; from?: Blob };

const migrationsFolder = path.join(projectRoot, "drizzle");
// Any constant will do: it only has to be the same for every process of this app.
const MIGRATION_LOCK_KEY = 7_243_311;

let migrationTimes: number[] | undefined;

/**
 * How many of this build's migrations the database lacks (0 after this process's own start, unless
 * the database was since restored or replaced); throws when the database cannot be asked.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  migrationTimes ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  // The migrator applies what is newer than its newest row, so that row says how far the schema is.
  const result = (await db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { at: string | number | null }[];
  };
  const applied = Number(result.rows[0]?.at ?? 0);
  return migrationTimes.filter((at) => at > applied).length;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url);

  const lock = target.kind === "pglite" ? await lockDataDir(target.dataDir) : undefined;
  try {
    // Loaded only for the embedded database: a process on PostgreSQL would carry PGlite's code (some
    // 15 MB resident) unused.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    // pg_trgm backs the booking search index (migration 0003); PGlite loads extensions per instance.
    const options = { extensions: { pg_trgm } };
    const client =
      target.kind === "pglite"
        ? new PGlite(path.join(target.dataDir, "pglite"), options)
        : new PGlite({ ...options, loadDataDir: target.from });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    const databaseDir = target.kind === "pglite" ? path.join(target.dataDir, "pglite") : undefined;
    if (databaseDir) await closeToOthers(databaseDir);
    return {
      db,
      kind: "pglite",
      listenEmbedded: (channel, notified) => client.listen(channel, () => notified()),
      async close() {
        await client.close();
        if (databaseDir) await closeToOthers(databaseDir);
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, failover, admin) must not crash the process:
  // the pool replaces it on the next query, and the health check reports if the server is gone.
  pool.on("error", (error) => log.error("PostgreSQL connection lost", { error: error.message }));
  try {
    // Several processes may start at once against one server: let one migrate at a time.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listener = createNotificationListener(url);
  return {
    db: drizzlePostgres(pool, { schema }) as unknown as Database,
    kind: "postgres",
    listener,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
