import { describe, expect, it } from "vitest";
import { initials, SAMPLE_REVIEWS } from "./sample-reviews";

describe("sample reviews", () => {
  it("rate between 1 and 5", () => {
    for (const r of SAMPLE_REVIEWS) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
    }
  });

  it("show initials as the avatar", () => {
    expect(initials("Maria Gonzalez")).toBe("MG");
    expect(initials("Cher")).toBe("C");
    expect(initials("Anna Maria de Souza")).toBe("AM");
  });
});
