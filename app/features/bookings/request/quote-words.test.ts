import { setupI18n, type MessageDescriptor } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { lineWords } from "./quote-words";

describe("a quote's lines in the page's language", () => {
  const english = setupI18n({ locale: "en", messages: { en: {} } });
  const say = (m: MessageDescriptor) => english._(m);

  it("keep the API's English words as they are", () => {
    for (const [label, first] of [
      ["Full Detail (Medium)", true],
      ["Platinum Full Detail (Large)", true],
      ["Synthetic oil", false],
      ["Pet hair removal", false],
      ["WASH5 (5% off)", false],
      ["Wash Club (Gold): covered", false],
    ] as const)
      expect(lineWords(label, first, say)).toBe(label);
  });

  it("name a service only in the visit's own line: an add-on's own brackets stay as the shop typed them", () => {
    const spanish = setupI18n({ locale: "es", messages: { es: {} } });
    // Without a catalog the descriptor's message shows: what matters is which text is looked up.
    const looked: string[] = [];
    const record = (m: MessageDescriptor) => {
      looked.push(m.message ?? m.id);
      return spanish._(m);
    };
    lineWords("Wax (spray)", false, record);
    expect(looked).toEqual([]);
    lineWords("Wax (Small)", true, record);
    expect(looked).toEqual(["Wax"]);
  });
});
