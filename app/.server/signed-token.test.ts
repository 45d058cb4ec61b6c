import { describe, expect, it } from "vitest";
import { createSigner } from "./signed-token";

const review = createSigner("a secret only the server knows", "review");

describe("signed tokens", () => {
  it("give back the payload they were made for", () => {
    const token = review.sign("65f0c0ffee65f0c0ffee0001");
    expect(review.verify(token)).toBe("65f0c0ffee65f0c0ffee0001");
  });

  it("refuse one changed character anywhere", () => {
    const token = review.sign("65f0c0ffee65f0c0ffee0001");
    for (let i = 0; i < token.length; i++) {
      if (token[i] === ".") continue;
      const changed = token.slice(0, i) + (token[i] === "a" ? "b" : "a") + token.slice(i + 1);
      expect(review.verify(changed), `character ${i}`).toBeNull();
    }
  });

  it("are not valid for another purpose or another secret", () => {
    const token = review.sign("65f0c0ffee65f0c0ffee0001");
    expect(createSigner("a secret only the server knows", "rebook").verify(token)).toBeNull();
    expect(createSigner("another secret", "review").verify(token)).toBeNull();
  });

  it("refuse what is not a token", () => {
    for (const value of ["", ".", "abc", "abc.", `a.${"x".repeat(31)}`, `a b.${"x".repeat(32)}`, "a".repeat(500)])
      expect(review.verify(value)).toBeNull();
    expect(() => review.sign("not url safe")).toThrow();
  });
});
