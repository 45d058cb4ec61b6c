/**
 * `npm run backup -- --out FILE`: one archive of the whole site (the database as SQL, and the
 * uploads), restorable with `npm run restore` (docs/operations.md, Backups and restore).
 *
 * PostgreSQL (DATABASE_URL): pg_dump, while the servers run. The embedded database: opened here when
 * no server holds DATA_DIR; otherwise the running server writes it, asked over HTTP on this machine
 * with the secret it keeps in DATA_DIR/backup-token.json (readable by its OS user only).
 */
import { createWriteStream } from "node:fs";
import { readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { AuditWriter } from "~/.server/audit/audit-log";
import { backupPglite, backupPostgres, megabytes, type BackupManifest } from "~/.server/backup/backup";
import { BACKUP_COMMAND, recordBackupMade } from "~/.server/backup/backup-audit";
import { BACKUP_TOKEN_FILE, type BackupTokenFile } from "~/.server/backup/backup-service";
import { openDatabase } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/data-dir-lock";
import { readEnv } from "../server/env";
import { databaseTarget } from "../server/runtime";
import { runScript, ScriptError } from "./run-script";

const progress = (message: string) => console.log(message);

await runScript(async () => {
  const { values } = parseArgs({ options: { out: { type: "string" }, server: { type: "string" } } });
  if (!values.out) throw new ScriptError("Name the archive to write: npm run backup -- --out FILE (e.g. site.tar.gz)");
  const out = path.resolve(values.out);
  const env = readEnv();
  const target = databaseTarget(env);
  const started = Date.now();
  let manifest: BackupManifest | undefined;
  let how: string;
  if (target.kind === "postgres") {
    manifest = await backupPostgres(target.url, out, progress);
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    await record(drizzle(pool) as unknown as AuditWriter, out, manifest).finally(() => pool.end());
    how = "the PostgreSQL database in DATABASE_URL";
  } else if (target.kind === "pglite") {
    const database = await openDatabase(target).catch((error: unknown) => {
      if (error instanceof DataDirLockedError) return undefined;
      throw error;
    });
    if (database) {
      try {
        manifest = await backupPglite(
          (database.db as unknown as { $client: PGlite }).$client,
          path.join(target.dataDir, "uploads"),
          out,
          progress,
        );
        await record(database.db, out, manifest);
      } finally {
        await database.close();
      }
      how = `the embedded database in ${target.dataDir}`;
    } else {
      how = await askServer(target.dataDir, out, values.server);
    }
  } else throw new ScriptError("Nothing to back up.");
  const size = (await stat(out)).size;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Backup of ${how} written to ${out} (${megabytes(size)}) in ${seconds} s.`);
  if (manifest) console.log(summary(manifest));
});

/** "backup.made" in the audit log; the server records it itself when it made the archive. */
async function record(db: AuditWriter, out: string, manifest: BackupManifest) {
  const bytes = (await stat(out)).size;
  await recordBackupMade(db, BACKUP_COMMAND, { how: "command", file: out, bytes, manifest }).catch((error: unknown) =>
    console.warn(`The backup is written, but not recorded in the audit log: ${(error as Error).message}`),
  );
}

function summary(manifest: BackupManifest): string {
  const rows = (table: string) => (manifest.rows[`public.${table}`] ?? 0).toLocaleString("en-US");
  return (
    `${rows("bookings")} bookings, ${rows("users")} accounts, ${rows("outbox")} messages, ` +
    `${manifest.uploads.count} uploads (${megabytes(manifest.uploads.bytes)}), ` +
    `${manifest.migrations.applied} migrations.`
  );
}

async function askServer(dataDir: string, out: string, server: string | undefined): Promise<string> {
  let announced: BackupTokenFile;
  try {
    announced = JSON.parse(await readFile(path.join(dataDir, BACKUP_TOKEN_FILE), "utf8")) as BackupTokenFile;
  } catch {
    throw new ScriptError(
      `A server holds ${dataDir}, and ${BACKUP_TOKEN_FILE} there cannot be read (run this as the server's user), ` +
        "or download a backup in Dashboard → Backups.",
    );
  }
  const base = (server ?? `http://127.0.0.1:${announced.port}`).replace(/\/$/, "");
  progress(`A server holds ${dataDir}: asking it (${base}) for the backup…`);
  const asked = Date.now();
  let answered = false;
  let received = 0;
  const timer = setInterval(() => {
    if (!answered)
      progress(`  the server is making the archive (${Math.round((Date.now() - asked) / 1000)} s so far)…`);
    else progress(`  ${megabytes(received)} received`);
  }, 5_000);
  const partial = `${out}.partial`;
  try {
    const response = await getArchive(`${base}/api/backups/archive`, announced.token);
    if (response.statusCode !== 200) {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      throw new ScriptError(
        `The server answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`,
      );
    }
    answered = true;
    response.on("data", (chunk: Buffer) => (received += chunk.byteLength));
    await pipeline(response, createWriteStream(partial));
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    clearInterval(timer);
  }
  return `the embedded database in ${dataDir} (written by the running server)`;
}

/**
 * GET with node:http rather than fetch: fetch gives up waiting for an answer's headers after 300 s,
 * and the server sends them only once the archive is whole (a million bookings take minutes).
 */
function getArchive(url: string, token: string): Promise<IncomingMessage> {
  const get = url.startsWith("https:") ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    get(url, { headers: { "X-Backup-Token": token } }, resolve).once("error", reject);
  });
}
