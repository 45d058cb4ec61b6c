import { describe, expect, it } from "vitest";
import { phoneSearchDigits } from "./phone-search";

describe("phoneSearchDigits", () => {
  it("reads a number or part of one in any written form as its digits", () => {
    for (const q of ["5550135", "555 0135", "555-0135", "555.0135", " 555 0135 "])
      expect(phoneSearchDigits(q), q).toBe("5550135");
    for (const q of ["2125550135", "(212) 555-0135", "212.555.0135", "+1 212 555 0135", "1-212-555-0135"])
      expect(phoneSearchDigits(q), q).toBe("2125550135");
    expect(phoneSearchDigits("0135")).toBe("0135");
  });

  it("keeps a foreign number's digits whole", () => {
    expect(phoneSearchDigits("+44 20 7946 0958")).toBe("442079460958");
  });

  it("leaves words, e-mails, references and short fragments to the text search", () => {
    for (const q of ["Nina Park", "nina@example.com", "B09AEDC6", "ABC 123", "55", "", "555 01x5"])
      expect(phoneSearchDigits(q), q).toBeUndefined();
  });
});
