import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBookingRequest } from "../tests/factories";
import { storedKey } from "./api/rate-limiter";
import { startServerProcesses, type ServerProcesses } from "../tests/server-processes";

/**
 * Two production server processes on one PostgreSQL database behind a load balancer (one proxy in
 * front: TRUST_PROXY=1), one client address alternating between them, with the default limits:
 * 5 sign-ins and 10 visitor booking requests a minute. Counted in the database, then in Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/2";

const stores: { store: string; ports: number[]; env: Record<string, string> }[] = [
  { store: "the PostgreSQL database", ports: [3350, 3351], env: {} },
  { store: "Redis", ports: [3352, 3353], env: { REDIS_URL } },
];

describe.each(stores)("two server processes counting in $store", ({ ports, env }) => {
  let cluster: ServerProcesses;
  // Addresses and e-mails of this run only: Redis outlives the database, and a run a minute ago used it too.
  const run = `10.${randomInt(256)}.${randomInt(256)}`;
  const email = `nobody-${run}@example.com`;
  beforeAll(async () => {
    cluster = await startServerProcesses({ ports, env: { TRUST_PROXY: "1", ...env } });
  });
  afterAll(async () => {
    await cluster?.close();
    if ("REDIS_URL" in env) {
      const redis = new Redis(REDIS_URL);
      await redis.del(
        `carwash:auth:5/60s:${storedKey(`${run}.1|/sign-in/email`)}`,
        `carwash:sign-in-account:${storedKey(email)}`,
        `carwash:bookings:${storedKey(`${run}.2`)}`,
      );
      redis.disconnect();
    }
  });

  /** `count` requests from `address`, sent to the first process, the second, the first … */
  async function alternate(count: number, address: string, path: string, body: (i: number) => unknown) {
    const statuses = [];
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${cluster.processes[i % 2]!.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cluster.publicUrl, "X-Forwarded-For": address },
        body: JSON.stringify(body(i)),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it("lets 5 of 12 wrong sign-ins from one address reach the password check; the rest answer 429", async () => {
    const statuses = await alternate(12, `${run}.1`, "/api/auth/sign-in/email", () => ({
      email,
      password: "not-the-password",
    }));
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it("creates 10 of 24 visitor booking requests from one address; the rest answer 429", async () => {
    // Valid Anytime requests from 24 customers: each would be created if the limit let it through.
    const statuses = await alternate(24, `${run}.2`, "/api/bookings", (i) =>
      buildBookingRequest({ email: `visitor${i}-${run}@example.com`, preferredTimeSlot: "Anytime" }),
    );
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(14).fill(429)]);
  });
});
