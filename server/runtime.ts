import path from "node:path";
import type { SiteConfig } from "~/lib/site-config";
import { createAuth, type AuthOptions } from "~/.server/auth";
import { loadAuthSecret } from "./auth-secret";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "~/.server/db/client";
import { seedDemoAccounts, seedDemoData } from "./seed/seed";
import { publicUrl, type Env } from "./env";
import { createMailer } from "~/.server/mail/mailer";
import { createOutboxWorker, smtpTransport, type OutboxWorker } from "~/.server/mail/outbox-worker";
import {
  createDatabaseStorage,
  createDiskStorage,
  importDiskUploads,
  type FileStorage,
} from "~/.server/storage/file-storage";
import { adjustableClock, systemClock } from "~/.server/clock";
import { createServices, type Services } from "~/.server/services";
import { siteConfigFromEnv } from "./site";
import { log } from "~/.server/log";
import { makeDataDirPrivate } from "~/.server/private-data-dir";
import { authRateLimitStorage, rateLimiters, type RateLimiters } from "./api/rate-limiter";
import { openRateLimitStore } from "./rate-limit-store";
import { createBackupService } from "~/.server/backup/backup-service";
import { keepVisitFigures } from "~/features/reports/reports.server";

/** Everything one server process holds open: the database and the services over it. */
export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  services: Services;
  site: SiteConfig;
  seeded: boolean;
  /** Counters of the rate limits, shared by every process on PostgreSQL or Redis. */
  rateLimiters: RateLimiters;
  /** Delivers the outbox; the server entry starts it (tests call deliverDue themselves). */
  outboxWorker: OutboxWorker;
  close(): Promise<void>;
}

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: path.resolve(env.DATA_DIR) };
}

/**
 * Uploads on disk beside the embedded database; in the database on PostgreSQL, where other
 * processes (with other disks) serve them too. What an upgraded site kept on disk moves in once.
 */
async function openFileStorage(env: Env, database: DatabaseHandle): Promise<FileStorage> {
  const folder = path.resolve(env.DATA_DIR, "uploads");
  if (database.kind === "pglite") return createDiskStorage(folder);
  const copied = await importDiskUploads(folder, database.db);
  if (copied) log.info("copied the uploaded files on disk into the database", { copied, folder });
  return createDatabaseStorage(database.db);
}

export interface RuntimeOptions {
  /** An already opened database (tests); by default the one the environment names. */
  database?: DatabaseHandle;
  rateLimit?: AuthOptions["rateLimit"];
  /** Keys' prefix in the rate-limit store (tests that share one Redis); "carwash" by default. */
  rateLimitPrefix?: string;
  trustedOrigins?: string[];
}

export async function openRuntime(env: Env, options: RuntimeOptions = {}): Promise<Runtime> {
  // Before anything is written there: the database, uploads, backups, the lock and the backup token.
  await makeDataDirPrivate(env.DATA_DIR, (message) => log.warn(message));
  const database = options.database ?? (await openDatabase(databaseTarget(env)));
  const rateLimitStore = await openRateLimitStore(env.REDIS_URL, database);
  try {
    const limiters = rateLimiters(rateLimitStore.store, { prefix: options.rateLimitPrefix });
    const site = siteConfigFromEnv(env);
    const mailer = createMailer(database.db, { delivers: Boolean(env.SMTP_URL) });
    const secret = await loadAuthSecret(database.db, env.AUTH_SECRET);
    const auth = createAuth({
      db: database.db,
      mailer,
      secret,
      baseURL: publicUrl(env),
      trustedOrigins: options.trustedOrigins,
      business: { name: site.name, address: site.address, phone: site.phone, publicUrl: publicUrl(env) },
      rateLimit: options.rateLimit ?? { signIn: env.RATE_LIMIT_SIGN_IN, signUp: env.RATE_LIMIT_SIGN_UP },
      rateLimitStorage: authRateLimitStorage(limiters),
    });
    const counting = performance.now();
    const counted = await keepVisitFigures(database.db, site.timeZone);
    if (counted)
      log.info("counted the reports' rollup from every booking", {
        timeZone: site.timeZone,
        rows: counted,
        ms: Math.round(performance.now() - counting),
      });
    let seeded = false;
    if (env.SEED_DEMO_DATA) {
      const catalogue = await seedDemoData(database.db);
      const accounts = await seedDemoAccounts(database.db, auth, site.timeZone);
      seeded = catalogue || accounts;
    }
    const storage = await openFileStorage(env, database);
    const backups = createBackupService({
      database,
      dataDir: path.resolve(env.DATA_DIR),
      // Tests pass a scratch database of their own, with its URL beside it.
      databaseUrl: (options.database as { url?: string } | undefined)?.url ?? env.DATABASE_URL,
    });
    const services = createServices({
      database,
      auth,
      storage,
      mailer,
      site,
      publicUrl: publicUrl(env),
      businessEmail: env.BUSINESS_EMAIL,
      secret,
      clock: env.TEST_CLOCK ? adjustableClock() : systemClock,
      backups,
    });
    const outboxWorker = createOutboxWorker(database.db, {
      transport: smtpTransport(env.SMTP_URL),
      from: env.MAIL_FROM,
      written: services.messages,
      withheld: services.consent.withheld,
      held: services.outboxHeld,
    });
    const close = async () => {
      await services.boardChanges.close();
      await services.followUps.stop();
      await services.nightlyBackups.stop();
      await outboxWorker.stop();
      await rateLimitStore.close();
      await database.close();
    };
    return { env, database, services, site, seeded, rateLimiters: limiters, outboxWorker, close };
  } catch (error) {
    await rateLimitStore.close();
    await database.close();
    throw error;
  }
}
