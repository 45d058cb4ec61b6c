import path from "node:path";
import type { SiteConfig } from "~/features/site/site-config";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import { seedDemoData } from "./db/seed";
import type { Env } from "./env";
import { createServices, type Services } from "./services";
import { siteConfigFromEnv } from "./site";

/** Everything one server process holds open: the database and the services over it. */
export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  services: Services;
  site: SiteConfig;
  seeded: boolean;
  close(): Promise<void>;
}

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: path.resolve(env.DATA_DIR) };
}

export async function openRuntime(env: Env, target: DatabaseTarget = databaseTarget(env)): Promise<Runtime> {
  const database = await openDatabase(target);
  try {
    const seeded = env.SEED_DEMO_DATA ? await seedDemoData(database.db) : false;
    return { env, database, services: createServices(database), site: siteConfigFromEnv(env), seeded, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
