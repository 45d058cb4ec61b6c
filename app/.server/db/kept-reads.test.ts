import { describe, expect, it } from "vitest";
import { keptReads } from "./change-signal";

/** A signal a test drives: whether it can hear changes, and a change heard. */
function testSignal() {
  const drops: (() => void)[] = [];
  return {
    cacheable: true,
    onChange: (drop: () => void) => void drops.push(drop),
    change: () => drops.forEach((drop) => drop()),
  };
}

describe("reads kept until the data changes", () => {
  it("shares one read between requests, until a change drops it", async () => {
    const signal = testSignal();
    const kept = keptReads<number>(signal, 10);
    let reads = 0;
    const load = async () => ++reads;
    expect(await Promise.all([kept.read("a", load), kept.read("a", load)])).toEqual([1, 1]);
    expect(await kept.read("a", load)).toBe(1);
    signal.change();
    expect(await kept.read("a", load)).toBe(2);
  });

  it("keeps nothing while the signal cannot hear changes, nor a read that failed", async () => {
    const signal = testSignal();
    const kept = keptReads<number>(signal, 10);
    let reads = 0;
    signal.cacheable = false;
    await kept.read("a", async () => ++reads);
    await kept.read("a", async () => ++reads);
    expect(reads).toBe(2);
    signal.cacheable = true;
    await expect(kept.read("b", () => Promise.reject(new Error("not found")))).rejects.toThrow("not found");
    expect(await kept.read("b", async () => 7)).toBe(7);
  });

  it("keeps at most `max` reads, dropping the oldest first", async () => {
    const kept = keptReads<string>(testSignal(), 2);
    for (const key of ["a", "b", "c"]) await kept.read(key, async () => `${key}1`);
    expect(await kept.read("c", async () => "c2")).toBe("c1");
    expect(await kept.read("b", async () => "b2")).toBe("b1");
    expect(await kept.read("a", async () => "a2")).toBe("a2");
  });
});
