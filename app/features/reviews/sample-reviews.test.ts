import { describe, expect, it } from "vitest";
import { averageRating, initials, SAMPLE_REVIEWS } from "./sample-reviews";

describe("sample reviews", () => {
  it("rate between 1 and 5", () => {
    for (const r of SAMPLE_REVIEWS) expect(r.rating).toBeGreaterThanOrEqual(1);
    expect(averageRating(SAMPLE_REVIEWS)).toBe(4.7);
    expect(averageRating([])).toBe(0);
  });

  it("show initials as the avatar", () => {
    expect(initials("Maria Gonzalez")).toBe("MG");
    expect(initials("Cher")).toBe("C");
    expect(initials("Anna Maria de Souza")).toBe("AM");
  });
});
