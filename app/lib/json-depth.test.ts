import { describe, expect, it } from "vitest";
import { JsonDepthScanner, MAX_JSON_DEPTH } from "./json-depth";

/** Whether JSON text, read in one chunk, nests past the limit. */
const nestsDeeperThan = (text: string) => new JsonDepthScanner().push(new TextEncoder().encode(text));

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("JsonDepthScanner, given a whole text", () => {
  it("lets the site's own bodies through", () => {
    expect(nestsDeeperThan('{"bookings":[{"id":"a","preferredDate":"2026-05-31"}]}')).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ name: "x", features: ["a", "b"] }))).toBe(false);
  });

  it("refuses a body one level past the limit, of arrays or objects", () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('{"a":'.repeat(MAX_JSON_DEPTH + 1) + "1" + "}".repeat(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it("counts no bracket inside a string, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(1000) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '\\"[[[[' + "{".repeat(100) }))).toBe(false);
  });

  it("reads a megabyte of brackets without overflowing the stack", () => {
    expect(nestsDeeperThan("[".repeat(1_000_000))).toBe(true);
    expect(nestsDeeperThan("[]".repeat(500_000))).toBe(false);
  });
});

describe("JsonDepthScanner, given a text in chunks", () => {
  it("follows the text across chunks, a string or an escape split between them included", () => {
    const text = JSON.stringify({ a: 'x\\"[[[', b: [[1]] }) + "[".repeat(MAX_JSON_DEPTH + 1);
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 3, 7]) {
      const scanner = new JsonDepthScanner();
      const verdicts: boolean[] = [];
      for (let i = 0; i < bytes.length; i += size) verdicts.push(scanner.push(bytes.subarray(i, i + size)));
      expect(verdicts.at(-1)).toBe(true);
      // Not before the last bracket arrived.
      expect(verdicts.at(-2)).toBe(false);
    }
  });
});
