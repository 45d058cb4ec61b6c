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
