import type { DatabaseHandle } from "~/.server/db/client";
import type { RateLimitStore } from "./api/rate-limiter";

/**
 * A Redis that neither answers nor refuses (a network partition) holds a sign-in no longer than
 * this before its process counts the attempt in memory instead (docs/decisions/018).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export interface OpenRateLimitStore {
  store: RateLimitStore;
  close(): Promise<void>;
}

/**
 * The store every process of the site counts its rate limits in: Redis at `redisUrl`, else the
 * PostgreSQL database, else (the embedded database: one process) memory. A Redis that is down at
 * start does not stop the server: the limits are counted per process until it answers.
 */
export async function openRateLimitStore(
  redisUrl: string | undefined,
  database: DatabaseHandle,
): Promise<OpenRateLimitStore> {
  if (!redisUrl) {
    const store: RateLimitStore =
      database.kind === "postgres" ? { kind: "postgres", db: database.db } : { kind: "memory" };
    return { store, close: async () => undefined };
  }
  // Loaded only when Redis is configured: ioredis and its dependencies are some 20 MB resident.
  const { Redis } = await import("ioredis");
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    // A command while disconnected fails at once (and the limiter falls back to memory) rather than
    // waiting in a queue for the reconnection.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  const where = redactedUrl(redisUrl);
  // One line per outage, not one per reconnection attempt.
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    console.error(
      `Redis at ${where} is not answering (${error.message}): rate limits count per process until it is back.`,
    );
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    console.log(`Redis at ${where} answers again: rate limits are shared again.`);
  });
  await client.connect().catch(() => undefined);
  return {
    store: { kind: "redis", client },
    async close() {
      client.disconnect();
    },
  };
}

function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
