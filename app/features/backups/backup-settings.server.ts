import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { appSettings } from "~/.server/db/schema";
import { requireJob, type Actor } from "~/lib/access";
import {
  readBackupSettings,
  type BackupSettings,
  type BackupSettingsChange,
  type DatabaseEngine,
} from "./backups.schema";

const SETTINGS_KEY = "backups";

/** The nightly backup's settings (on or off, time, how many kept), saved in app_settings as one value. */
export function createBackupSettings(db: Database, engine: DatabaseEngine) {
  async function read(executor: Pick<Database, "select"> = db): Promise<BackupSettings> {
    const [row] = await executor
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SETTINGS_KEY));
    return readBackupSettings(row?.value, engine);
  }
  return {
    /** As the nightly sweep reads them. */
    read,
    /** An admin's change, merged into what is saved, under a lock so two saves never undo each other. */
    async updateSettings(actor: Actor | null, change: BackupSettingsChange): Promise<BackupSettings> {
      requireJob(actor, "backups");
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SETTINGS_KEY}))`);
        const value = { ...(await read(tx)), ...change };
        await tx
          .insert(appSettings)
          .values({ key: SETTINGS_KEY, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
        return value;
      });
    },
  };
}

export type BackupSettingsService = ReturnType<typeof createBackupSettings>;
