import { describe, expect, it } from "vitest";
import {
  clubLineLabel,
  lineLabelIn,
  mainLineLabel,
  oilLineLabel,
  promoLineLabel,
  type LineWords,
} from "~/lib/price-lines";

/** Words that show which part went where. */
const marked: LineWords = {
  service: (name) => `<${name}>`,
  oil: (oil) => `oil:${oil}`,
  club: (plan) => `club:${plan}`,
  promo: (code, percent) => `promo:${code}/${percent}`,
};

describe("a priced line's label in another language", () => {
  it("is put back together from the parts priceVisit wrote, the shop's names kept", () => {
    expect(lineLabelIn(marked, { kind: "service", label: mainLineLabel("Full Detail", "Extra (XL)") })).toBe(
      "<Full Detail> (Extra (XL))",
    );
    expect(lineLabelIn(marked, { kind: "package", label: mainLineLabel("Platinum (Gold)", "Medium") })).toBe(
      "Platinum (Gold) (Medium)",
    );
    expect(lineLabelIn(marked, { kind: "oil", label: oilLineLabel("Full synthetic") })).toBe("oil:Full synthetic");
    expect(lineLabelIn(marked, { kind: "club", label: clubLineLabel("Unlimited (Exterior)") })).toBe(
      "club:Unlimited (Exterior)",
    );
    expect(lineLabelIn(marked, { kind: "promo", label: promoLineLabel("WASH5", 5) })).toBe("promo:WASH5/5");
  });

  it("keeps an add-on's name, a line with no kind, and a label that does not read as its kind's", () => {
    expect(lineLabelIn(marked, { kind: "add-on", label: "Engine oil (top-up)" })).toBe("Engine oil (top-up)");
    expect(lineLabelIn(marked, { label: "Hand Wash (Small)" })).toBe("Hand Wash (Small)");
    expect(lineLabelIn(marked, { kind: "service", label: "Hand Wash" })).toBe("Hand Wash");
    expect(lineLabelIn(marked, { kind: "promo", label: "Spring sale" })).toBe("Spring sale");
  });
});
