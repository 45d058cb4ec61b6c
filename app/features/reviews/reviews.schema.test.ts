import { describe, expect, it } from "vitest";
import { reviewAuthorName, visitMonthText } from "./reviews.schema";
import { shownReviews } from "./shown-reviews";

describe("what the site shows of a reviewer", () => {
  it("is the first name and the last name's initial", () => {
    expect(reviewAuthorName("Maria Gonzalez")).toBe("Maria G.");
    expect(reviewAuthorName("  maria   de la cruz ")).toBe("Maria C.");
    expect(reviewAuthorName("Cher")).toBe("Cher");
    expect(reviewAuthorName("   ")).toBe("A customer");
  });

  it("names the visit's month", () => {
    expect(visitMonthText("2026-11-01")).toBe("November 2026");
  });
});

describe("the reviews home and /reviews show", () => {
  const published = {
    _id: "6760a1b2c3d4e5f601234567",
    rating: 5,
    comment: "Spotless",
    authorName: "Maria G.",
    serviceLabel: "Platinum Full Detail",
    visitMonth: "2026-11-01",
    reply: "Thank you!",
    publishedAt: "2026-11-27T10:00:00.000Z",
  };

  it("are the published ones when there are any", () => {
    const shown = shownReviews([published], 3);
    expect(shown.real).toBe(true);
    expect(shown.items).toEqual([
      expect.objectContaining({
        name: "Maria G.",
        detail: "Platinum Full Detail · November 2026",
        quote: "Spotless",
        reply: "Thank you!",
      }),
    ]);
  });

  it("are the specification's samples only while none is published", () => {
    const shown = shownReviews([], 3);
    expect(shown.real).toBe(false);
    expect(shown.items).toHaveLength(3);
    expect(shown.items[0]!.name).toBe("Maria Gonzalez");
  });
});
