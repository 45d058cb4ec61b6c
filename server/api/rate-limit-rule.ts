/** What a rate limit is and answers, whatever store counts it (rate-limiter.ts picks one). */

/** The outcome of counting one attempt: refused ones say when the key may try again. */
export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Attempts counted per key (an address, an account) over a window. Promises, so that a store
 * shared by every server process can stand behind the same interface as the in-memory one.
 */
export interface RateLimiter {
  /** Counts one attempt by `key`; refused once the key has used up its window. */
  hit(key: string): Promise<RateLimitVerdict>;
  /** Takes back one counted attempt that turned out not to count (a sign-in that succeeded). */
  forgive(key: string): Promise<void>;
}

export interface RateLimitRule {
  max: number;
  /** Whole seconds: the window starts at a key's first attempt and ends this long after. */
  windowMs: number;
}
