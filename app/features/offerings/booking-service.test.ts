import { describe, expect, it } from "vitest";
import { suggestedServiceType } from "./booking-service";

describe("suggestedServiceType", () => {
  it("reads the service from a package's name as the service pages do", () => {
    expect(suggestedServiceType("Signature Wash & Wax")).toBe("Hand Wash");
    expect(suggestedServiceType("Platinum Full Detail")).toBe("Full Detail");
    expect(suggestedServiceType("Quick Lube & Conventional Oil")).toBe("Oil Change");
    expect(suggestedServiceType("Engine Bay Clean")).toBe("Engine Clean");
    expect(suggestedServiceType("Headlight Restoration")).toBeUndefined();
  });
});
