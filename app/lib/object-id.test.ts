import { describe, expect, it } from "vitest";
import { isObjectId, newObjectId, objectIdTime } from "./object-id";

describe("object ids", () => {
  it("are 24 hex characters that start with the creation second", () => {
    const at = new Date("2026-03-01T12:00:00Z");
    const id = newObjectId(at);
    expect(isObjectId(id)).toBe(true);
    expect(objectIdTime(id)).toBe(at.getTime());
  });

  it("are unique and ordered by time", () => {
    const ids = Array.from({ length: 1000 }, () => newObjectId());
    expect(new Set(ids).size).toBe(1000);
    expect(newObjectId(new Date("2030-01-01")) > newObjectId(new Date("2029-12-31"))).toBe(true);
  });

  it("rejects anything else", () => {
    for (const bad of [
      "",
      "123",
      "zzzzzzzzzzzzzzzzzzzzzzzz",
      "0123456789abcdef01234567x",
      "0123456789ABCDEF01234567",
    ]) {
      expect(isObjectId(bad)).toBe(false);
    }
    expect(objectIdTime(42)).toBeUndefined();
  });
});
