import { describe, expect, it } from "vitest";
import type { ServiceType } from "~/features/bookings/bookings.schema";
import { findServicePage } from "./service-pages";
import { matchingPackages, SERVICES, SERVICES_WITH_PAGES, serviceHref } from "./service-catalogue";

const plan = (name: string, price: number, serviceType: ServiceType) => ({ name, price, serviceType });

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

describe("matchingPackages", () => {
  const catalogue = [
    plan("Signature Wash & Wax", 54.99, "Hand Wash"),
    plan("Express Exterior Wash", 24.99, "Hand Wash"),
    plan("Full Synthetic Oil Change", 79.99, "Oil Change"),
    plan("Quick Lube & Conventional Oil", 44.99, "Oil Change"),
    plan("Express Hand Wax", 39.99, "Wax"),
  ];
  const names = (slug: string) =>
    matchingPackages(
      SERVICES.find((s) => s.slug === slug)!,
      catalogue,
    ).map((p) => p.name);

  it("finds the packages for the service, cheapest first, so the first gives the from-price", () => {
    expect(names("hand-wash")).toEqual(["Express Exterior Wash", "Signature Wash & Wax"]);
    expect(names("express-wax")).toEqual(["Express Hand Wax"]);
    expect(names("oil-change")).toEqual(["Quick Lube & Conventional Oil", "Full Synthetic Oil Change"]);
    expect(names("full-detail")).toEqual([]);
  });
});
