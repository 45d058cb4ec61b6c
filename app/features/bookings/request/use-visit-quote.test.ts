import { describe, expect, it } from "vitest";
import type { ApiQuote } from "~/features/pricing/pricing.schema";
import { promoCheckOf } from "./use-visit-quote";

const quote = (discount: number, total: number): ApiQuote => ({
  lines: [{ kind: "service", label: "Hand Wash (Small)", amount: 25, minutes: 30 }],
  total,
  discount,
  minutes: 30,
  sizeClass: { id: "small", name: "Small" },
  confirmedAtShop: false,
});

describe("what Promo Code says, from the quote", () => {
  it("says nothing without a code, or before the visit can be priced", () => {
    expect(promoCheckOf("  ", { quote: quote(0, 25), pending: false }, true)).toEqual({ state: "none" });
    expect(promoCheckOf("WASH5", { quote: null, pending: false }, false)).toEqual({ state: "none" });
  });

  it("checks while the quote is asked, then says what WASH5 takes off the visit", () => {
    expect(promoCheckOf("wash5", { quote: quote(0, 25), pending: true }, true)).toEqual({ state: "checking" });
    expect(promoCheckOf(" wash5", { quote: quote(1.25, 23.75), pending: false }, true)).toEqual({
      state: "applies",
      promoCode: "WASH5",
      discount: 1.25,
      finalPrice: 23.75,
    });
  });

  it("gives the server's reason for a refused code", () => {
    const refused = { quote: quote(0, 25), pending: false, promoRefusal: "You have already used this code." };
    expect(promoCheckOf("WASH5", refused, true)).toEqual({
      state: "refused",
      message: "You have already used this code.",
    });
  });
});
