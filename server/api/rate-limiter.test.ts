import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter";

describe("createRateLimiter", () => {
  it("allows max attempts per key per window, then refuses until the next window", () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 1000 });
    expect([limiter.allow("a", 0), limiter.allow("a", 10), limiter.allow("a", 20), limiter.allow("b", 30)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(limiter.allow("a", 1000)).toBe(true);
  });
});
