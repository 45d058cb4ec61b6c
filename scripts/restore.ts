/**
 * `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` into the configured
 * database: DATA_DIR (the embedded database) when it holds none, or DATABASE_URL when it has no
 * tables. Anything else is refused and left as it was, unless --force (which replaces it). Then
 * the rows per table and the migrations are checked against the archive's manifest.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { restoreBackup, RestoreRefusedError } from "~/.server/backup/restore";
import { projectRoot } from "~/.server/project-root";
import { readEnv } from "../server/env";
import { databaseTarget } from "../server/runtime";
import { runScript, ScriptError } from "./run-script";

await runScript(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new ScriptError("Name one archive: npm run restore -- FILE [--force]");
  if (!existsSync(file)) throw new ScriptError(`No such file: ${file}`);
  const env = readEnv();
  const target = databaseTarget(env);
  if (target.kind === "pglite-memory") throw new ScriptError("Nothing to restore into.");
  const where =
    target.kind === "pglite" ? `the embedded database in ${target.dataDir}` : "the PostgreSQL database in DATABASE_URL";
  // Said before anything is written (decision 044): the archive holds no signing secret.
  console.log(
    env.AUTH_SECRET
      ? "This backup holds no signing secret. Links sent before it (manage, review, rebook, offer, unsubscribe) " +
          "keep working only if this AUTH_SECRET is the one the backed-up site used."
      : "This backup holds no signing secret, and AUTH_SECRET is not set: the server will generate a new one, and " +
          "links sent before the backup (manage, review, rebook, offer, unsubscribe) will answer 404. To keep them, " +
          "set AUTH_SECRET to the old site's secret (npm run auth-secret prints it there) before you start the server.",
  );
  const started = Date.now();
  const report = await restoreBackup(path.resolve(file), target, {
    force: values.force,
    progress: (message) => console.log(message),
  }).catch((error: unknown) => {
    throw error instanceof RestoreRefusedError ? new ScriptError(`Nothing restored. ${error.message}`) : error;
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const count = (table: string) => (report.rows[`public.${table}`] ?? 0).toLocaleString("en-US");
  const known = readMigrationFiles({ migrationsFolder: path.join(projectRoot, "drizzle") }).length;
  console.log(
    `Restored ${file} into ${where} in ${seconds} s: ${count("bookings")} bookings, ${count("users")} accounts, ` +
      `${count("outbox")} messages, ${report.uploads} uploads; every table's rows match the backup's.`,
  );
  console.log("Nobody is signed in: no session is restored. Every account signs in again with its password.");
  console.log(
    report.recorded
      ? "Recorded in the restored audit log (backup.restored)."
      : "Not recorded in the audit log: this backup is older than it.",
  );
  console.log(
    report.migrationsApplied >= known
      ? `All ${known} migrations of this version are applied.`
      : `${report.migrationsApplied} of this version's ${known} migrations are applied; the server applies the rest when it starts.`,
  );
});
