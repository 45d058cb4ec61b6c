import { count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { popularPackages, otherServices } from "~/features/plans/plan-catalogue";
import { setupTestApp } from "../../tests/test-app";
import { plans } from "~/.server/db/schema";
import { seedDemoData } from "./seed";

const t = setupTestApp();

describe("seedDemoData", () => {
  it("seeds a complete demo catalogue once, also when started several times at once", async () => {
    const results = await Promise.all([
      seedDemoData(t.database.db),
      seedDemoData(t.database.db),
      seedDemoData(t.database.db),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(t.database.db)).toBe(false);

    const packages = await t.services.plans.listPackages({ limit: 200, offset: 0 });
    expect(popularPackages(packages.items).map((p) => p.tier)).toEqual(["economy", "standard", "premium"]);
    expect(otherServices(packages.items).length).toBeGreaterThanOrEqual(5);
    expect((await t.services.plans.listHotels({ limit: 200, offset: 0 })).total).toBe(3);
    for (const plan of packages.items) {
      expect(plan.price).toBeGreaterThan(0);
      expect(plan.features.length).toBeGreaterThan(0);
      expect(plan.duration).toEqual(expect.stringMatching(/\S/));
    }
  });

  it("does not refill a catalogue that was emptied after seeding", async () => {
    await t.database.db.delete(plans).where(eq(plans.packageType, "economy"));
    expect(await seedDemoData(t.database.db)).toBe(false);
    const [row] = await t.database.db.select({ n: count() }).from(plans).where(isNull(plans.field));
    expect(row?.n).toBeGreaterThan(0);
    expect(await t.database.db.$count(plans, eq(plans.packageType, "economy"))).toBe(0);
  });
});
