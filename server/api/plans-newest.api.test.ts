import { beforeAll, describe, expect, it } from "vitest";
import { otherServices, popularPackages } from "~/features/plans/plan-catalogue";
import type { Actor } from "~/lib/access";
import { buildHotel, buildPlan, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

const t = setupTestApp();
const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const admin: Actor = { id: "admin", name: "Admin", email: "admin@example.com", role: "admin", emailVerified: true };

// The pricing and home pages take the catalogue's order as it comes: the newest of a tier is the first.
describe("the catalogue's order, newest first", () => {
  let olderEconomy: string;
  beforeAll(async () => {
    const rows = await insertPlans(t.database.db, [
      buildPlan({ name: "Older Economy", packageType: "economy", at: day(1) }),
      buildPlan({ name: "Newer Economy", packageType: "economy", at: day(5) }),
      buildPlan({ name: "Older Service", packageType: "services", at: day(2) }),
      buildPlan({ name: "Newer Service", packageType: "services", at: day(3) }),
      buildHotel({ hotelName: "Older Hotel", at: day(1) }),
      buildHotel({ hotelName: "Newer Hotel", at: day(4) }),
    ]);
    olderEconomy = rows[0]!.id;
    t.services.plans.invalidateCatalogue();
  });

  it("lists packages and hotels by the latest of their dates", async () => {
    const packages = (await t.services.plans.listPackages({ limit: 50, offset: 0 })).items;
    expect(popularPackages(packages).map((p) => p.plan.name)).toEqual(["Newer Economy"]);
    expect(otherServices(packages).map((p) => p.name)).toEqual(["Newer Service", "Older Service"]);
    const hotels = (await t.services.plans.listHotels({ limit: 50, offset: 0 })).items;
    expect(hotels.map((h) => h.hotelName)).toEqual(["Newer Hotel", "Older Hotel"]);
  });

  it("puts a package an admin just changed first", async () => {
    await t.services.plans.updatePackage(admin, olderEconomy, { price: 19 });
    const packages = (await t.services.plans.listPackages({ limit: 50, offset: 0 })).items;
    expect(popularPackages(packages).map((p) => p.plan.name)).toEqual(["Older Economy"]);
  });
});
