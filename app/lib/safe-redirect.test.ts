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

describe("loginPath", () => {
  it("carries the page to come back to", () => {
    expect(loginPath("/dashboard?page=2")).toBe("/login?redirectTo=%2Fdashboard%3Fpage%3D2");
    expect(loginPath("/")).toBe("/login");
  });
});
