import { describe, expect, it } from "vitest";
import { initials, ratingSummary, SAMPLE_REVIEWS } from "./sample-reviews";

describe("sample reviews", () => {
  it("rate between 1 and 5", () => {
    for (const r of SAMPLE_REVIEWS) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
    }
    expect(ratingSummary(SAMPLE_REVIEWS)).toEqual({ average: 4.7, reviewCount: SAMPLE_REVIEWS.length });
    expect(ratingSummary([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ average: 4.3, reviewCount: 3 });
    expect(ratingSummary([])).toEqual({ average: 0, reviewCount: 0 });
  });

  it("show initials as the avatar", () => {
    expect(initials("Maria Gonzalez")).toBe("MG");
    expect(initials("Cher")).toBe("C");
    expect(initials("Anna Maria de Souza")).toBe("AM");
  });
});
