import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { fixedMessage } from "./fixed-messages";

describe("the fixed messages", () => {
  const english = setupI18n({ locale: "en", messages: { en: {} } });

  it("keep the English text, with the number of one that has one", () => {
    expect(english._(fixedMessage("Select a time slot"))).toBe("Select a time slot");
    expect(fixedMessage("At most 40 characters").values).toEqual({ max: "40" });
    expect(english._(fixedMessage("At most 40 characters"))).toBe("At most 40 characters");
    expect(english._(fixedMessage("Year must be ≤ 2027"))).toBe("Year must be ≤ 2027");
  });

  it("show a message they do not list as it came (the API's, already in the page's language)", () => {
    expect(fixedMessage("Ese horario está lleno.")).toEqual({
      id: "Ese horario está lleno.",
      message: "Ese horario está lleno.",
    });
  });
});
