/**
 * A fixed-window counter per key (client address) in memory: enough for one process. Old
 * windows are dropped as they pass, so the map holds at most one window of keys.
 */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** Counts one attempt; false when the key is over its limit for this window. */
    allow(key: string, now = Date.now()): boolean {
      if (now - windowStart >= windowMs) {
        windowStart = now;
        counts = new Map();
      }
      const used = (counts.get(key) ?? 0) + 1;
      counts.set(key, used);
      return used <= max;
    },
  };
}
