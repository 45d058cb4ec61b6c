import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SYSTEM } from "~/.server/audit/audit-log";
import type { BackupService } from "~/.server/backup/backup-service";
import type { Database } from "~/.server/db/client";
import { log } from "~/.server/log";
import { createPollingLoop } from "~/.server/polling-loop";
import { requireJob, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import { clockMinutes, zonedClock } from "~/lib/opening-hours";
import type { BackupSettingsService } from "./backup-settings.server";
import {
  NIGHTLY_BACKUP_NAME,
  nightlyBackupName,
  type BackupsOverview,
  type DatabaseEngine,
  type KeptBackup,
} from "./backups.schema";

/**
 * The night's claim, in app_settings (no table of its own): the business date it is for, whether
 * that night's archive is written, and until when the process that claimed it may still be at work.
 */
const RUN_KEY = "nightlyBackupRun";
interface RunState {
  night: string;
  done: boolean;
  leaseUntil: string;
  failure?: { at: string; message: string };
}
/**
 * How long a claim holds before another process may take the night over: far longer than a backup
 * takes (a million bookings: minutes, docs/benchmarks/034-backups-1m.md), so only a process that died
 * at work loses it.
 */
const LEASE_MS = 2 * 60 * 60_000;
/**
 * A failed night is tried again this much later, not on the very next sweep: a lasting failure (a
 * full disk) would otherwise pause the embedded site for its dump every minute.
 */
const RETRY_MS = 10 * 60_000;
const SWEEP_MS = 60_000;

type Rows<T> = { rows: T[] };

/**
 * The nightly backup (issue 31): once a minute, when the business's clock is past the set time and
 * tonight's archive is not written yet, one process claims the night in the database (so several
 * processes on PostgreSQL make it once), writes DATA_DIR/backups/carwash-YYYY-MM-DD-HHMM.tar.gz
 * (whole or not at all: backup.ts packs beside it and renames) and deletes the oldest beyond the
 * number kept. Its own time is the system's (a moved TEST_CLOCK moves only the follow-ups).
 */
export function createNightlyBackups(options: {
  db: Database;
  engine: DatabaseEngine;
  backups: BackupService;
  settings: BackupSettingsService;
  timeZone: string;
  intervalMs?: number;
}) {
  const { db, engine, backups, settings, timeZone, intervalMs = SWEEP_MS } = options;
  const folder = backups.folder;

  /** Takes the night for this process: true for exactly one of any number of sweeps at once. */
  async function claim(night: string, at: Date): Promise<boolean> {
    const state: RunState = { night, done: false, leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString() };
    // One statement: concurrent upserts of one key wait for each other, and each sees the
    // winner's row in its WHERE. A failure stays readable until a night succeeds.
    const result = (await db.execute(sql`
      insert into app_settings (key, value) values (${RUN_KEY}, ${JSON.stringify(state)}::jsonb)
      on conflict (key) do update
        set value = excluded.value || jsonb_strip_nulls(jsonb_build_object('failure', app_settings.value -> 'failure')),
            updated_at = now()
        where app_settings.value ->> 'night' < ${night}
           or (app_settings.value ->> 'night' = ${night} and app_settings.value ->> 'done' = 'false'
               and app_settings.value ->> 'leaseUntil' < ${at.toISOString()})
      returning key`)) as unknown as Rows<{ key: string }>;
    return result.rows.length === 1;
  }

  /** Ends the night's attempt: written (the last failure forgotten), or failed (tried again later). */
  async function settle(night: string, change: Partial<RunState>, forgetFailure = false) {
    const base = forgetFailure ? sql`(value - 'failure')` : sql`value`;
    await db.execute(sql`
      update app_settings set value = ${base} || ${JSON.stringify(change)}::jsonb, updated_at = now()
      where key = ${RUN_KEY} and value ->> 'night' = ${night}`);
  }

  /** The nightly archives in the folder, newest first (their names sort by the time they were made). */
  async function kept(): Promise<KeptBackup[]> {
    const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => NIGHTLY_BACKUP_NAME.test(n));
    const found = await Promise.all(
      names.map(async (name) => {
        const file = await stat(path.join(folder, name)).catch(() => null);
        return file && { name, bytes: file.size, madeAt: file.mtime.toISOString() };
      }),
    );
    return found.filter((f) => f !== null).sort((a, b) => b.name.localeCompare(a.name));
  }

  async function prune(keep: number): Promise<string[]> {
    const old = (await kept()).slice(keep).map((k) => k.name);
    for (const name of old) await rm(path.join(folder, name), { force: true });
    return old;
  }

  /**
   * Makes the night's backup if it is due at `at` and no process has it; answers the archive's name,
   * or null. A failure is logged and the night is tried again RETRY_MS later; it never throws.
   */
  async function runDue(at: Date = new Date()): Promise<string | null> {
    const current = await settings.read();
    if (!current.nightlyBackups) return null;
    const { minutes } = zonedClock(at, timeZone);
    if (minutes < clockMinutes(current.backupTime)) return null;
    const night = businessToday(timeZone, at);
    if (!(await claim(night, at))) return null;
    const name = nightlyBackupName(night, minutes);
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const started = Date.now();
      const manifest = await backups.write(path.join(folder, name), { by: SYSTEM, how: "nightly" });
      await settle(night, { done: true }, true);
      // The night is done whatever happens to the old ones: a file that will not go is only logged.
      const deleted = await prune(current.backupKeep).catch((error: unknown) => {
        log.error("Cannot delete the oldest nightly backups", { error: (error as Error).message });
        return [];
      });
      log.info("Nightly backup written", {
        file: path.join(folder, name),
        seconds: (Date.now() - started) / 1000,
        bookings: manifest.rows["public.bookings"] ?? 0,
        deleted,
      });
      return name;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error("Nightly backup failed; it is tried again in 10 minutes", { error: message });
      const retry = new Date(at.getTime() + RETRY_MS).toISOString();
      await settle(night, { leaseUntil: retry, failure: { at: at.toISOString(), message } }).catch(
        (settleError: unknown) => log.error("Cannot record the nightly backup's failure", { error: settleError }),
      );
      return null;
    }
  }

  const loop = createPollingLoop(runDue, intervalMs, (error) =>
    log.error("The nightly backup's sweep failed", { error: error instanceof Error ? error.message : String(error) }),
  );

  return {
    runDue,
    start: loop.start,
    stop: loop.stop,

    /** The Backups page: the settings, the archives kept, the last failure if the last night failed. */
    async overview(actor: Actor | null): Promise<BackupsOverview> {
      requireJob(actor, "backups");
      const [current, list, state] = await Promise.all([
        settings.read(),
        kept(),
        db.execute(sql`select value from app_settings where key = ${RUN_KEY}`) as unknown as Promise<
          Rows<{ value: RunState }>
        >,
      ]);
      return { engine, settings: current, folder, kept: list, lastFailure: state.rows[0]?.value.failure ?? null };
    },

    /** A kept nightly archive, opened for reading; 404 for any name not of the nightly shape. */
    async open(actor: Actor | null, name: string): Promise<{ stream: NodeJS.ReadableStream; bytes: number }> {
      requireJob(actor, "backups");
      if (!NIGHTLY_BACKUP_NAME.test(name)) throw notFound("Backup");
      const file = path.join(folder, name);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) throw notFound("Backup");
      const stream = createReadStream(file);
      try {
        // Open before answering: a file pruned in between is a 404, not a broken download.
        await new Promise((resolve, reject) => stream.once("open", resolve).once("error", reject));
      } catch {
        throw notFound("Backup");
      }
      return { stream, bytes: found.size };
    },
  };
}

export type NightlyBackups = ReturnType<typeof createNightlyBackups>;
