import { describe, expect, it } from "vitest";
import { containsPattern } from "./like-pattern";

describe("containsPattern", () => {
  it("finds the text anywhere, with LIKE's wildcards and escape read as plain characters", () => {
    expect(containsPattern("ann")).toBe("%ann%");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
