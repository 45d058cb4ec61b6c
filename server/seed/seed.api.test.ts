import { count, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { popularPackages, otherServices } from "~/features/plans/plan-catalogue";
import { setupTestApp } from "../../tests/test-app";
import { bookings, outbox, plans, users } from "~/.server/db/schema";
import { businessToday } from "~/lib/business-date";
import { defaultSiteConfig } from "~/lib/site-config";
import { demoAccounts } from "./demo-data";
import { seedDemoAccounts, seedDemoData } from "./seed";

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
