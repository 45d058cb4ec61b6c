import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("works an answer out once per key, keeps at most its limit, and stays right once emptied", () => {
    const memo = boundedMemo<number>(3);
    let asked = 0;
    const square = (n: number) => memo.get(String(n), () => (asked++, n * n));
    expect([square(2), square(2), square(3)]).toEqual([4, 4, 9]);
    expect(asked).toBe(2);
    square(4);
    square(5); // the fourth key: the memory empties, then keeps 5
    expect(square(2)).toBe(4);
    expect(asked).toBe(5);
  });

  it("does not remember an undefined answer (a forged cookie is checked every time, and fills nothing)", () => {
    const memo = boundedMemo<string | undefined>(10);
    let asked = 0;
    for (let i = 0; i < 3; i++) memo.get("forged", () => void asked++);
    expect(asked).toBe(3);
  });
});
