import { describe, expect, it } from "vitest";
import { searchTerms } from "./booking-search";

describe("searchTerms", () => {
  it("reads the reference in any case, with or without '#'", () => {
    expect(searchTerms("B09AEDC6")).toMatchObject({ reference: "b09aedc6" });
    expect(searchTerms("#b09aedc6")).toMatchObject({ reference: "b09aedc6" });
    expect(searchTerms(" #B09aEdC6 ")).toMatchObject({ reference: "b09aedc6" });
    expect(searchTerms("B09AEDC")).toEqual({ text: "B09AEDC" });
    expect(searchTerms("B09AEDCG")).toEqual({ text: "B09AEDCG" });
  });

  it("reads a whole phone number in any written form by its digits, without the country code", () => {
    const forms = ["6465550199", "646 555 0199", "(646) 555-0199", "+1 646-555-0199", "646.555.0199", "16465550199"];
    for (const form of forms) expect(searchTerms(form), form).toEqual({ phoneDigits: "6465550199" });
    expect(searchTerms("+44 20 7946 0958")).toEqual({ phoneDigits: "442079460958" });
  });

  it("looks for part of a number by its digits and as written", () => {
    expect(searchTerms("555 0199")).toEqual({ phoneDigits: "5550199", text: "555 0199" });
    expect(searchTerms("0199")).toEqual({ phoneDigits: "0199", text: "0199" });
  });

  it("leaves words to the text search", () => {
    for (const q of ["Jane Doe", "jane@example.com"]) expect(searchTerms(q)).toEqual({ text: q });
  });

  it("may read eight digits as both a reference and a number", () => {
    expect(searchTerms("12345678")).toEqual({ reference: "12345678", phoneDigits: "12345678", text: "12345678" });
  });
});
