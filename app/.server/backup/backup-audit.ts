import path from "node:path";
import { recordChange, type AuditActor, type AuditWriter } from "../audit/audit-log";
import { megabytes, type BackupManifest } from "./backup";

/** How a backup came to be made: each reads differently in the audit log. */
export type BackupHow = "nightly" | "download" | "command";

/** `npm run backup`, whether it asked the running server or made the archive itself. */
export const BACKUP_COMMAND: AuditActor = { id: null, name: "npm run backup", role: "system" };

const MADE: Record<BackupHow, string> = {
  nightly: "Nightly backup",
  download: "Backup downloaded from the dashboard",
  command: "Backup by npm run backup",
};

function contents(manifest: BackupManifest): string {
  const bookings = (manifest.rows["public.bookings"] ?? 0).toLocaleString("en-US");
  const uploads = manifest.uploads.count;
  return `${bookings} bookings, ${uploads} ${uploads === 1 ? "upload" : "uploads"}`;
}

/** Records "backup.made" (issue 31, part 4). `file` is the archive's name as its maker knows it. */
export async function recordBackupMade(
  db: AuditWriter,
  actor: AuditActor,
  made: { how: BackupHow; file: string; bytes: number; manifest: BackupManifest },
): Promise<void> {
  const { how, file, bytes, manifest } = made;
  const name = path.basename(file);
  await recordChange(db, actor, {
    kind: "backup.made",
    subjectType: "backup",
    subjectId: name,
    summary: `${MADE[how]} ${name}: ${contents(manifest)}, ${megabytes(bytes)}`,
    after: { how, file: name, bytes, engine: manifest.engine, rows: manifest.rows, uploads: manifest.uploads.count },
  });
}

/** Records "backup.restored" in the database just restored, by the server's own name (SYSTEM). */
export async function recordBackupRestored(
  db: AuditWriter,
  actor: AuditActor,
  restored: { file: string; manifest: BackupManifest },
): Promise<void> {
  const { file, manifest } = restored;
  const name = path.basename(file);
  const engine = manifest.engine === "pglite" ? "the embedded database" : "PostgreSQL";
  await recordChange(db, actor, {
    kind: "backup.restored",
    subjectType: "backup",
    subjectId: name,
    summary: `Restored from ${name}, a backup of ${engine} made ${manifest.createdAt}: ${contents(manifest)}`,
    after: { file: name, engine: manifest.engine, createdAt: manifest.createdAt, rows: manifest.rows },
  });
}
