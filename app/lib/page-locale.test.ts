import { describe, expect, it } from "vitest";
import { pageLanguageHeaders, withPageLocale } from "./page-locale";

describe("a request from a page", () => {
  it("names a Spanish page's language with its bookings and waitlist requests only", () => {
    expect(withPageLocale("/api/bookings", "POST", { fullName: "Ana" }, "es")).toEqual({
      locale: "es",
      fullName: "Ana",
    });
    expect(withPageLocale("/api/waitlist", "post", { slots: [] }, "es")).toEqual({ locale: "es", slots: [] });
    expect(withPageLocale("/api/bookings", "POST", { locale: "en" }, "es")).toEqual({ locale: "en" });
    expect(withPageLocale("/api/bookings", "POST", { fullName: "Ann" }, "en")).toEqual({ fullName: "Ann" });
    expect(withPageLocale("/api/vehicles", "POST", { make: "Kia" }, "es")).toEqual({ make: "Kia" });
    expect(withPageLocale("/api/bookings", "GET", undefined, "es")).toBeUndefined();
  });

  it("carries the page's language in a header from a Spanish page only", () => {
    expect(pageLanguageHeaders("es")).toEqual({ "X-Page-Language": "es" });
    expect(pageLanguageHeaders("en")).toEqual({});
  });
});
