import { z } from "zod";

/**
 * Backups (issue 31, docs/decisions/034-backups.md): the nightly backup's settings and the shapes
 * the dashboard's Backups page and its API share. The archive itself is app/.server/backup.
 */

export type DatabaseEngine = "pglite" | "postgres";

export interface BackupSettings {
  /** Whether the server writes an archive into DATA_DIR/backups every night. */
  nightlyBackups: boolean;
  /** When, "HH:MM" on the business's clock: the first sweep at or after it makes the night's backup. */
  backupTime: string;
  /** How many nightly archives are kept; older ones are deleted, oldest first. */
  backupKeep: number;
}

export const MIN_BACKUP_KEEP = 1;
export const MAX_BACKUP_KEEP = 90;

/**
 * On by default on the embedded database, whose folder is the whole site; off on PostgreSQL, where
 * the operator's own backups are the norm (the settings page says so in these words).
 */
export function defaultBackupSettings(engine: DatabaseEngine): BackupSettings {
  return { nightlyBackups: engine === "pglite", backupTime: "03:00", backupKeep: 7 };
}
export const POSTGRES_BACKUPS_NOTE =
  "On PostgreSQL your own database backups are the norm (pg_dump, your host's snapshots), so nightly backups start off.";

const keepMessage = `Keep a whole number of backups from ${MIN_BACKUP_KEEP} to ${MAX_BACKUP_KEEP}`;

export const backupSettingsSchema = z
  .object({
    nightlyBackups: z.boolean(),
    backupTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time of day as HH:MM, e.g. 03:00"),
    backupKeep: z
      .number({ message: keepMessage })
      .int(keepMessage)
      .min(MIN_BACKUP_KEEP, keepMessage)
      .max(MAX_BACKUP_KEEP, keepMessage),
  })
  .strict();

/** An admin's change (PATCH /api/backups/settings): any of the settings, each checked as above. */
export const backupSettingsChangeSchema = backupSettingsSchema
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, "Change at least one setting");
export type BackupSettingsChange = z.infer<typeof backupSettingsChangeSchema>;

/** The stored settings over the engine's defaults; anything unreadable falls back to them. */
export function readBackupSettings(value: unknown, engine: DatabaseEngine): BackupSettings {
  const defaults = defaultBackupSettings(engine);
  const stored = typeof value === "object" && value !== null ? value : {};
  const parsed = backupSettingsSchema.safeParse({ ...defaults, ...stored });
  return parsed.success ? parsed.data : defaults;
}

/**
 * A nightly archive's name: the business's date and time it was made. The download route serves
 * only names of this exact shape, so no path (`..`, `/`) can ever reach the file system.
 */
export const NIGHTLY_BACKUP_NAME = /^carwash-\d{4}-\d\d-\d\d-\d{4}\.tar\.gz$/;
export function nightlyBackupName(date: string, minutes: number): string {
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, "0")}${String(minutes % 60).padStart(2, "0")}`;
  return `carwash-${date}-${hhmm}.tar.gz`;
}

export const keptBackupSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  madeAt: z.string().describe("when the file was written (ISO 8601)"),
});
export type KeptBackup = z.infer<typeof keptBackupSchema>;

export const backupsOverviewSchema = z.object({
  engine: z.enum(["pglite", "postgres"]),
  settings: backupSettingsSchema,
  /** The folder on the server's disk the nightly archives are kept in (DATA_DIR/backups). */
  folder: z.string(),
  kept: z.array(keptBackupSchema).describe("the nightly archives kept, newest first"),
  lastFailure: z
    .object({ at: z.string(), message: z.string() })
    .nullable()
    .describe("the last nightly attempt's error, until a nightly backup succeeds again"),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;
