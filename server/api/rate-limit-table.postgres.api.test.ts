import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "~/.server/db/client";
import { rateLimits } from "~/.server/db/schema";
import { openTestDatabase } from "../../tests/test-database";
import { rateLimitTable } from "./rate-limit-table";

/**
 * The limits' table on PostgreSQL, on a clock the test moves: the same windows as the memory
 * store's (rate-limiter.test.ts), counted by two processes' limiters in one table. Two processes
 * counting at once are server/api/shared-rate-limits.postgres.api.test.ts's.
 */
let database: DatabaseHandle;
let clock = 1_000_000;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

it(
  "allows max attempts per key per window from its first attempt, refuses until it ends saying how long, and takes one back",
  { tags: ["engine"] },
  async () => {
    const one = rateLimitTable(database.db, () => clock).limiter("test:one", { max: 2, windowMs: 10_000 });
    const other = rateLimitTable(database.db, () => clock).limiter("test:one", { max: 2, windowMs: 10_000 });
    const at = (ms: number, hit: () => ReturnType<typeof one.hit>) => {
      clock = 1_000_000 + ms;
      return hit();
    };
    // Two processes' limiters of one limit count the same key in the same row.
    expect([
      await at(0, () => one.hit("a")),
      await at(10, () => other.hit("a")),
      await at(2_500, () => one.hit("a")),
      await at(2_600, () => other.hit("b")),
    ]).toEqual([{ allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 8 }, { allowed: true }]);
    // A taken-back attempt (a sign-in that succeeded) frees a place in the window.
    await at(3_000, () => one.forgive("b").then(() => one.hit("b")));
    expect(await at(3_100, () => one.hit("b"))).toEqual({ allowed: true });
    expect(await at(3_200, () => one.hit("b"))).toEqual({ allowed: false, retryAfterSeconds: 10 });
    // At the window's end the key counts afresh.
    expect(await at(10_000, () => one.hit("a"))).toEqual({ allowed: true });
    expect(await at(10_001, () => one.hit("a"))).toEqual({ allowed: true });
    expect(await at(10_002, () => one.hit("a"))).toEqual({ allowed: false, retryAfterSeconds: 10 });
    // Another limit's prefix counts apart.
    const another = rateLimitTable(database.db, () => clock).limiter("test:two", { max: 1, windowMs: 60_000 });
    expect(await another.hit("a")).toEqual({ allowed: true });
  },
);

it(
  "sweeps rows an hour past their window, at an attempt five minutes after the last sweep",
  { tags: ["engine"] },
  async () => {
    await database.db.delete(rateLimits);
    clock = 5_000_000;
    const limiter = rateLimitTable(database.db, () => clock).limiter("test:sweep", { max: 5, windowMs: 60_000 });
    await limiter.hit("old");
    clock += 62 * 60_000;
    await limiter.hit("new");
    // The sweep is not awaited by the attempt: the row goes shortly after.
    await expect
      .poll(async () => (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key))
      .toEqual(["test:sweep:new"]);
  },
);
