import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as tar from "tar";
import { SYSTEM, type AuditWriter } from "../audit/audit-log";
import { lockDataDir } from "../db/data-dir-lock";
import { closeToOthers } from "../private-data-dir";
import { STORED_NAME } from "../storage/file-storage";
import { BACKUP_FORMAT, KEY_TABLES, megabytes, ROWS_PER_INSERT, type BackupManifest, type Progress } from "./backup";
import { recordBackupRestored } from "./backup-audit";
import { StatementSplitter } from "./sql-statements";

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** The target holds data already and `force` was not given: nothing was changed. */
export class RestoreRefusedError extends Error {}

export interface RestoreReport {
  manifest: BackupManifest;
  /** Rows per table after the restore, which equal the manifest's (else the restore throws). */
  rows: Record<string, number>;
  uploads: number;
  migrationsApplied: number;
  /** Whether "backup.restored" is in the restored audit log (a backup older than the log has none). */
  recorded: boolean;
}

/** What a statement is sent through: PGlite's exec or a pg client's simple query. */
interface Target {
  kind: RestoreTarget["kind"];
  run(sql: string): Promise<void>;
  rows(sql: string): Promise<(string | null)[][]>;
  saveUpload(name: string, file: string): Promise<void>;
  countUploads(): Promise<number>;
  /** The restored database as the audit log writes to it. */
  audit: AuditWriter;
}

/**
 * A statement as the target can run it, or null to leave it out: what one engine's dump holds that
 * the other does not know.
 */
function portable(statement: string, target: RestoreTarget["kind"]): string | null {
  // pg_dump 17 (PGlite's) sets transaction_timeout, which PostgreSQL 14–16 refuse.
  if (/^\s*SET\s+transaction_timeout\b/i.test(statement)) return null;
  // PostgreSQL keeps the outbox's bodies lz4-compressed (migration 0014); PGlite is built without lz4.
  if (target === "pglite" && /^\s*(CREATE|ALTER)\s+TABLE\b/i.test(statement))
    return statement.replace(/\bCOMPRESSION\s+lz4\b/gi, "COMPRESSION pglz");
  return statement;
}

/**
 * Restores an archive into an empty embedded data directory or an empty PostgreSQL database (or,
 * with `force`, one emptied first), then checks the rows per table and the migrations against the
 * manifest. On PostgreSQL it is one transaction; on PGlite a failed restore removes what it wrote.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force?: boolean; progress?: Progress } = {},
): Promise<RestoreReport> {
  const progress = options.progress ?? (() => {});
  const work = await mkdtemp(path.join(tmpdir(), "carwash-restore-"));
  try {
    progress(`Unpacking ${file}…`);
    await tar.extract({ file, cwd: work, strict: true });
    const manifest = await readManifest(work);
    const archive = { work, manifest, file: path.basename(file) };
    return target.kind === "pglite"
      ? await restorePglite(archive, target.dataDir, Boolean(options.force), progress)
      : await restorePostgres(archive, target.url, Boolean(options.force), progress);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readManifest(work: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    throw new RestoreRefusedError("This file is not a backup of this site (no manifest.json in it).");
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefusedError(`This backup's format is ${manifest.format}; this version reads ${BACKUP_FORMAT}.`);
  return manifest;
}

/** The unpacked archive: its folder, its manifest, the file's name (for the audit log). */
interface Unpacked {
  work: string;
  manifest: BackupManifest;
  file: string;
}

async function restorePglite(
  archive: Unpacked,
  dataDir: string,
  force: boolean,
  progress: Progress,
): Promise<RestoreReport> {
  // Held throughout: no server may open the directory while it is written.
  const lock = await lockDataDir(dataDir);
  const databaseDir = path.join(dataDir, "pglite");
  const uploadsDir = path.join(dataDir, "uploads");
  try {
    const present = [...(await entries(databaseDir)), ...(await entries(uploadsDir))];
    if (present.length && !force)
      throw new RestoreRefusedError(
        `${dataDir} already holds a database or uploads. Restore into an empty DATA_DIR, or add --force to replace them.`,
      );
    if (present.length) progress(`Removing the database and uploads in ${dataDir} (--force)…`);
    await rm(databaseDir, { recursive: true, force: true });
    await rm(uploadsDir, { recursive: true, force: true });
    const client = new PGlite(databaseDir, { extensions: { pg_trgm } });
    try {
      await client.waitReady;
      await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
      const report = await load(
        archive,
        {
          kind: "pglite",
          audit: drizzlePglite(client) as unknown as AuditWriter,
          run: async (sql) => void (await client.exec(sql)),
          rows: async (sql) => (await client.query<(string | null)[]>(sql, [], { rowMode: "array" })).rows,
          saveUpload: (name, from) => copyFile(from, path.join(uploadsDir, name)),
          countUploads: async () => (await entries(uploadsDir)).filter((n) => STORED_NAME.test(n)).length,
        },
        progress,
      );
      await client.close();
      // PGlite gives its files 0666 (private-data-dir.ts): the restored database is its user's alone.
      await closeToOthers(databaseDir);
      return report;
    } catch (error) {
      await client.close().catch(() => undefined);
      await rm(databaseDir, { recursive: true, force: true });
      await rm(uploadsDir, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await lock.release();
  }
}

async function restorePostgres(
  archive: Unpacked,
  url: string,
  force: boolean,
  progress: Progress,
): Promise<RestoreReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'`,
    );
    const present = Number(tables.rows[0]!.n);
    if (present && !force)
      throw new RestoreRefusedError(
        `The database in DATABASE_URL has ${present} tables. Restore into an empty database, or add --force to replace them.`,
      );
    await client.query("begin");
    try {
      if (present) {
        progress("Dropping the schemas drizzle and public (--force)…");
        await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public");
      }
      const report = await load(
        archive,
        {
          kind: "postgres",
          audit: drizzlePostgres(client) as unknown as AuditWriter,
          run: async (sql) => void (await client.query(sql)),
          rows: async (sql) => (await client.query({ text: sql, rowMode: "array" })).rows as (string | null)[][],
          saveUpload: async (name, from) =>
            void (await client.query("insert into public.uploaded_files (name, content) values ($1, $2)", [
              name,
              await readFile(from),
            ])),
          countUploads: async () =>
            Number((await client.query<{ n: string }>("select count(*) as n from public.uploaded_files")).rows[0]!.n),
        },
        progress,
      );
      progress("Committing…");
      await client.query("commit");
      return report;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The authenticator secrets stay out of archives (decision 050), so an account restored with
 * two-factor sign-in on has none: it signs in with its password alone, and may set it up again.
 * Nothing for an archive from before the two-factor table (the migrations add the flag, off).
 */
const TWO_FACTOR_WITHOUT_SECRET_OFF = `DO $$ BEGIN
  IF to_regclass('public.two_factors') IS NOT NULL THEN
    UPDATE public.users u SET two_factor_enabled = false
      WHERE u.two_factor_enabled AND NOT EXISTS (SELECT 1 FROM public.two_factors t WHERE t.user_id = u.id);
  END IF;
END $$`;

/**
 * Runs dump.sql in batches, adds the uploads, checks the result against the manifest and records
 * the restore in the restored audit log (on PostgreSQL in the restore's one transaction).
 */
async function load({ work, manifest, file }: Unpacked, target: Target, progress: Progress): Promise<RestoreReport> {
  const dumpFile = path.join(work, "dump.sql");
  const total = (await stat(dumpFile)).size;
  const splitter = new StatementSplitter();
  let batch: string[] = [];
  let batchLength = 0;
  let done = 0;
  let reported = Date.now();
  const flush = async () => {
    if (batch.length) await target.run(batch.join("\n"));
    batch = [];
    batchLength = 0;
  };
  const at = loadingTracker(manifest);
  // Checked between statements: a long one on PGlite holds the event loop, so no timer could fire.
  const report = () => {
    if (Date.now() - reported < 5_000) return;
    progress(`  ${Math.round((done / total) * 100)}% of the SQL: ${at.describe()}`);
    reported = Date.now();
  };
  progress(`Restoring ${megabytes(total)} of SQL (a ${manifest.engine} database of ${manifest.createdAt})…`);
  for await (const chunk of createReadStream(dumpFile, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    done += Buffer.byteLength(chunk as string);
    for (const pushed of splitter.push(chunk as string)) {
      const statement = portable(pushed, target.kind);
      if (statement === null) continue;
      if (at.saw(statement) === "post-data") {
        // The indexes and constraints: few statements, each seconds long with many rows. One at a
        // time, so the progress can say how many are built.
        await flush();
        await target.run(statement);
        at.built();
        report();
        continue;
      }
      batch.push(statement);
      batchLength += statement.length;
      if (batchLength > 4_000_000) {
        await flush();
        report();
      }
    }
  }
  await flush();
  if (splitter.rest().trim()) await target.run(splitter.rest());

  // An archive made before decision 044 holds sessions and tokens: the restore signs nobody in.
  const leftOver = KEY_TABLES.filter((table) => manifest.rows[table]);
  for (const table of leftOver) await target.run(`DELETE FROM ${table}`);
  await target.run(TWO_FACTOR_WITHOUT_SECRET_OFF);

  const names = (await entries(path.join(work, "uploads"))).filter((name) => STORED_NAME.test(name));
  progress(`Restoring ${names.length} uploads…`);
  for (const name of names) await target.saveUpload(name, path.join(work, "uploads", name));

  progress("Checking the rows, uploads and migrations…");
  const expected = Object.keys(manifest.rows).filter((table) => !KEY_TABLES.includes(table));
  const counted = expected.length
    ? await target.rows(
        expected
          .map((t) => {
            const [schema, table] = t.split(".");
            return `select '${t}', count(*) from "${schema}"."${table}"`;
          })
          .join(" union all "),
      )
    : [];
  const rows = Object.fromEntries(counted.map(([t, n]) => [t!, Number(n)]));
  for (const table of leftOver) rows[table] = 0;
  const wrong = expected.filter((t) => rows[t] !== manifest.rows[t]);
  if (wrong.length)
    throw new Error(
      `The restored rows differ from the backup's: ${wrong.map((t) => `${t} ${rows[t]} ≠ ${manifest.rows[t]}`).join(", ")}`,
    );
  const uploads = await target.countUploads();
  if (uploads !== manifest.uploads.count)
    throw new Error(`${uploads} uploads restored; the backup has ${manifest.uploads.count}.`);
  const [migrations] = await target.rows("select count(*) from drizzle.__drizzle_migrations");
  const migrationsApplied = Number(migrations?.[0]);
  if (migrationsApplied !== manifest.migrations.applied)
    throw new Error(`${migrationsApplied} migrations restored; the backup has ${manifest.migrations.applied}.`);
  // A backup from before the audit log (migration 0023) has no table for it yet: nothing to record in.
  const [[log] = []] = await target.rows("select to_regclass('public.audit_events')::text");
  // The dump emptied the session's search path; the record's insert names its table unqualified.
  await target.run("RESET search_path");
  if (log) await recordBackupRestored(target.audit, SYSTEM, { file, manifest });
  return { manifest, rows, uploads, migrationsApplied, recorded: Boolean(log) };
}

/**
 * Where the restore is, from the statements sent: pg_dump writes the tables, then each table's
 * rows (INSERTs of ROWS_PER_INSERT rows), then the indexes and constraints.
 */
function loadingTracker(manifest: BackupManifest) {
  const withRows = Object.values(manifest.rows).filter((n) => n > 0).length;
  let table: string | null = null;
  let rows = 0;
  let filled = 0;
  let built: number | null = null;
  // pg_dump's comment lines ("-- Data for Name: bookings") come before a statement, in its text.
  const lead = String.raw`^(?:\s|--[^\n]*\n)*`;
  const insert = new RegExp(`${lead}INSERT INTO ([^\\s(]+)`, "i");
  const postData = new RegExp(`${lead}(CREATE (UNIQUE )?INDEX|ALTER TABLE)`, "i");
  return {
    /** Notes a statement about to be sent; "post-data" once the rows are in and the indexes begin. */
    saw(statement: string): "schema" | "rows" | "post-data" {
      const into = insert.exec(statement)?.[1]?.replaceAll('"', "");
      if (into) {
        if (into !== table) filled += table ? 1 : 0;
        rows = into === table ? rows + ROWS_PER_INSERT : ROWS_PER_INSERT;
        table = into;
        return "rows";
      }
      if (built === null && table && postData.test(statement)) built = 0;
      return built === null ? (table ? "rows" : "schema") : "post-data";
    },
    built() {
      built = (built ?? 0) + 1;
    },
    describe(): string {
      if (built !== null)
        return `every table's rows loaded (${withRows} tables); indexes and constraints: ${built} built`;
      if (!table) return "the tables";
      const total = manifest.rows[table] ?? rows;
      const count = (n: number) => n.toLocaleString("en-US");
      return `${table}, ${count(Math.min(rows, total))} of ${count(total)} rows (table ${filled + 1} of ${withRows})`;
    },
  };
}

async function entries(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => []);
}
