import { describe, expect, it } from "vitest";
import type { PackageType } from "./plans.schema";
import { otherServices, popularPackages } from "./plan-catalogue";

const pkg = (id: string, packageType: PackageType) => ({ id, packageType });

describe("popularPackages", () => {
  it("picks the first, so newest, package of each tier in the order economy, standard, premium", () => {
    const newestFirst = [pkg("e-new", "economy"), pkg("p1", "premium"), pkg("s1", "standard"), pkg("e-old", "economy")];
    expect(popularPackages(newestFirst).map((p) => [p.tier, p.plan.id])).toEqual([
      ["economy", "e-new"],
      ["standard", "s1"],
      ["premium", "p1"],
    ]);
  });

  it("accepts standards as standard", () => {
    const newestFirst = [pkg("new", "standards"), pkg("old", "standard")];
    expect(popularPackages(newestFirst)).toEqual([{ tier: "standard", label: "Standard", plan: newestFirst[0] }]);
  });

  it("returns nothing when no tier has a package", () => {
    expect(popularPackages([pkg("s", "services")])).toEqual([]);
  });
});

describe("otherServices", () => {
  it("lists every services package in the catalogue's order", () => {
    const newestFirst = [pkg("b", "services"), pkg("x", "premium"), pkg("a", "services")];
    expect(otherServices(newestFirst).map((p) => p.id)).toEqual(["b", "a"]);
  });
});
