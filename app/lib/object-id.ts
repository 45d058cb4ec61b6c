/**
 * Document ids: 24 hex characters, the first 8 the creation time in seconds (as MongoDB's
 * ObjectId), so the specification's fallback "newest by id" holds (docs/specification-quirks.md §1, §6). Browser-safe.
 */
import { randomBytes } from "./random-bytes";

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

let counter = Math.floor(Math.random() * 0xffffff);

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, "0");
  let random = "";
  for (const byte of randomBytes(5)) random += HEX[byte];
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
