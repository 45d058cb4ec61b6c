import { randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { AuditActor } from "../audit/audit-log";
import type { DatabaseHandle } from "../db/client";
import { backupPglite, backupPostgres, type BackupManifest, type Progress } from "./backup";
import { recordBackupMade, type BackupHow } from "./backup-audit";

/** The file in DATA_DIR through which `npm run backup` asks the running embedded server (owner-only). */
export const BACKUP_TOKEN_FILE = "backup-token.json";

export interface BackupTokenFile {
  token: string;
  port: number;
}

/** Who asked for a backup and how: the audit log's "backup.made" says both. */
export interface BackupMade {
  by: AuditActor;
  how: BackupHow;
}

export interface BackupService {
  /** DATA_DIR/backups: the nightly archives, and the downloads while they are written. */
  readonly folder: string;
  /**
   * Writes an archive of the whole site to `out` and records it in the audit log (after the dump:
   * the record is not in the archive it names). One at a time; later asks wait.
   */
  write(out: string, made: BackupMade, progress?: Progress): Promise<BackupManifest>;
  /** Writes an archive into the folder and opens it for reading; the file is gone once read. */
  download(
    made: BackupMade,
  ): Promise<{ name: string; stream: NodeJS.ReadableStream; bytes: number; manifest: BackupManifest }>;
  /**
   * Embedded database only: writes DATA_DIR/backup-token.json (mode 0600: the server's OS user
   * alone reads it) with a new secret and the port, for `npm run backup` on the same machine.
   */
  announce(port: number): Promise<void>;
  /** Whether `token` is this process's secret (false on PostgreSQL, or before announce). */
  tokenMatches(token: string): boolean;
}

export function backupFileName(at = new Date()): string {
  return `carwash-${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z.tar.gz`;
}

export function createBackupService(options: {
  database: DatabaseHandle;
  dataDir: string;
  /** PostgreSQL: the database's URL, for pg_dump. */
  databaseUrl?: string;
}): BackupService {
  const { database, dataDir, databaseUrl } = options;
  const folder = path.join(dataDir, "backups");
  let queue: Promise<unknown> = Promise.resolve();
  let token: Buffer | undefined;

  function write(out: string, made: BackupMade, progress?: Progress, file = out): Promise<BackupManifest> {
    const run = async () => {
      let manifest: BackupManifest;
      if (database.kind === "pglite")
        manifest = await backupPglite(
          (database.db as unknown as { $client: PGlite }).$client,
          path.join(dataDir, "uploads"),
          out,
          progress,
        );
      else if (!databaseUrl) throw new Error("No DATABASE_URL to back up.");
      else manifest = await backupPostgres(databaseUrl, out, progress);
      const bytes = (await stat(out)).size;
      await recordBackupMade(database.db, made.by, { how: made.how, file, bytes, manifest });
      return manifest;
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    folder,
    write: (out, made, progress) => write(out, made, progress),
    async download(made) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = backupFileName();
      const file = path.join(folder, `.download-${randomBytes(6).toString("hex")}.tar.gz`);
      try {
        // Recorded by the name the browser saves it as, not the hidden file it is served from.
        const manifest = await write(file, made, undefined, name);
        const stream = createReadStream(file);
        await new Promise((resolve, reject) => stream.once("open", resolve).once("error", reject));
        const { size } = await stat(file);
        // Open already: the name can go now, the bytes stay until the stream is closed.
        await unlink(file);
        return { name, stream, bytes: size, manifest };
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async announce(port) {
      if (database.kind !== "pglite") return;
      const secret = randomBytes(32);
      const body: BackupTokenFile = { token: secret.toString("hex"), port };
      const file = path.join(dataDir, BACKUP_TOKEN_FILE);
      await rm(file, { force: true });
      await writeFile(file, JSON.stringify(body), { mode: 0o600, flag: "wx" });
      token = secret;
    },
    tokenMatches(given) {
      if (!token || !/^[0-9a-f]{64}$/.test(given)) return false;
      return timingSafeEqual(Buffer.from(given, "hex"), token);
    },
  };
}
