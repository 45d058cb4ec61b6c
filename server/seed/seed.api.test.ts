import { count, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { popularPackages, otherServices } from "~/features/plans/plan-catalogue";
import { setupTestApp } from "../../tests/test-app";
import { addOns, appSettings, bookings, outbox, plans, servicePrices, users } from "~/.server/db/schema";
import { businessToday } from "~/lib/business-date";
import { defaultSiteConfig } from "~/lib/site-config";
import { demoAccounts } from "./demo-data";
import { seedDemoAccounts, seedDemoData } from "./seed";

const t = setupTestApp();

describe("seedDemoData", () => {
  it(
    "seeds a complete demo catalogue once, also when started several times at once",
    { tags: ["engine"] },
    async () => {
      const results = await Promise.all([
        seedDemoData(t.database.db),
        seedDemoData(t.database.db),
        seedDemoData(t.database.db),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await seedDemoData(t.database.db)).toBe(false);

      const packages = await t.services.plans.listPackages({ limit: 200, offset: 0 });
      expect(popularPackages(packages.items).map((p) => p.tier)).toEqual(["economy", "standard", "premium"]);
      // Decision 047: the single services are priced once, as services, not again as "services" packages.
      expect(otherServices(packages.items)).toEqual([]);
      expect(packages.items.map((p) => [p.name, p.serviceType])).toEqual([
        ["Express Exterior Wash", "Hand Wash"],
        ["Signature Wash & Wax", "Hand Wash"],
        ["Platinum Full Detail", "Full Detail"],
      ]);
      expect((await t.services.plans.listHotels({ limit: 200, offset: 0 })).total).toBe(3);
      for (const plan of packages.items) {
        expect(plan.price).toBeGreaterThan(0);
        expect(plan.features.length).toBeGreaterThan(0);
        expect(plan.duration).toEqual(expect.stringMatching(/\S/));
      }
    },
  );

  it("prices the demo by the vehicle: every package's and service's class table, and the add-ons", async () => {
    const packages = (await t.services.plans.listPackages({ limit: 200, offset: 0 })).items;
    const detail = packages.find((p) => p.name === "Platinum Full Detail")!;
    expect(detail.prices.map(({ className, price, minutes }) => [className, price, minutes])).toEqual([
      ["Small", 189.99, 240],
      ["Medium", 229.99, 270],
      ["Large", 279.99, 300],
    ]);
    for (const plan of packages) expect(Object.keys(plan.classPrices)).toEqual(["medium", "large"]);
    const services = await t.services.pricing.listServicePrices();
    expect(services).toHaveLength(6);
    for (const service of services) expect(Object.keys(service.classPrices)).toEqual(["medium", "large"]);
    const extras = await t.services.pricing.listAddOns();
    expect(extras.map((a) => a.name)).toEqual([
      "Pet hair removal",
      "Engine bay dressing",
      "Clay bar",
      "Headlight restoration",
      "Odor treatment",
      "Tire shine",
      "Cabin air filter",
      "Wiper blades",
    ]);
    // Platinum already includes the clay bar and the engine bay: neither is sold with it.
    const platinum = packages.find((p) => p.name === "Platinum Full Detail")!;
    expect(extras.filter((a) => a.includedPlanIds.includes(platinum.id)).map((a) => a.name)).toEqual([
      "Engine bay dressing",
      "Clay bar",
    ]);
    expect(extras[0]!.prices.map((p) => [p.price, p.minutes])).toEqual([
      [30, 20],
      [35, 25],
      [45, 30],
    ]);
  });

  it("gives a catalogue seeded before prices by the vehicle its tables and add-ons once, keeping an admin's", async () => {
    const { db } = t.database;
    // As a database seeded before issue 27: no add-ons, no tables, no marker for them.
    await db.delete(addOns);
    await db.update(plans).set({ classPrices: {} });
    await db.update(servicePrices).set({ classPrices: {} });
    await db
      .update(plans)
      .set({ classPrices: { medium: { priceCents: 100 } } })
      .where(eq(plans.name, "Signature Wash & Wax"));
    await db.delete(appSettings).where(eq(appSettings.key, "demo_prices_seeded_at"));

    expect(await seedDemoData(db)).toBe(true);
    expect(await seedDemoData(db)).toBe(false);
    t.services.plans.invalidateCatalogue();
    const packages = (await t.services.plans.listPackages({ limit: 200, offset: 0 })).items;
    expect(packages.find((p) => p.name === "Platinum Full Detail")!.prices[2]).toMatchObject({ price: 279.99 });
    expect(packages.find((p) => p.name === "Signature Wash & Wax")!.classPrices).toEqual({
      medium: { priceCents: 100 },
    });
    expect(await t.services.pricing.listAddOns()).toHaveLength(8);
  });

  it("does not refill a catalogue that was emptied after seeding", async () => {
    await t.database.db.delete(plans).where(eq(plans.packageType, "economy"));
    expect(await seedDemoData(t.database.db)).toBe(false);
    const [row] = await t.database.db.select({ n: count() }).from(plans).where(isNull(plans.field));
    expect(row?.n).toBeGreaterThan(0);
    expect(await t.database.db.$count(plans, eq(plans.packageType, "economy"))).toBe(0);
  });
});

describe("seedDemoAccounts", () => {
  it("makes verified demo accounts, and gives the member visits to come and past ones", async () => {
    await seedDemoData(t.database.db);
    expect(await seedDemoAccounts(t.database.db, t.services.auth)).toBe(true);
    const { db } = t.database;
    const emails = Object.values(demoAccounts).map((a) => a.email);
    const accounts = await db.select().from(users).where(inArray(users.email, emails));
    expect(accounts.map((a) => a.emailVerified)).toEqual([true, true]);
    // Their sign-up's verification mails are not left in the admins' Outbox.
    expect(await db.$count(outbox, inArray(outbox.to, emails))).toBe(0);

    const member = accounts.find((a) => a.email === demoAccounts.member.email)!;
    const visits = await db.select().from(bookings).where(eq(bookings.userId, member.id));
    const today = businessToday(defaultSiteConfig.timeZone);
    expect(visits.filter((v) => v.preferredDate >= today)).toHaveLength(2);
    expect(visits.filter((v) => v.preferredDate < today)).toHaveLength(2);
    expect(visits.every((v) => v.email === member.email && v.durationMinutes > 0)).toBe(true);
    // Each names the catalogue's package it is of (the test above took the economy ones away).
    expect(visits.filter((v) => v.packageName !== null).every((v) => v.planId !== null)).toBe(true);
    expect(visits.some((v) => v.packageName === "Platinum Full Detail")).toBe(true);
  });
});
