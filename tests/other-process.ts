import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { createApp } from "../server/app";
import { readEnv } from "../server/env";
import { openRuntime, type Runtime } from "../server/runtime";
import { TEST_ORIGIN, type TestApp } from "./test-app";

export interface OtherProcess {
  /** A request answered by the other process's app, in-process. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * A second server process on the test's PostgreSQL database, as a second instance behind a balancer
 * would be: its own runtime and app over its own connections, opened before the file's tests once
 * both processes are listening for change signals, and closed after them.
 */
export function setupOtherProcess(t: TestApp): OtherProcess {
  let other: Runtime | undefined;
  const harness = {} as OtherProcess;
  beforeAll(async () => {
    const url = (t.database as { url?: string }).url!;
    const env = readEnv({
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "carwash-test-")),
    });
    other = await openRuntime(env, { database: await openDatabase({ kind: "postgres", url }), rateLimit: false });
    const app = createApp({ runtime: other });
    harness.request = async (p, init) => app.request(p, init);
    await waitUntil(async () => (await listeners(t)) === 2);
  });
  afterAll(async () => {
    await other?.close();
  });
  return harness;
}

/** How many processes' change listeners are connected to the test's database. */
export async function listeners(t: TestApp): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'carwash-listener' and state = 'idle'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** Polls `check` until it holds, for at most `ms` milliseconds. */
export async function waitUntil(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
