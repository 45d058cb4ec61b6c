import { describe, expect, it } from "vitest";
import { displayPhone } from "./phone";

describe("displayPhone", () => {
  it("shows a US number one way, however it was typed", () => {
    for (const typed of ["718 555 0161", "718-555-0161", "(718) 555-0161", "7185550161", "718.555.0161"])
      expect(displayPhone(typed), typed).toBe("(718) 555-0161");
    expect(displayPhone("+1 212 555 0131")).toBe("(212) 555-0131");
    expect(displayPhone("1-212-555-0131")).toBe("(212) 555-0131");
    expect(displayPhone(" (212) 555-0131 ")).toBe("(212) 555-0131");
  });

  it("shows anything else as typed", () => {
    expect(displayPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(displayPhone("+49 301 234 5678")).toBe("+49 301 234 5678");
    expect(displayPhone("555 0135")).toBe("555 0135");
    expect(displayPhone("212 555 0131 x12")).toBe("212 555 0131 x12");
    expect(displayPhone("")).toBe("");
  });
});
