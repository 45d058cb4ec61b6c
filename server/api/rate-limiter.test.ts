import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authRateLimitStorage, rateLimiters } from "./rate-limiter";

// The memory store: the embedded database's, and each process's insurance while Redis is away.
const limiter = (max: number, windowMs: number) => rateLimiters({ kind: "memory" })("test", { max, windowMs });

describe("rate limiters in memory", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("allows max attempts per key per window from its first attempt, then refuses until it ends, saying how long", async () => {
    const { hit } = limiter(2, 10_000);
    const at = (ms: number, key: string) => {
      vi.setSystemTime(ms);
      return hit(key);
    };
    expect([await at(0, "a"), await at(10, "a"), await at(2_500, "a"), await at(2_600, "b")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: false, retryAfterSeconds: 8 },
      { allowed: true },
    ]);
    expect(await at(10_000, "a")).toEqual({ allowed: true });
    // b's window began at 2.6 s: its second attempt still fits, its third does not.
    expect([await at(10_001, "b"), await at(10_002, "b")]).toEqual([
      { allowed: true },
      { allowed: false, retryAfterSeconds: 3 },
    ]);
  });

  it("takes back a forgiven attempt", async () => {
    const { hit, forgive } = limiter(1, 1000);
    expect(await hit("a")).toEqual({ allowed: true });
    await forgive("a");
    expect(await hit("a")).toEqual({ allowed: true });
    expect((await hit("a")).allowed).toBe(false);
  });

  it("counts better-auth's rules apart, each with its own max and window, and answers in better-auth's terms", async () => {
    const storage = authRateLimitStorage(rateLimiters({ kind: "memory" }));
    const signIn = { window: 60, max: 2 };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await storage.consume("203.0.113.7|/sign-in/email", signIn));
    expect(results).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: true, retryAfter: null },
      { allowed: false, retryAfter: 60 },
    ]);
    expect(await storage.consume("203.0.113.7|/sign-in/email", { window: 60, max: 5 })).toEqual({
      allowed: true,
      retryAfter: null,
    });
  });
});
