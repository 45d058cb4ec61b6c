import { describe, expect, it } from "vitest";
import { changedPlanFields } from "./plan-changes";

const original = {
  name: "Gold Wash",
  packagetype: "premium",
  serviceType: "Hand Wash",
  price: 49.99,
  duration: "1 hour",
  minutes: 60,
  features: "Wax\nTires",
};

describe("changedPlanFields", () => {
  it("sends a new service: what a booking of the package books", () => {
    expect(changedPlanFields(original, { ...original, serviceType: "Full Detail" })).toEqual({
      serviceType: "Full Detail",
    });
  });

  it("is empty when nothing changed, even when the text was retyped the same way", () => {
    expect(changedPlanFields(original, { ...original, name: " Gold Wash ", features: "Wax, Tires" })).toEqual({});
  });

  it("sends only the price when only the price changed", () => {
    expect(changedPlanFields(original, { ...original, price: 44.5 })).toEqual({ price: 44.5 });
  });

  it("sends each changed field", () => {
    expect(
      changedPlanFields(original, {
        name: "Gold Plus",
        packagetype: "standards",
        serviceType: "Hand Wash",
        price: 49.99,
        duration: "90 min",
        minutes: 90,
        features: "Wax\nTires\nVacuum",
      }),
    ).toEqual({
      name: "Gold Plus",
      packageType: "standards",
      duration: "90 min",
      minutes: 90,
      features: ["Wax", "Tires", "Vacuum"],
    });
  });
});
