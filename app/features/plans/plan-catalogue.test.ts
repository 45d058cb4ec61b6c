import { describe, expect, it } from "vitest";
import { newestHotels, otherServices, popularPackages } from "./plan-catalogue";

const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T00:00:00Z`;

describe("popularPackages", () => {
  it("picks the newest plan of each tier in the order economy, standard, premium", () => {
    const plans = [
      { _id: "p1", packagetype: "premium", createdAt: at(1) },
      { _id: "e-old", packagetype: "economy", createdAt: at(2) },
      { _id: "e-new", packagetype: "economy", createdAt: at(9) },
      { _id: "s1", packagetype: "standard", createdAt: at(3) },
    ];
    expect(popularPackages(plans).map((p) => [p.tier, p.plan._id])).toEqual([
      ["economy", "e-new"],
      ["standard", "s1"],
      ["premium", "p1"],
    ]);
  });

  it("accepts standards as standard and reads packageType too", () => {
    const plans = [
      { _id: "old", packagetype: "standard", createdAt: at(1) },
      { _id: "new", packageType: "Standards", createdAt: at(5) },
    ];
    expect(popularPackages(plans)).toEqual([{ tier: "standard", label: "Standard", plan: plans[1] }]);
  });

  it("ignores hotel entries and returns nothing when no tier has a plan", () => {
    expect(popularPackages([{ _id: "h", packagetype: "economy", field: "hotel", createdAt: at(1) }])).toEqual([]);
    expect(popularPackages([{ _id: "s", packagetype: "services" }])).toEqual([]);
  });
});

describe("otherServices", () => {
  it("lists every services plan newest first", () => {
    const plans = [
      { _id: "a", packagetype: "services", createdAt: at(1) },
      { _id: "x", packagetype: "premium", createdAt: at(8) },
      { _id: "b", packagetype: "services", updatedAt: at(7) },
    ];
    expect(otherServices(plans).map((p) => p._id)).toEqual(["b", "a"]);
  });
});

describe("newestHotels", () => {
  it("keeps hotel entries only, newest first, up to the limit", () => {
    const plans = [
      ...Array.from({ length: 8 }, (_, i) => ({ _id: `h${i}`, field: "hotel", date: at(i + 1) })),
      { _id: "pkg", packagetype: "economy", date: at(20) },
    ];
    expect(newestHotels(plans, 6).map((p) => p._id)).toEqual(["h7", "h6", "h5", "h4", "h3", "h2"]);
  });
});
