import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { startTcpProxy, type TcpProxy } from "../../tests/tcp-proxy";
import { TEST_ORIGIN } from "../../tests/test-app";
import { openTestDatabase } from "../../tests/test-database";
import { createApp } from "../app";
import { readEnv } from "../env";
import { openRuntime, type Runtime } from "../runtime";

/**
 * GET /api/health on a PostgreSQL server reached through a proxy that can take it away, as a
 * network does. PostgreSQL only: the embedded database cannot be away from its own process.
 */
interface Health {
  status: string;
  database: { kind: string; reachable: boolean; latencyMs?: number };
}

describe("GET /api/health", { tags: ["engine"] }, () => {
  let scratch: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const health = async () => {
    const response = await app.request("/api/health");
    return { status: response.status, body: (await response.json()) as Health };
  };

  beforeAll(async () => {
    scratch = await openTestDatabase();
    const target = new URL(scratch.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(scratch.url!);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    const database = await openDatabase({ kind: "postgres", url: throughProxy.toString() });
    const env = readEnv({
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "carwash-test-")),
    });
    runtime = await openRuntime(env, { database });
    app = createApp({ runtime });
  });
  afterAll(async () => {
    await runtime?.close();
    await proxy?.close();
    await scratch?.close();
  });

  it("answers checks asked at once with one round trip to the database", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, health));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    // Round trips of their own would each have taken their own time, to a hundredth of a millisecond.
    expect(new Set(answers.map((a) => a.body.database.latencyMs)).size).toBe(1);
    // The next check, asked after that answer, makes a round trip of its own.
    const next = await health();
    expect(next.status).toBe(200);
  });

  it("answers 503 while the database is away, and 200 again once it is back", async () => {
    await proxy.set("refuse");
    const away = await health();
    expect(away).toEqual({
      status: 503,
      body: expect.objectContaining({ status: "unavailable", database: { kind: "postgres", reachable: false } }),
    });
    await proxy.set("pass");
    // The failed check is not kept: the pool connects again, and the next check answers.
    await expect.poll(async () => (await health()).status, { timeout: 5_000 }).toBe(200);
  });
});
