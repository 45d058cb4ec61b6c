import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { loaderI18n } from "./catalog.server";
import { fixedMessage } from "./fixed-messages";

describe("the fixed messages", () => {
  const english = setupI18n({ locale: "en", messages: { en: {} } });

  it("keep the English text, with the number of one that has one", () => {
    expect(english._(fixedMessage("Select a time slot"))).toBe("Select a time slot");
    expect(fixedMessage("At most 40 characters").values).toEqual({ max: "40" });
    expect(english._(fixedMessage("At most 40 characters"))).toBe("At most 40 characters");
    expect(english._(fixedMessage("Year must be ≤ 2027"))).toBe("Year must be ≤ 2027");
  });

  it("say an account's sign-in refusal, minutes and all, in the page's language", async () => {
    const [en, es] = [await loaderI18n("en"), await loaderI18n("es")];
    // As auth-messages.ts accountSignInsLimitedMessage words it.
    const refusal = (minutes: string) => `Too many sign-in attempts for this account. Please try again in ${minutes}.`;
    for (const minutes of ["1 minute", "15 minutes"])
      expect(en._(fixedMessage(refusal(minutes)))).toBe(refusal(minutes));
    expect(es._(fixedMessage(refusal("1 minute")))).toBe(
      "Demasiados intentos de inicio de sesión en esta cuenta. Vuelve a intentarlo en 1 minuto.",
    );
    expect(es._(fixedMessage(refusal("15 minutes")))).toMatch(/Vuelve a intentarlo en 15 minutos\.$/);
  });

  it("show a message they do not list as it came (the API's, already in the page's language)", () => {
    expect(fixedMessage("Ese horario está lleno.")).toEqual({
      id: "Ese horario está lleno.",
      message: "Ese horario está lleno.",
    });
  });
});
