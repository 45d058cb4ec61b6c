import { describe, expect, it } from "vitest";
import { SERVICES } from "./service-catalogue";
import { serviceFromPrice, serviceSummaries } from "./service-summaries";

const wax = SERVICES.find((s) => s.name === "Wax")!;
const packages = [
  { name: "Signature Wash & Wax", price: 54.99, serviceType: "Wax" as const },
  { name: "Express Exterior Wash", price: 24.99, serviceType: "Hand Wash" as const },
];

describe("a service's from-price", () => {
  it("is the lowest of its own price and the packages that include it", () => {
    expect(serviceFromPrice(wax, packages, [{ serviceType: "Wax", price: 39.99 }])).toBe(39.99);
    // A package is for the service it names (decision 048), not every service its name mentions.
    expect(serviceFromPrice(wax, packages, [{ serviceType: "Wax", price: 59.99 }])).toBe(54.99);
    // Another service's own price is not this one's.
    expect(serviceFromPrice(wax, packages, [{ serviceType: "Hand Wash", price: 9.99 }])).toBe(54.99);
  });

  it("is its own price when no package includes it, and none when neither is priced", () => {
    const engine = SERVICES.find((s) => s.name === "Engine Clean")!;
    expect(serviceFromPrice(engine, packages, [{ serviceType: "Engine Clean", price: 49.99 }])).toBe(49.99);
    expect(serviceFromPrice(engine, packages, [])).toBeNull();
  });

  it("is listed for all six services on the home page", () => {
    const summaries = serviceSummaries(packages, [{ serviceType: "Oil Change", price: 44.99 }]);
    expect(summaries.map((s) => [s.name, s.fromPrice])).toEqual([
      ["Hand Wash", 24.99],
      ["Interior Clean", null],
      ["Wax", 54.99],
      ["Full Detail", null],
      ["Oil Change", 44.99],
      ["Engine Clean", null],
    ]);
  });
});
