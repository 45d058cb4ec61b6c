import { mkdtempSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerType } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../server/app";
import { listen } from "../server/http-server";
import type { DatabaseHandle } from "~/.server/db/client";
import { readEnv } from "../server/env";
import { openRuntime, type RuntimeOptions } from "../server/runtime";
import type { Services } from "~/.server/services";
import { openTestDatabase } from "./test-database";

const PAGES_HOOK_TIMEOUT_MS = 240_000;

/** The origin test requests claim to come from; better-auth checks it on every change. */
export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  database: DatabaseHandle;
  services: Services;
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: T }>;
}

/** The real Hono app over a fresh database for one test file, called in-process. */
export function setupTestApp(
  options: {
    env?: Record<string, string>;
    rateLimit?: RuntimeOptions["rateLimit"];
    /**
     * Serve the pages too: through their loaders without rendering (true: tests/test-pages.ts), or
     * rendered to HTML ("rendered": tests/rendered-pages.ts).
     */
    pages?: boolean | "rendered";
    /** Send each request over a real socket to the app listening as the server does (server/http-server.ts). */
    socket?: boolean;
  } = {},
): TestApp {
  const env = readEnv({
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "carwash-test-")),
    ...options.env,
  });
  const harness = {} as TestApp;
  let server: ServerType | undefined;
  beforeAll(
    async () => {
      const runtime = await openRuntime(env, {
        database: await openTestDatabase(),
        rateLimit: options.rateLimit ?? false,
      });
      const { database, services } = runtime;
      // Loaded only when asked for: it imports every route module.
      const pages =
        options.pages === "rendered"
          ? await (await import("./rendered-pages")).renderedPages()
          : options.pages
            ? await (await import("./test-pages")).loaderPages()
            : undefined;
      const app = createApp({ runtime, pages });
      let request = async (path: string, init?: RequestInit) => app.request(path, init);
      if (options.socket) {
        server = listen({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
        await new Promise((resolve) => server!.once("listening", resolve));
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        request = (path, init) => fetch(`${base}${path}`, init);
      }
      Object.assign(harness, {
        database,
        services,
        request,
        async json(path: string, init?: RequestInit) {
          const response = await request(path, init);
          const text = await response.text();
          return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
        },
      });
      // Every route module is compiled on first import: on a busy machine that alone can take a minute.
    },
    options.pages ? PAGES_HOOK_TIMEOUT_MS : undefined,
  );
  afterAll(async () => {
    // A client's keep-alive socket would hold close() open for a minute.
    (server as HttpServer | undefined)?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await harness.database?.close();
  });
  return harness;
}
