/**
 * Document ids: 24 hex characters, the first 8 the creation time in seconds (as MongoDB's
 * ObjectId), so the specification's fallback "newest by id" holds (docs/decisions/008 §1, §6). Browser-safe.
 */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

let counter = Math.floor(Math.random() * 0xffffff);

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
// Random bytes drawn 5 at a time from a pool filled in one call: a call of its own per id cost
// more than the rest of making one (a booking request makes four).
const randomPool = new Uint8Array(5 * 512);
let drawn = randomPool.length;

export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, "0");
  if (drawn === randomPool.length) {
    crypto.getRandomValues(randomPool);
    drawn = 0;
  }
  let random = "";
  for (const end = drawn + 5; drawn < end; drawn++) random += HEX[randomPool[drawn]!];
  counter = (counter + 1) % 0x1000000;
  return seconds + random + counter.toString(16).padStart(6, "0");
}

export function isObjectId(value: string): boolean {
  return OBJECT_ID_PATTERN.test(value);
}

/** Creation time in milliseconds encoded in an id, or undefined for anything else. */
export function objectIdTime(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^[0-9a-f]{8}/i.test(value)) return undefined;
  return Number.parseInt(value.slice(0, 8), 16) * 1000;
}
