import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { jsonPost } from "../../tests/accounts";
import { buildBookingRequest } from "../../tests/factories";
import { closedPort, startTcpProxy, type TcpProxy } from "../../tests/tcp-proxy";
import { TEST_ORIGIN } from "../../tests/test-app";
import { openTestDatabase } from "../../tests/test-database";
import { createApp } from "../app";
import { readEnv } from "../env";
import { openRuntime, type Runtime } from "../runtime";
import { storedKey } from "./rate-limiter";

/**
 * Two app instances on one PostgreSQL database, as two server processes behind a load balancer
 * (TRUST_PROXY=1: the client is the X-Forwarded-For entry the balancer appended), with one client
 * address alternating between them. PostgreSQL only: the embedded database is one process by
 * construction (this file is left out of the api:pglite project).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/2";
const SIGN_INS_PER_MINUTE = 5;

type App = ReturnType<typeof createApp>;

interface Instances {
  /** What each instance answered, in turn: first, second, first … */
  alternate(count: number, send: (app: App) => Response | Promise<Response>): Promise<number[]>;
  /** The slowest answer of the last alternate(), in milliseconds. */
  slowestMs: number;
  close(): Promise<void>;
}

async function twoInstances(env: Record<string, string>, prefix: string): Promise<Instances> {
  const first = await openTestDatabase();
  const second = await openDatabase({ kind: "postgres", url: first.url! });
  const runtimes: Runtime[] = [];
  for (const database of [first, second]) {
    const config = readEnv({
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "carwash-test-")),
      TRUST_PROXY: "1",
      ...env,
    });
    runtimes.push(
      await openRuntime(config, {
        database,
        rateLimit: { signIn: SIGN_INS_PER_MINUTE, signUp: 3 },
        rateLimitPrefix: prefix,
      }),
    );
  }
  const apps = runtimes.map((runtime) => createApp({ runtime }));
  const instances: Instances = {
    slowestMs: 0,
    async alternate(count, send) {
      const statuses = [];
      instances.slowestMs = 0;
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        statuses.push((await send(apps[i % 2]!)).status);
        instances.slowestMs = Math.max(instances.slowestMs, performance.now() - started);
      }
      return statuses;
    },
    async close() {
      // The second pool first: closing the first drops the database.
      for (const runtime of runtimes.reverse()) await runtime.close();
    },
  };
  return instances;
}

let lastAddress = 0;
/** Another client address for each sequence of attempts, so that none inherits another's count. */
const freshAddress = () => `203.0.113.${++lastAddress}`;

/** Wrong sign-ins from one address (for an e-mail nobody has: better-auth answers it 401 as well). */
const wrongSignIn = (address: string) => {
  const init = jsonPost({ email: `nobody-${address}@example.com`, password: "wrong-guess" });
  return (app: App) =>
    app.request("/api/auth/sign-in/email", {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
    });
};

/** A visitor's booking request, malformed on purpose: the limit counts requests before reading them. */
const visitorBooking = (address: string) => {
  const init = jsonPost(buildBookingRequest({ phone: "" }));
  return (app: App) =>
    app.request("/api/bookings", {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
    });
};

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/**
 * Without the shared store: 12 wrong sign-ins from one address alternating between the instances,
 * 5 reach each one's password check. Neither every customer locked out nor guesses unbounded.
 */
async function expectEachInstanceToHoldTheLimit(instances: Instances, withinMs: number) {
  const statuses = await instances.alternate(12, wrongSignIn(freshAddress()));
  expect(count(statuses, 401)).toBe(2 * SIGN_INS_PER_MINUTE);
  expect(statuses.slice(10)).toEqual([429, 429]);
  expect(instances.slowestMs).toBeLessThan(withinMs);
}

describe("rate limits shared by two instances on PostgreSQL, without Redis", { tags: ["engine"] }, () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await twoInstances({}, "carwash");
  });
  afterAll(() => instances?.close());

  it("lets 5 of 12 wrong sign-ins from one address reach the password check, whichever instance each reaches", async () => {
    const statuses = await instances.alternate(12, wrongSignIn(freshAddress()));
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it("takes 10 of 24 booking requests from one visitor's address", async () => {
    const statuses = await instances.alternate(24, visitorBooking(freshAddress()));
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(14).fill(429)]);
  });
});

describe("rate limits shared through Redis (REDIS_URL)", { tags: ["engine"] }, () => {
  const prefix = `test-${randomBytes(4).toString("hex")}`;
  let redis: Redis;
  let proxy: TcpProxy;
  let instances: Instances;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    await redis.connect().catch((error: unknown) => {
      throw new Error(`These tests need Redis at ${REDIS_URL} (TEST_REDIS_URL): ${String(error)}`);
    });
    // The instances reach Redis through a proxy, so that it can be taken away from under them.
    const target = new URL(REDIS_URL);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const throughProxy = new URL(REDIS_URL);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    instances = await twoInstances({ REDIS_URL: throughProxy.toString() }, prefix);
  });
  afterAll(async () => {
    await instances?.close();
    await proxy?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  /** Waits until both instances count in Redis again (their clients reconnect within 2 s). */
  async function untilBothCountInRedis() {
    const deadline = Date.now() + 10_000;
    for (let probe = 0; Date.now() < deadline; probe++) {
      const address = `198.51.100.${probe % 250}`;
      await redis.del(`${prefix}:bookings:${storedKey(address)}`);
      await instances.alternate(2, visitorBooking(address));
      if (Number(await redis.get(`${prefix}:bookings:${storedKey(address)}`)) === 2) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error("The instances did not count in Redis again within 10 s.");
  }

  it("holds the sign-in limit at 5 and the visitor booking limit at 10 across both, counted in Redis", async () => {
    const address = freshAddress();
    expect(await instances.alternate(12, wrongSignIn(address))).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const bookingAddress = freshAddress();
    expect(await instances.alternate(24, visitorBooking(bookingAddress))).toEqual([
      ...Array(10).fill(400),
      ...Array(14).fill(429),
    ]);
    expect(Number(await redis.get(`${prefix}:bookings:${storedKey(bookingAddress)}`))).toBe(24);
  });

  it.each([
    { outage: "goes down (refuses connections)", mode: "refuse" as const, withinMs: 1_000 },
    // Then each limit waits for the 250 ms command timeout before counting in memory.
    { outage: "stops answering (a partition)", mode: "stall" as const, withinMs: 2_000 },
  ])(
    "when Redis $outage, each instance counts in its own memory at once, and they share again when it is back",
    async ({ mode, withinMs }) => {
      await proxy.set(mode);
      await expectEachInstanceToHoldTheLimit(instances, withinMs);
      await proxy.set("pass");
      await untilBothCountInRedis();
      expect(await instances.alternate(7, wrongSignIn(freshAddress()))).toEqual([...Array(5).fill(401), 429, 429]);
    },
  );
});

describe("a server whose REDIS_URL answers nothing at start", { tags: ["engine"] }, () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await twoInstances({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}/2` }, "carwash");
  });
  afterAll(() => instances?.close());

  it("starts, and holds the limits per process", async () => {
    await expectEachInstanceToHoldTheLimit(instances, 1_000);
    const bookings = await instances.alternate(24, visitorBooking(freshAddress()));
    expect(count(bookings, 400)).toBe(20);
  });
});
