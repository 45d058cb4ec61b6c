import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { log } from "~/.server/log";
import { rateLimits } from "~/.server/db/schema";
import type { RateLimiter, RateLimitRule } from "./rate-limit-rule";

/**
 * The limits' counts in the PostgreSQL table every process shares (decision 018), one statement an
 * attempt, prepared once per connection (decision 061). rate-limiter-flexible's Drizzle store, used
 * before, wrote the same rows with the same meaning, but built its statement with Drizzle's query
 * builder on every attempt: a sixth of a booking request's JavaScript. Memory and Redis stay the
 * library's (rate-limiter.ts).
 *
 * A key's window starts at its first attempt; an attempt at or after its end counts afresh. Rows
 * an hour past their end are swept, as the library's store swept them.
 */

/** How long after its window a key's row is kept, and how often the table is swept of older ones. */
const KEPT_AFTER_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

export interface RateLimitTable {
  limiter(keyPrefix: string, rule: RateLimitRule): RateLimiter;
}

/** `now` is the clock the windows are measured by: the process's, as every process's is the same. */
export function rateLimitTable(db: Database, now: () => number = Date.now): RateLimitTable {
  // Placeholders go to node-postgres as they are: a Date is sent as a timestamptz.
  const at = sql.placeholder("now");
  const count = db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), points: 1, expire: sql.placeholder("expire") })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${rateLimits.expire} <= ${at} then 1 else ${rateLimits.points} + 1 end`,
        expire: sql`case when ${rateLimits.expire} <= ${at} then excluded.expire else ${rateLimits.expire} end`,
      },
    })
    .returning({ points: rateLimits.points, expire: rateLimits.expire })
    .prepare("rate_limit_count");
  const takeBack = db
    .update(rateLimits)
    .set({ points: sql`greatest(${rateLimits.points} - 1, 0)` })
    .where(and(eq(rateLimits.key, sql.placeholder("key")), gt(rateLimits.expire, at)))
    .prepare("rate_limit_take_back");

  // Swept by the attempts themselves, at most every five minutes a process: no timer to stop,
  // and a table nobody counts in has nothing new to sweep.
  let sweptAt = now();
  const sweepOld = (time: number) => {
    if (time - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = time;
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(time - KEPT_AFTER_MS)))
      .catch((error: unknown) => log.warn("could not sweep the ended rate limits", { error }));
  };

  return {
    limiter(keyPrefix, { max, windowMs }) {
      // Whole seconds, as the library's windows (its duration option) were.
      const windowOf = Math.ceil(windowMs / 1000) * 1000;
      return {
        async hit(key) {
          const time = now();
          sweepOld(time);
          const [row] = await count.execute({
            key: `${keyPrefix}:${key}`,
            now: new Date(time),
            expire: new Date(time + windowOf),
          });
          if (row!.points <= max) return { allowed: true };
          const left = (row!.expire?.getTime() ?? time) - time;
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
        },
        async forgive(key) {
          await takeBack.execute({ key: `${keyPrefix}:${key}`, now: new Date(now()) });
        },
      };
    },
  };
}
