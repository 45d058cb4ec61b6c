import { describe, expect, it } from "vitest";
import { businessToday } from "./business-date";

describe("businessToday", () => {
  it("is the date on the business's clock, not the server's", () => {
    // 03:30 UTC on 2 March is still 1 March in New York, already 2 March in Tokyo.
    const at = new Date("2026-03-02T03:30:00Z");
    expect(businessToday("America/New_York", at)).toBe("2026-03-01");
    expect(businessToday("Asia/Tokyo", at)).toBe("2026-03-02");
  });
});
