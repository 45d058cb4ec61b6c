import { describe, expect, it } from "vitest";
import { formatPrice } from "./money";

describe("formatPrice", () => {
  it("shows dollars, or a dash when there is no price", () => {
    expect(formatPrice(25)).toBe("$25");
    expect(formatPrice(19.9)).toBe("$19.90");
    expect(formatPrice(null)).toBe("—");
  });
});
