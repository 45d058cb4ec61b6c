import { afterAll, beforeAll } from "vitest";
import { createApp } from "../server/app";
import type { DatabaseHandle } from "../server/db/client";
import { readEnv } from "../server/env";
import { createServices, type Services } from "../server/services";
import { siteConfigFromEnv } from "../server/site";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  database: DatabaseHandle;
  services: Services;
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: T }>;
}

/** The real Hono app over a fresh database for one test file, called in-process. */
export function setupTestApp(): TestApp {
  const env = readEnv({ NODE_ENV: "test" });
  const harness = {} as TestApp;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const services = createServices(database);
    const app = createApp({ runtime: { env, services, site: siteConfigFromEnv(env) } });
    const request = async (path: string, init?: RequestInit) => app.request(path, init);
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
  });
  afterAll(async () => {
    await harness.database?.close();
  });
  return harness;
}
