import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "~/.server/audit/audit-log";
import { BACKUP_TOKEN_FILE } from "~/.server/backup/backup-service";
import { TEST_ORIGIN } from "../../tests/test-app";
import { openTestDatabase } from "../../tests/test-database";
import { createApp } from "../app";
import { readEnv } from "../env";
import { HTTP_TIME_LIMITS, listen } from "../http-server";
import { openRuntime, type Runtime } from "../runtime";

/**
 * The archive is made whole before its first byte is sent: with many bookings that takes longer
 * than the server lets a socket sit idle (HTTP_TIME_LIMITS.idleMs, 30 s). Here that limit is 50 ms,
 * and the archive still arrives, over a real socket, as `npm run backup` asks for it.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "carwash-test-"));
let runtime: Runtime;
let server: ServerType;
let base: string;

beforeAll(async () => {
  const env = readEnv({ NODE_ENV: "test", SEED_DEMO_DATA: "false", PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir });
  runtime = await openRuntime(env, { database: await openTestDatabase(), rateLimit: false });
  const app = createApp({ runtime });
  server = listen({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, undefined, { ...HTTP_TIME_LIMITS, idleMs: 50 });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  await runtime.services.backups.announce(port);
});
afterAll(async () => {
  // The client's keep-alive socket would hold close() open for a minute.
  (server as HttpServer | undefined)?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await runtime?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("GET /api/backups/archive over a socket", () => {
  it("arrives whole though making it takes longer than the socket's idle limit", async () => {
    const { token } = JSON.parse(await readFile(path.join(dataDir, BACKUP_TOKEN_FILE), "utf8")) as { token: string };
    // Another backup first: this one waits for it, then is made, well past 50 ms.
    const before = runtime.services.backups.write(path.join(dataDir, "first.tar.gz"), { by: SYSTEM, how: "nightly" });
    const response = await fetch(`${base}/api/backups/archive`, { headers: { "X-Backup-Token": token } });
    await before;
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(response.headers.get("content-length")));
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
