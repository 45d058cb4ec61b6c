/**
 * `npm run db:reset`: deletes every table and row, migrates again and seeds the demo data.
 * On PostgreSQL (DATABASE_URL) it asks for `-- --yes`, since that database may not be a toy.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { lockDataDir } from "~/.server/db/data-dir-lock";
import { readEnv } from "../server/env";
import { databaseTarget, openRuntime } from "../server/runtime";
import { runScript, ScriptError } from "./run-script";

await runScript(async () => {
  const env = readEnv();
  const target = databaseTarget(env);
  if (target.kind === "postgres") {
    if (!process.argv.includes("--yes"))
      throw new ScriptError("This erases the PostgreSQL database in DATABASE_URL. Run: npm run db:reset -- --yes");
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public;");
    await client.end();
  } else if (target.kind === "pglite") {
    // Holding the lock proves no server is using the folder while it is deleted.
    const lock = await lockDataDir(target.dataDir);
    await rm(path.join(target.dataDir, "pglite"), { recursive: true, force: true });
    await lock.release();
  }
  const runtime = await openRuntime({ ...env, SEED_DEMO_DATA: true });
  await runtime.close();
  console.log(`Database reset (${target.kind}); demo catalogue and accounts seeded.`);
});
