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

/**
 * A fixed-window counter per key in this process's memory. Old windows are dropped as they pass,
 * so the map holds at most one window of keys.
 */
export function createMemoryRateLimiter({
  max,
  windowMs,
  now = Date.now,
}: {
  max: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  let windowStart = 0;
  let counts = new Map<string, number>();
  const currentWindow = () => {
    const at = now();
    if (at - windowStart >= windowMs) {
      windowStart = at;
      counts = new Map();
    }
    return at;
  };
  return {
    async hit(key) {
      const at = currentWindow();
      const used = (counts.get(key) ?? 0) + 1;
      counts.set(key, used);
      if (used <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    },
    async forgive(key) {
      currentWindow();
      const used = counts.get(key) ?? 0;
      if (used > 1) counts.set(key, used - 1);
      else counts.delete(key);
    },
  };
}
