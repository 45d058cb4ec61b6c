import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "~/features/bookings/bookings.schema";
import { suggestedServiceType } from "./booking-service";
import { SERVICES } from "./service-catalogue";

describe("the catalogue's names", () => {
  it("are the booking form's options, one for each, in its order: the same words on every page", () => {
    expect(SERVICES.map((s) => s.name)).toEqual([...SERVICE_TYPES]);
  });
});

describe("suggestedServiceType", () => {
  it("reads the service from a package's name as the service pages do", () => {
    expect(suggestedServiceType("Signature Wash & Wax")).toBe("Hand Wash");
    expect(suggestedServiceType("Platinum Full Detail")).toBe("Full Detail");
    expect(suggestedServiceType("Quick Lube & Conventional Oil")).toBe("Oil Change");
    expect(suggestedServiceType("Engine Bay Clean")).toBe("Engine Clean");
    expect(suggestedServiceType("Headlight Restoration")).toBeUndefined();
  });
});
