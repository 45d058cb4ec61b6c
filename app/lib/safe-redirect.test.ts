import { describe, expect, it } from "vitest";
import { loginPath, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/pricing?x=1")).toBe("/pricing?x=1");
    expect(safeRedirect("/dashboard/allUsers")).toBe("/dashboard/allUsers");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined])(
    "replaces %s with the fallback",
    (target) => {
      expect(safeRedirect(target, "/home")).toBe("/home");
    },
  );
});

describe("safeRedirect against a browser's reading of the path", () => {
  // A browser resolves each of these to another host: "/\t/evil.test" is "//evil.test" to it.
  it.each(["/\t/evil.test", "/\t\\evil.test", "/\n/evil.test", "/\r/evil.test", "/\\/evil.test", "/%09/evil.test"])(
    "never leaves the site for %j",
    (target) => {
      const path = safeRedirect(target, "/home");
      expect(new URL(path, "https://carwash.example").host).toBe("carwash.example");
    },
  );

  /*
   * Issue 24, finding 1: the parser collapses dot segments, so "/.//evil.test" came back as
   * "//evil.test", which Chromium followed to http://evil.test/. Each value is read as a browser
   * reads a Location header, from a page deep in the site, and once more percent-decoded, as a
   * client-side router may.
   */
  const HOSTILE = [
    "//evil.test",
    "///evil.test",
    "/\\evil.test",
    "/.//evil.test",
    "/.///evil.test",
    "/././/evil.test",
    "/..//evil.test",
    "/../..//evil.test",
    "/x/..//evil.test",
    "/a/b/../..//evil.test",
    "/%2e%2e//evil.test",
    "/%2E%2E//evil.test",
    "/%2e//evil.test",
    "/.%2e//evil.test",
    "/%2e.//evil.test",
    "/x/%2e%2e//evil.test",
    "/.%2E/%2E%2E//evil.test",
    "/./%2F/evil.test",
    "/%2F/evil.test",
    "/%2f%2fevil.test",
    "/x/../%2F%2Fevil.test",
    "/%5C/evil.test",
    "/%5cevil.test",
    "/./%5C%5Cevil.test",
    "/%252F/evil.test",
    "/%25252f/evil.test",
    "/..\\evil.test",
    "/.\t//evil.test",
    "/.//evil.test/path?next=/#top",
    "/.//evil.test:8080",
    "/.//user@evil.test",
    "/\u0000//evil.test",
    "https://evil.test",
    "http:evil.test",
    "http:/evil.test",
    "javascript:alert(1)",
    " /evil.test",
  ];
  const browserReadings = (path: string) => [
    new URL(path, "https://carwash.example/dashboard/manageBooking?page=2"),
    new URL(path, "https://carwash.example/"),
    new URL(decodeURIComponent(path), "https://carwash.example/login"),
  ];

  it("has a table of at least 30 hostile values", () => {
    expect(new Set(HOSTILE).size).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)("keeps %j on the site, however a browser reads it", (target) => {
    const path = safeRedirect(target, "/home");
    expect(path).not.toMatch(/^\/[/\\]/);
    for (const url of browserReadings(path)) expect(url.host).toBe("carwash.example");
  });

  it("keeps a path on the site after the parser has normalised it", () => {
    expect(safeRedirect("/dashboard/./allUsers")).toBe("/dashboard/allUsers");
    expect(safeRedirect("/x/../pricing?plan=1#faq")).toBe("/pricing?plan=1#faq");
    expect(safeRedirect("/%2e%2e/about")).toBe("/about");
    expect(safeRedirect("/search/%2F")).toBe("/search/%2F");
  });

  it("answers a path that is always a valid header value", () => {
    expect(safeRedirect("/\u3000/evil.test")).toBe("/%E3%80%80/evil.test");
    expect(safeRedirect("/booking?name=José")).toBe("/booking?name=Jos%C3%A9");
    for (const target of ["/\u3000/evil.test", "/a b", "/\ud800"]) {
      expect(() => new Headers({ Location: safeRedirect(target) })).not.toThrow();
    }
  });
});

describe("loginPath", () => {
  it("carries the page to come back to", () => {
    expect(loginPath("/dashboard?page=2")).toBe("/login?redirectTo=%2Fdashboard%3Fpage%3D2");
    expect(loginPath("/")).toBe("/login");
  });
});
