/**
 * Cryptographically random bytes drawn from a pool filled in one call: a call of its own for every
 * id or CSP nonce cost more than the rest of making one. Browser-safe (Web Crypto).
 */
const pool = new Uint8Array(4096);
let drawn = pool.length;

/**
 * `count` random bytes (at most the pool's size), as a view into the pool: read them at once, as
 * the pool's next fill overwrites them.
 */
export function randomBytes(count: number): Uint8Array {
  if (count > pool.length) throw new RangeError(`At most ${pool.length} random bytes at a time`);
  if (drawn + count > pool.length) {
    crypto.getRandomValues(pool);
    drawn = 0;
  }
  return pool.subarray(drawn, (drawn += count));
}
