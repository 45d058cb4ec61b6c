import { describe, expect, it } from "vitest";
import { forwardedClient } from "./api-env";

describe("forwardedClient", () => {
  it("takes the entry the outermost trusted proxy appended, whatever the client put to its left", () => {
    expect(forwardedClient("10.0.0.1, 6.6.6.6, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClient("10.0.0.1, 203.0.113.7, 198.51.100.2", 2)).toBe("203.0.113.7");
    expect(forwardedClient(" 203.0.113.7 ", 1)).toBe("203.0.113.7");
  });

  it("takes the left-most entry when there are fewer than proxies, and nothing from no header", () => {
    expect(forwardedClient("203.0.113.7", 2)).toBe("203.0.113.7");
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient(" , ", 1)).toBeUndefined();
  });
});
