import { describe, expect, it } from "vitest";
import { findServicePage } from "./service-pages";
import { matchingPlans, SERVICES, SERVICES_WITH_PAGES, serviceHref } from "./service-catalogue";

const plan = (name: string, price: unknown, extra: object = {}) => ({
  _id: name,
  name,
  price,
  packagetype: "services",
  ...extra,
});

describe("the services", () => {
  it("are the six of the specification, five of them with their own page and copy", () => {
    expect(SERVICES).toHaveLength(6);
    expect(SERVICES_WITH_PAGES.map(serviceHref)).toEqual([
      "/services/hand-wash",
      "/services/interior-clean",
      "/services/express-wax",
      "/services/full-detail",
      "/services/oil-change",
    ]);
    for (const s of SERVICES_WITH_PAGES) expect(findServicePage(s.slug)?.included.length).toBeGreaterThan(3);
    expect(findServicePage("engine-clean")).toBeUndefined();
    expect(findServicePage("nope")).toBeUndefined();
  });
});

describe("matchingPlans", () => {
  const catalogue = [
    plan("Signature Wash & Wax", 54.99, { packagetype: "standard" }),
    plan("Express Exterior Wash", 24.99, { packagetype: "economy" }),
    plan("Full Synthetic Oil Change", 79.99),
    plan("Quick Lube & Conventional Oil", 44.99),
    plan("Express Hand Wax", 39.99),
    plan("Waxworks Hotel", "empty", { field: "hotel", packagetype: "none" }),
  ];
  const names = (slug: string) =>
    matchingPlans(
      SERVICES.find((s) => s.slug === slug)!,
      catalogue,
    ).map((p) => p.name);

  it("finds the service's packages by name, cheapest first, so the first gives the from-price", () => {
    expect(names("hand-wash")).toEqual(["Express Exterior Wash", "Signature Wash & Wax"]);
    expect(names("express-wax")).toEqual(["Express Hand Wax", "Signature Wash & Wax"]);
    expect(names("oil-change")).toEqual(["Quick Lube & Conventional Oil", "Full Synthetic Oil Change"]);
    expect(names("full-detail")).toEqual([]);
  });
});
