import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limiter";

function limiterAt(max: number, windowMs: number) {
  const clock = { now: 0 };
  const limiter = createMemoryRateLimiter({ max, windowMs, now: () => clock.now });
  const hit = async (key: string, at: number) => {
    clock.now = at;
    return limiter.hit(key);
  };
  return { limiter, clock, hit };
}

describe("createMemoryRateLimiter", () => {
  it("allows max attempts per key per window, then refuses until the next window, saying how long", async () => {
    const { hit } = limiterAt(2, 10_000);
    expect([await hit("a", 0), await hit("a", 10), await hit("a", 2_500), await hit("b", 2_600)]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: false, retryAfterSeconds: 8 },
      { allowed: true },
    ]);
    expect(await hit("a", 10_000)).toEqual({ allowed: true });
  });

  it("takes back a forgiven attempt", async () => {
    const { limiter, hit } = limiterAt(1, 1000);
    expect(await hit("a", 0)).toEqual({ allowed: true });
    await limiter.forgive("a");
    expect(await hit("a", 1)).toEqual({ allowed: true });
    expect((await hit("a", 2)).allowed).toBe(false);
  });
});
