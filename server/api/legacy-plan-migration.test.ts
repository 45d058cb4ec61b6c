import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toEntry } from "~/features/plans/plans.server";
import { classQuotes } from "~/features/pricing/price-visit";
import { DEFAULT_SIZE_CLASSES } from "~/features/pricing/pricing.schema";
import { projectRoot } from "~/.server/project-root";
import { plans } from "~/.server/db/schema";
import { toLegacyPlan } from "./legacy-plan";

const migrations = path.join(projectRoot, "drizzle");
const client = new PGlite({ extensions: { pg_trgm } });
const db = drizzle(client);
const earlier = mkdtempSync(path.join(tmpdir(), "carwash-migrations-"));
afterAll(async () => {
  await client.close();
  rmSync(earlier, { recursive: true, force: true });
});

/** The migrations up to `tag`, in a folder of their own. */
function migrationsUpTo(tag: string, folder: string): string {
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe("migration 0005 (placeholders become null)", () => {
  // A catalogue as the code before migration 0005 stored it, then migrated (slow on a busy machine).
  beforeAll(async () => {
    await migrate(db, { migrationsFolder: migrationsUpTo("0004_booking_list_indexes", earlier) });
    await client.exec(`
        insert into plans (id, name, price_cents, duration, features, package_type, field, hotel_name,
            hotel_description, rating, price_indicator, image, date, created_at, updated_at) values
          ('65a000000000000000000001', 'Ceramic Coat', 24999, 'nothing', '{Paint correction}', 'premium',
            null, null, null, null, null, null, '2025-01-02T00:00:00Z', '2025-01-02T00:00:00Z', '2025-01-03T00:00:00Z'),
          ('65a000000000000000000002', 'Quick Wash', 1500, '', '{}', 'economy',
            null, null, null, null, null, null, null, '2025-01-02T00:00:00Z', '2025-01-02T00:00:00Z'),
          ('65a000000000000000000003', 'empty', null, 'empty', '{}', 'none',
            'hotel', 'Seaside Inn', 'Ocean views', 4.5, '£££', '/uploads/a.webp',
            '2025-01-04T00:00:00Z', '2025-01-04T00:00:00Z', '2025-01-04T00:00:00Z')`);

    await migrate(db, { migrationsFolder: migrations });
  }, 60_000);

  it("keeps what the API answers for a catalogue stored with the specification's placeholders", async () => {
    const rows = await db.select().from(plans).orderBy(plans.id);
    expect(rows.map((r) => [r.name, r.priceCents, r.duration, r.packageType])).toEqual([
      ["Ceramic Coat", 24999, null, "premium"],
      ["Quick Wash", 1500, "", "economy"],
      [null, null, null, null],
    ]);
    expect(rows.map((row) => toLegacyPlan(toEntry(row, (item) => classQuotes(item, DEFAULT_SIZE_CLASSES))))).toEqual([
      {
        _id: "65a000000000000000000001",
        name: "Ceramic Coat",
        price: 249.99,
        duration: "nothing",
        features: ["Paint correction"],
        packagetype: "premium",
        // Migration 0029: a name that says no service is a Full Detail.
        serviceType: "Full Detail",
        // Added by migration 0007: a text it cannot read ("nothing", "") gives the one-hour default.
        minutes: 60,
        date: "2025-01-02T00:00:00.000Z",
        createdAt: "2025-01-02T00:00:00.000Z",
        updatedAt: "2025-01-03T00:00:00.000Z",
        // Added by migration 0018: no class table, so each larger class takes its surcharge.
        prices: [
          { classId: "small", className: "Small", price: 249.99, minutes: 60 },
          { classId: "medium", className: "Medium", price: 299.99, minutes: 75 },
          { classId: "large", className: "Large", price: 349.99, minutes: 90 },
        ],
        classPrices: {},
      },
      {
        _id: "65a000000000000000000002",
        name: "Quick Wash",
        price: 15,
        duration: "",
        features: [],
        packagetype: "economy",
        serviceType: "Hand Wash",
        minutes: 60,
        date: null,
        createdAt: "2025-01-02T00:00:00.000Z",
        updatedAt: "2025-01-02T00:00:00.000Z",
        prices: [
          { classId: "small", className: "Small", price: 15, minutes: 60 },
          { classId: "medium", className: "Medium", price: 18, minutes: 75 },
          { classId: "large", className: "Large", price: 21, minutes: 90 },
        ],
        classPrices: {},
      },
      {
        _id: "65a000000000000000000003",
        name: "empty",
        price: "empty",
        duration: "empty",
        features: [],
        packagetype: "none",
        date: "2025-01-04T00:00:00.000Z",
        createdAt: "2025-01-04T00:00:00.000Z",
        updatedAt: "2025-01-04T00:00:00.000Z",
        field: "hotel",
        hotelName: "Seaside Inn",
        hotelDescription: "Ocean views",
        rating: 4.5,
        priceIndicator: "£££",
        image: "/uploads/a.webp",
      },
    ]);
  });

  it("refuses a hotel row with a package's columns, and a package without a price", async () => {
    await expect(
      client.exec(
        `insert into plans (id, name, package_type, field) values ('65a000000000000000000009', 'x', 'none', 'hotel')`,
      ),
    ).rejects.toThrow(/plans_kind_check|plans_package_type_check/);
    await expect(
      client.exec(
        `insert into plans (id, name, package_type) values ('65a00000000000000000000a', 'No Price', 'economy')`,
      ),
    ).rejects.toThrow(/plans_kind_check/);
  });
});
