import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import pg from "pg";
import * as tar from "tar";
import { STORED_NAME } from "../storage/file-storage";
import { scrubLinkTokens, scrubLinkTokensInFile } from "./scrub-links";

/**
 * One portable archive of the whole site (docs/decisions/034-backups.md): a .tar.gz holding
 * manifest.json, dump.sql (pg_dump's plain SQL, restorable into PostgreSQL 14+ and into PGlite) and
 * uploads/<name> (every uploaded file; their table's rows are left out of the dump on both engines).
 */
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** The drizzle migrations applied: how many, and the newest one's time (its folderMillis). */
  migrations: { applied: number; newest: number };
  /** Rows per table ("schema.table") in the dump, counted in the dump's own snapshot. */
  rows: Record<string, number>;
  uploads: { count: number; bytes: number };
  dumpBytes: number;
}

export type Progress = (message: string) => void;

/** Tables whose rows are not in dump.sql: the uploads travel as files. */
const UPLOADS_TABLE = "public.uploaded_files";
/**
 * Tables whose rows are never in an archive (decision 044), only their schema: what signs someone
 * in or forges a link (sessions, verification and reset tokens, the generated signing secret,
 * authenticator secrets and backup codes: decision 050) and the rate-limit counters. A leaked
 * archive opens nothing; a restore signs nobody in.
 */
export const KEY_TABLES = [
  "public.sessions",
  "public.verifications",
  "public.app_secrets",
  "public.rate_limits",
  "public.two_factors",
];
/** Rows per INSERT of dump.sql; the restore counts its progress by them. */
export const ROWS_PER_INSERT = 1000;
const DUMP_OPTIONS = [
  "--no-owner",
  "--no-privileges",
  // INSERTs, not COPY … FROM stdin: PGlite runs them as they are; 1,000 rows a statement keeps it quick.
  `--rows-per-insert=${ROWS_PER_INSERT}`,
  ...[UPLOADS_TABLE, ...KEY_TABLES].map((table) => `--exclude-table-data=${table}`),
];

const TABLES_SQL = `select table_schema || '.' || table_name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
const MIGRATIONS_SQL = `select count(*), coalesce(max(created_at), 0) from drizzle.__drizzle_migrations`;

function countSql(tables: string[]): string {
  return tables
    .map((t) => {
      const [schema, name] = t.split(".");
      return `select '${t}', count(*) from "${schema}"."${name}"`;
    })
    .join(" union all ");
}

type Rows = (string | null)[][];

function manifestFrom(
  engine: BackupManifest["engine"],
  counts: Rows,
  migrations: Rows,
  uploads: BackupManifest["uploads"],
  dumpBytes: number,
): BackupManifest {
  const rows = Object.fromEntries(counts.map(([table, count]) => [table!, Number(count)]));
  for (const table of [UPLOADS_TABLE, ...KEY_TABLES]) delete rows[table];
  return {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    engine,
    migrations: { applied: Number(migrations[0]?.[0] ?? 0), newest: Number(migrations[0]?.[1] ?? 0) },
    rows,
    uploads,
    dumpBytes,
  };
}

/** A simple-protocol query on PGlite's one connection, bypassing its locks (the caller holds them). */
async function rawQuery(client: PGlite, sql: string): Promise<Rows> {
  const body = new TextEncoder().encode(`${sql}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = 0x51; // 'Q'
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  const result = await client.execProtocol(message, {});
  return result.messages
    .filter((m) => m.name === "dataRow")
    .map((m) => (m as unknown as { fields: (string | null)[] }).fields);
}

/**
 * Writes the archive of an embedded database to `out`, from the process that holds it open.
 * The dump runs while PGlite's transaction lock is held: no statement of the app runs meanwhile and
 * none is left half done, so the dump, its counts and the list of uploads are one moment. The
 * uploads are hard-linked into the staging folder in that moment too (saves replace a file by
 * rename, never in place), so a file deleted or replaced afterwards is archived as it was.
 */
export async function backupPglite(
  client: PGlite,
  uploadsDir: string,
  out: string,
  progress: Progress = () => {},
): Promise<BackupManifest> {
  progress("Dumping the embedded database (the server answers again when it is done)…");
  const started = Date.now();
  let staging: string | undefined;
  try {
    // The lock is asked for first, before any file is touched: the backup is of the moment it was asked.
    const { dump, counts, migrations, uploads } = await client._runExclusiveTransaction(async () => {
      const searchPath = (await rawQuery(client, "show search_path"))[0]![0]!;
      staging = await stagingFolder(out);
      const uploadsTo = path.join(staging, "uploads");
      await mkdir(uploadsTo);
      try {
        const dump = await pgDump({
          // pg_dump speaks the wire protocol on the one connection; its two own queries go the same way.
          pg: {
            query: async () => ({ rows: [{ search_path: searchPath }] }),
            exec: (sql: string) => rawQuery(client, sql),
            execProtocolRawStream: client.execProtocolRawStream.bind(client),
          } as unknown as PGlite,
          args: DUMP_OPTIONS,
        });
        // Still in pg_dump's read-only REPEATABLE READ transaction (it ends by disconnecting, which
        // this one connection never does): the counts see exactly what the dump saw.
        const tables = (await rawQuery(client, TABLES_SQL)).map(([t]) => t!);
        const counts = await rawQuery(client, countSql(tables));
        const migrations = await rawQuery(client, MIGRATIONS_SQL);
        const uploads = await linkUploads(uploadsDir, uploadsTo);
        return { dump, counts, migrations, uploads };
      } finally {
        // Hand the connection back as the app left it: no transaction, its own settings.
        await rawQuery(client, "ROLLBACK");
        await rawQuery(client, "RESET ALL");
        await rawQuery(client, `SET search_path = ${searchPath}`);
      }
    });
    const manifest = manifestFrom("pglite", counts, migrations, uploads, dump.size);
    // Nothing can be said while it runs: the wasm pg_dump holds the event loop.
    progress(
      `  dumped ${megabytes(dump.size)} of SQL in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${Object.keys(manifest.rows).length} tables, ${(manifest.rows["public.bookings"] ?? 0).toLocaleString("en-US")} bookings`,
    );
    const sql = Buffer.from(await dump.arrayBuffer());
    scrubLinkTokens(sql);
    await writeFile(path.join(staging!, "dump.sql"), sql);
    await pack(staging!, manifest, out, progress);
    return manifest;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

async function linkUploads(from: string, to: string): Promise<BackupManifest["uploads"]> {
  const names = await readdir(from).then(
    (entries) => entries.filter((name) => STORED_NAME.test(name)),
    () => [],
  );
  let bytes = 0;
  let count = 0;
  for (const name of names) {
    try {
      await link(path.join(from, name), path.join(to, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue; // deleted since it was listed: its row went with it
      if (code !== "EXDEV" && code !== "EPERM") throw error;
      await copyFile(path.join(from, name), path.join(to, name));
    }
    bytes += (await stat(path.join(to, name))).size;
    count++;
  }
  return { count, bytes };
}

/**
 * Writes the archive of a PostgreSQL database to `out` while it is in use: one exported snapshot
 * for pg_dump (on PATH, of the server's major version or newer), the counts and the uploads.
 */
export async function backupPostgres(url: string, out: string, progress: Progress = () => {}): Promise<BackupManifest> {
  const staging = await stagingFolder(out);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read, read only");
    const snapshot = (await client.query<{ s: string }>("select pg_export_snapshot() as s")).rows[0]!.s;
    const tables = (await client.query({ text: TABLES_SQL, rowMode: "array" })).rows.map(([t]) => t as string);
    const counts = (await client.query({ text: countSql(tables), rowMode: "array" })).rows as Rows;
    const migrations = (await client.query({ text: MIGRATIONS_SQL, rowMode: "array" })).rows as Rows;
    const dumpFile = path.join(staging, "dump.sql");
    progress("Dumping the PostgreSQL database…");
    await runPgDump(
      [...DUMP_OPTIONS, `--snapshot=${snapshot}`, "--file", dumpFile, "--dbname", url],
      dumpFile,
      manifestFrom("postgres", counts, migrations, { count: 0, bytes: 0 }, 0).rows,
      progress,
    );
    await scrubLinkTokensInFile(dumpFile);
    const uploadsTo = path.join(staging, "uploads");
    await mkdir(uploadsTo);
    const names = (await client.query<{ name: string }>("select name from uploaded_files order by name")).rows;
    let bytes = 0;
    for (const [i, { name }] of names.entries()) {
      if (!STORED_NAME.test(name)) continue;
      const { rows } = await client.query<{ content: Buffer }>("select content from uploaded_files where name = $1", [
        name,
      ]);
      const content = rows[0]!.content;
      await writeFile(path.join(uploadsTo, name), content);
      bytes += content.byteLength;
      if ((i + 1) % 100 === 0) progress(`Uploads: ${i + 1} of ${names.length}`);
    }
    await client.query("commit");
    const dumpBytes = (await stat(dumpFile)).size;
    const manifest = manifestFrom("postgres", counts, migrations, { count: names.length, bytes }, dumpBytes);
    await pack(staging, manifest, out, progress);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Runs pg_dump, saying every 5 s how far it is: the SQL written, and (from its --verbose lines) the
 * table it is dumping, with that table's rows as counted in the same snapshot.
 */
function runPgDump(args: string[], dumpFile: string, rows: Record<string, number>, progress: Progress): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.PG_DUMP_PATH || "pg_dump", ["--verbose", ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    // pg_dump processes every table whose rows it dumps, empty or not: the manifest's tables.
    const tables = Object.keys(rows).length;
    let lines: string[] = [];
    let table: string | undefined;
    let done = 0; // tables begun
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      for (const line of chunk.split("\n")) {
        const dumping = /(?:processing data for|dumping contents of) table "?([^"]+)"?/.exec(line)?.[1];
        if (dumping) {
          table = dumping;
          done++;
        } else if (line.trim()) lines = [...lines.slice(-19), line];
      }
    });
    const timer = setInterval(() => {
      stat(dumpFile).then(
        (s) => {
          const now = table
            ? `; now ${table} (${(rows[table] ?? 0).toLocaleString("en-US")} rows), table ${done} of ${tables}`
            : "";
          progress(`  dump.sql: ${megabytes(s.size)} so far${now}`);
        },
        () => undefined,
      );
    }, 5_000);
    child.once("error", (error) => {
      clearInterval(timer);
      reject(new Error(`Cannot run pg_dump (install PostgreSQL's client, or set PG_DUMP_PATH): ${error.message}`));
    });
    child.once("exit", (code) => {
      clearInterval(timer);
      if (code === 0) resolve();
      // Its last lines: the error, after the --verbose chatter.
      else reject(new Error(`pg_dump failed (exit ${code}): ${lines.slice(-5).join("\n").trim()}`));
    });
  });
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** A folder beside `out` (one file system: hard links and the final rename work). */
async function stagingFolder(out: string): Promise<string> {
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  return mkdtemp(path.join(path.dirname(path.resolve(out)), `.${path.basename(out)}.staging-`));
}

/** Packs the staged files into `out`, whole or not at all (written beside it, then renamed). */
async function pack(staging: string, manifest: BackupManifest, out: string, progress: Progress): Promise<void> {
  await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  progress(`Packing ${megabytes(manifest.dumpBytes)} of SQL and ${manifest.uploads.count} uploads…`);
  const partial = `${path.resolve(out)}.${randomBytes(4).toString("hex")}.partial`;
  const timer = setInterval(() => {
    stat(partial).then(
      (s) => progress(`  ${megabytes(s.size)} of the archive written`),
      () => undefined,
    );
  }, 5_000);
  try {
    await tar.create({ gzip: true, portable: true, file: partial, cwd: staging }, [
      "manifest.json",
      "dump.sql",
      "uploads",
    ]);
    // The whole site's data: its owner's alone, wherever it is written and whatever the umask.
    await chmod(partial, 0o600);
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    clearInterval(timer);
  }
}
