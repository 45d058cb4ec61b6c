import { describe, expect, it } from "vitest";
import { hasSessionCookie, SESSION_COOKIE_PREFIX } from "./session-cookie";

describe("hasSessionCookie", () => {
  it("finds the session cookie by the prefix better-auth is given, on HTTP and HTTPS", () => {
    expect(hasSessionCookie(`${SESSION_COOKIE_PREFIX}.session_token=abc.def`)).toBe(true);
    expect(hasSessionCookie(`theme=dark; __Secure-${SESSION_COOKIE_PREFIX}.session_token=abc.def`)).toBe(true);
  });

  it("sees a visitor where there is no session cookie, or one of another name", () => {
    expect(hasSessionCookie(null)).toBe(false);
    expect(hasSessionCookie("theme=dark")).toBe(false);
    expect(hasSessionCookie(`x${SESSION_COOKIE_PREFIX}.session_token=abc`)).toBe(false);
    expect(hasSessionCookie(`${SESSION_COOKIE_PREFIX}.session_data=abc`)).toBe(false);
  });
});
