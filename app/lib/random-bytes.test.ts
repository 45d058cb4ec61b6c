import { describe, expect, it } from "vitest";
import { randomBytes } from "./random-bytes";

describe("randomBytes", () => {
  it("gives each caller bytes of its own, across the pool's refills", () => {
    const seen = new Set<string>();
    // 3,000 draws of 16 bytes refill the 4 KB pool a dozen times over.
    for (let i = 0; i < 3_000; i++) {
      const bytes = randomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(Buffer.from(bytes).toString("hex"));
    }
    expect(seen.size).toBe(3_000);
  });

  it("gives bytes that later draws leave unchanged", () => {
    const kept = randomBytes(16);
    const before = Buffer.from(kept).toString("hex");
    // 300 draws of 16 bytes refill the 4 KB pool at least once, over the kept bytes' place.
    for (let i = 0; i < 300; i++) randomBytes(16);
    expect(Buffer.from(kept).toString("hex")).toBe(before);
  });

  it("refuses more than the pool holds", () => {
    expect(() => randomBytes(4097)).toThrow(RangeError);
  });
});
