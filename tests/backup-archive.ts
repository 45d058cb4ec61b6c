import { sql } from "drizzle-orm";
import * as tar from "tar";
import type { BackupManifest } from "~/.server/backup/backup";
import { scrubLinkTokens } from "~/.server/backup/scrub-links";
import type { Database } from "~/.server/db/client";

/** What the backup tests read of an archive and of a database restored from one. */

/** The text of a backup archive's dump.sql. */
export async function readDump(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  await tar.list({
    file,
    onReadEntry: (entry) => {
      if (entry.path === "dump.sql") entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      else entry.resume();
    },
  });
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Every row of every table the backup holds, as JSON with times in UTC, sorted; but the audit log's
 * records of backups, made after the dump or in the restore (each side has its own).
 */
export async function contents(db: Database, manifest: BackupManifest): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of Object.keys(manifest.rows)) {
    const [schema, name] = table.split(".");
    const own = table === "public.audit_events" ? ` where kind not like 'backup.%'` : "";
    const result = (await db.execute(
      sql.raw(`select to_jsonb(x)::text as row from "${schema}"."${name}" x${own}`),
    )) as unknown as {
      rows: { row: string }[];
    };
    // The account links' tokens in the outbox's e-mails are overwritten in the dump (decision 044).
    const scrubbed = (row: string) => {
      const bytes = Buffer.from(row);
      scrubLinkTokens(bytes);
      return bytes.toString();
    };
    tables[table] = result.rows.map(({ row }) => JSON.stringify(normalise(JSON.parse(scrubbed(row))))).sort();
  }
  return tables;
}

function normalise(value: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      typeof v === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/.test(v)
        ? new Date(v).toISOString()
        : v,
    ]),
  );
}

/** The audit log's records of backups, oldest first. */
export async function backupRecords(db: Database) {
  const result = (await db.execute(
    sql`select kind, actor_name, actor_role, subject_id, summary from audit_events where kind like 'backup.%' order by at, id`,
  )) as unknown as { rows: Record<string, string>[] };
  return result.rows;
}
