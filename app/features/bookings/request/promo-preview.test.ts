import { describe, expect, it } from "vitest";
import { priceWithPromoPreview } from "./promo-preview";

describe("priceWithPromoPreview", () => {
  it("takes 5% off, rounded to cents, for WASH5 in any case", () => {
    expect(priceWithPromoPreview(54.99, "wash5")).toEqual({ discount: 2.75, final: 52.24 });
    expect(priceWithPromoPreview(189.99, " WASH5 ")).toEqual({ discount: 9.5, final: 180.49 });
  });

  it("shows nothing for another code or a package without a price", () => {
    expect(priceWithPromoPreview(54.99, "WASH10")).toBeNull();
    expect(priceWithPromoPreview(null, "WASH5")).toBeNull();
  });
});
