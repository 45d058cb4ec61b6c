import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "~/.server/db/client";
import type { RateLimiter, RateLimitRule } from "./rate-limit-rule";
import { rateLimitTable, type RateLimitTable } from "./rate-limit-table";

export type { RateLimiter, RateLimitRule, RateLimitVerdict } from "./rate-limit-rule";

/**
 * Where the counts live (docs/decisions/018): Redis when REDIS_URL is set, else the PostgreSQL
 * database every process shares, else (the embedded database, one process by construction) memory.
 */
export type RateLimitStore = { kind: "memory" } | { kind: "redis"; client: Redis } | { kind: "postgres"; db: Database };

/** Makes the limiter called `name` (its keys' prefix, the same in every process) with its rule. */
export type RateLimiters = (name: string, rule: RateLimitRule) => RateLimiter;

/**
 * The counters over the store: rate-limiter-flexible's in memory and on Redis, ours in the
 * PostgreSQL table (rate-limit-table.ts). On Redis each limiter is insured by one in this
 * process's memory: while Redis cannot answer (down, unreachable, slower than its command timeout)
 * the limits hold per process rather than failing every attempt or none.
 */
export function rateLimiters(store: RateLimitStore, { prefix = "carwash" }: { prefix?: string } = {}): RateLimiters {
  let table: RateLimitTable | undefined;
  return (name, { max, windowMs }) => {
    const options = { keyPrefix: `${prefix}:${name}`, points: max, duration: Math.ceil(windowMs / 1000) };
    switch (store.kind) {
      case "memory":
        return adapt(new RateLimiterMemory(options));
      case "redis":
        return adapt(
          new RateLimiterRedis({
            ...options,
            storeClient: store.client,
            // Not connected: straight to the insurance, rather than waiting on a reconnection.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          }),
        );
      case "postgres":
        // The table comes from the migrations (0011), created once for every process.
        return hashed((table ??= rateLimitTable(store.db)).limiter(options.keyPrefix, { max, windowMs }));
    }
  };
}

/**
 * What a store keeps for a key: its SHA-256. An e-mail or an address is never written to Redis or the
 * database in clear, and whatever a client sends (a megabyte of e-mail, a NUL byte PostgreSQL's text
 * refuses) is 64 characters there.
 */
export function storedKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A limiter that counts each key by its storedKey. */
function hashed(limiter: RateLimiter): RateLimiter {
  return { hit: (key) => limiter.hit(storedKey(key)), forgive: (key) => limiter.forgive(storedKey(key)) };
}

function adapt(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async hit(key) {
      try {
        await limiter.consume(storedKey(key));
        return { allowed: true };
      } catch (outcome) {
        // Refusals come as a RateLimiterRes; anything else is the store failing.
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
      }
    },
    async forgive(key) {
      await limiter.reward(storedKey(key));
    },
  };
}

/**
 * better-auth's rate-limit storage (its paths and rules: sign-in, sign-up, password reset…) over
 * the same store, one counter per rule, keyed as better-auth keys them (address and path).
 */
export function authRateLimitStorage(limiters: RateLimiters) {
  const byRule = new Map<string, RateLimiter>();
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const name = `auth:${rule.max}/${rule.window}s`;
      let limiter = byRule.get(name);
      if (!limiter) byRule.set(name, (limiter = limiters(name, { max: rule.max, windowMs: rule.window * 1000 })));
      const verdict = await limiter.hit(key);
      return verdict.allowed
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: verdict.retryAfterSeconds };
    },
  };
}
