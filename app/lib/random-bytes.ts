/**
 * Cryptographically random bytes drawn from a pool filled in one call: a call of its own for every
 * id or CSP nonce cost more than the rest of making one. Browser-safe (Web Crypto).
 */
const pool = new Uint8Array(4096);
let drawn = pool.length;

/**
 * `count` random bytes (at most the pool's size), copied out of the pool: the caller owns them, and
 * the pool's next fill cannot change them (a view would be overwritten under whoever kept it).
 */
export function randomBytes(count: number): Uint8Array {
  if (count > pool.length) throw new RangeError(`At most ${pool.length} random bytes at a time`);
  if (drawn + count > pool.length) {
    crypto.getRandomValues(pool);
    drawn = 0;
  }
  return pool.slice(drawn, (drawn += count));
}
