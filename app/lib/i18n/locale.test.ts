import { describe, expect, it } from "vitest";
import { localeOfPath, pathInLocale } from "./locale";
import { languageToOffer } from "./language-preference";

describe("the language of a path", () => {
  it("is Spanish for /es and below it, English elsewhere", () => {
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/es/pricing")).toBe("es");
    expect(localeOfPath("/ES/Pricing")).toBe("es");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/estimate")).toBe("en");
  });

  it("gives each page's twin, keeping the query", () => {
    expect(pathInLocale("/", "es")).toBe("/es");
    expect(pathInLocale("/pricing", "es")).toBe("/es/pricing");
    expect(pathInLocale("/es/pricing", "es")).toBe("/es/pricing");
    expect(pathInLocale("/es", "en")).toBe("/");
    expect(pathInLocale("/es/booking/manage/abc", "en")).toBe("/booking/manage/abc");
    expect(pathInLocale("/booking?service=oil-change", "es")).toBe("/es/booking?service=oil-change");
    expect(pathInLocale("/?x=1", "es")).toBe("/es?x=1");
    expect(pathInLocale("/es?x=1", "en")).toBe("/?x=1");
  });
});

describe("the language offered", () => {
  it("is the remembered choice, else the browser's first language the site has, when it is not the page's", () => {
    expect(languageToOffer("en", "", ["es-MX", "en-US"])).toBe("es");
    expect(languageToOffer("en", "", ["fr-FR", "es"])).toBe("es");
    expect(languageToOffer("en", "", ["en-US", "es"])).toBeUndefined();
    expect(languageToOffer("es", "", ["es-US"])).toBeUndefined();
    expect(languageToOffer("en", "carwash.lang=en", ["es-MX"])).toBeUndefined();
    expect(languageToOffer("es", "a=1; carwash.lang=en", ["es-MX"])).toBe("en");
  });
});
