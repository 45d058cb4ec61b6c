import { count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { PageQuery } from "~/lib/pagination";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { planRecency, plans, type NewPlanRow, type PlanRow } from "~/.server/db/schema";
import { minutesFromDuration } from "~/lib/service-length";
import {
  readClassPrices,
  type ClassPrices,
  type ClassQuote,
  type Priced,
} from "~/features/pricing/pricing.schema";
import type {
  CatalogueEntry,
  HotelEntry,
  PackageChanges,
  PackagePlan,
  PackageType,
  PlanListQuery,
  PriceIndicator,
} from "./plans.schema";

/** Without `minutes`, the length is read from the duration text (an hour when it says none). */
export type NewPackage = Pick<PackagePlan, "name" | "price" | "packageType"> &
  Partial<Pick<PackagePlan, "duration" | "minutes" | "features" | "classPrices">>;
export type NewHotel = Partial<Pick<HotelEntry, "hotelName" | "hotelDescription" | "rating" | "image">> & {
  priceIndicator?: PriceIndicator;
};
/** An edit of a hotel entry: only the fields given change. */
export type HotelChanges = NewHotel;

/** What a new catalogue entry needs; `at` stamps it (the seed and tests date their entries). */
export type NewCatalogueEntry = { at?: Date } & (({ kind: "package" } & NewPackage) | ({ kind: "hotel" } & NewHotel));

const UNNAMED_HOTEL = "Unnamed Hotel";

/** Row for a new entry. A hotel row leaves the package columns null (the table's plans_kind_check). */
export function newEntryRow(input: NewCatalogueEntry): NewPlanRow {
  const now = input.at ?? new Date();
  const stamps = { id: newObjectId(now), date: now, createdAt: now, updatedAt: now };
  if (input.kind === "package") {
    return {
      ...stamps,
      name: input.name,
      priceCents: Math.round(input.price * 100),
      packageType: input.packageType,
      duration: input.duration ?? null,
      durationMinutes: input.minutes ?? minutesFromDuration(input.duration),
      features: input.features ?? [],
      classPrices: input.classPrices ?? {},
    };
  }
  return {
    ...stamps,
    field: "hotel",
    hotelName: input.hotelName?.trim() || UNNAMED_HOTEL,
    hotelDescription: input.hotelDescription ?? "",
    rating: input.rating ?? null,
    priceIndicator: input.priceIndicator ?? null,
    image: input.image ?? null,
  };
}

/** An item's price and length in every size class (pricing's classTable, the size classes read once). */
export type ClassTable = (item: Priced) => ClassQuote[];

export function toEntry(row: PlanRow, classTable: ClassTable): CatalogueEntry {
  const stamps = { id: row.id, date: row.date, createdAt: row.createdAt, updatedAt: row.updatedAt };
  if (row.field === "hotel") {
    return {
      kind: "hotel",
      ...stamps,
      hotelName: row.hotelName ?? UNNAMED_HOTEL,
      hotelDescription: row.hotelDescription ?? "",
      rating: row.rating,
      priceIndicator: row.priceIndicator as PriceIndicator | null,
      image: row.image,
    };
  }
  // plans_kind_check and plans_minutes_check: a package row always has its name, price, type and length.
  const classPrices = readClassPrices(row.classPrices);
  return {
    kind: "package",
    ...stamps,
    name: row.name!,
    price: row.priceCents! / 100,
    duration: row.duration,
    minutes: row.durationMinutes!,
    features: row.features,
    packageType: row.packageType as PackageType,
    classPrices,
    prices: classTable({ priceCents: row.priceCents!, minutes: row.durationMinutes!, classPrices }),
  };
}

const isPackage = (entry: CatalogueEntry): entry is PackagePlan => entry.kind === "package";
const isHotel = (entry: CatalogueEntry): entry is HotelEntry => entry.kind === "hotel";

export interface CataloguePage<T extends CatalogueEntry = CatalogueEntry> {
  items: T[];
  total: number;
}

const kindFilter: Record<PlanListQuery["kind"], SQL | undefined> = {
  all: undefined,
  packages: isNull(plans.field),
  hotels: isNotNull(plans.field),
};

/**
 * Pages of the catalogue kept in memory at once. Anyone picks limit and offset, so the cache
 * holds the pages asked for lately, not one per page ever asked for.
 */
const CACHED_PAGES = 100;

/**
 * Catalogue reads are public and far more frequent than writes, so pages are cached in memory and
 * dropped on every write, by this process or another on the same database (`catalogue`: every write
 * goes through catalogue.write, the size classes' saves too, so a page's prices per class stay true).
 * `classTable` reads the size classes (pricing.server.ts).
 */
export function createPlanService(
  db: Database,
  catalogue: ChangeSignal,
  classTable: () => Promise<ClassTable>,
) {
  const pages = new Map<string, Promise<CataloguePage>>();
  catalogue.onChange(() => pages.clear());

  async function loadPage(query: PlanListQuery): Promise<CataloguePage> {
    const where = kindFilter[query.kind];
    const [rows, [totals], table] = await Promise.all([
      db
        .select()
        .from(plans)
        .where(where)
        .orderBy(desc(planRecency(plans)), desc(plans.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(plans).where(where),
      classTable(),
    ]);
    return { items: rows.map((row) => toEntry(row, table)), total: totals?.total ?? 0 };
  }

  /** Newest first (the latest of date, created and updated: docs/specification-quirks.md §6), bounded by query.limit. */
  function listCatalogue(query: PlanListQuery): Promise<CataloguePage> {
    if (!catalogue.cacheable) return loadPage(query);
    const key = `${query.kind}:${query.limit}:${query.offset}`;
    let page = pages.get(key);
    if (!page) {
      page = loadPage(query);
      // A Map keeps insertion order: the first key is the oldest page.
      if (pages.size >= CACHED_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
      page.catch(() => pages.delete(key));
    }
    return page;
  }

  /** `image`, when no entry shows it any more (the same upload may have been given to two hotels). */
  async function unusedImage(image: string | null): Promise<string | null> {
    if (!image) return null;
    const [shown] = await db.select({ n: count() }).from(plans).where(eq(plans.image, image));
    return shown?.n ? null : image;
  }

  async function findEntry(id: string): Promise<CatalogueEntry> {
    const [row, table] = await Promise.all([findRow(id), classTable()]);
    return toEntry(row, table);
  }

  async function findRow(id: string): Promise<PlanRow> {
    if (!isObjectId(id)) throw notFound("Plan");
    const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
    if (!row) throw notFound("Plan");
    return row;
  }

  return {
    listCatalogue,

    /** Packages, newest first. */
    async listPackages(page: PageQuery): Promise<CataloguePage<PackagePlan>> {
      const { items, total } = await listCatalogue({ kind: "packages", ...page });
      return { items: items.filter(isPackage), total };
    },

    /** Hotel entries, newest first. */
    async listHotels(page: PageQuery): Promise<CataloguePage<HotelEntry>> {
      const { items, total } = await listCatalogue({ kind: "hotels", ...page });
      return { items: items.filter(isHotel), total };
    },

    async getEntry(id: string): Promise<CatalogueEntry> {
      return findEntry(id);
    },

    /** A package by id; a hotel entry's id is not found here, as hotels are not sold. */
    async getPackage(id: string): Promise<PackagePlan> {
      const entry = await findEntry(id);
      if (!isPackage(entry)) throw notFound("Plan");
      return entry;
    },

    /** A hotel entry by id; a package's id is not found here. */
    async getHotel(id: string): Promise<HotelEntry> {
      const entry = await findEntry(id);
      if (!isHotel(entry)) throw notFound("Hotel");
      return entry;
    },

    /** Admins only. Returns the new entry's id. */
    async addEntry(actor: Actor | null, input: NewCatalogueEntry): Promise<string> {
      requireAdmin(actor);
      const row = newEntryRow(input);
      await catalogue.write((tx) => tx.insert(plans).values(row));
      return row.id!;
    },

    /** Admins only; only the fields given change. Says whether any value differed. */
    async updatePackage(actor: Actor | null, id: string, changes: PackageChanges): Promise<{ modified: boolean }> {
      requireAdmin(actor);
      const current = await findRow(id);
      if (current.field === "hotel")
        throw new AppError("validation_failed", "Hotel entries are not edited here: add a new entry instead.");
      const columns: Partial<NewPlanRow> = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.price !== undefined && { priceCents: Math.round(changes.price * 100) }),
        ...(changes.packageType !== undefined && { packageType: changes.packageType }),
        ...(changes.duration !== undefined && { duration: changes.duration }),
        ...(changes.minutes !== undefined && { durationMinutes: changes.minutes }),
        ...(changes.features !== undefined && { features: changes.features }),
        ...(changes.classPrices !== undefined && { classPrices: changes.classPrices }),
      };
      // The stored table is read back in its own key order (jsonb's), so it is compared as read.
      const stored = { ...current, classPrices: readClassPrices(current.classPrices) as ClassPrices };
      const modified = Object.entries(columns).some(
        ([key, value]) => JSON.stringify(stored[key as keyof PlanRow]) !== JSON.stringify(value),
      );
      if (modified) {
        await catalogue.write((tx) =>
          tx
            .update(plans)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(plans.id, id)),
        );
      }
      return { modified };
    },

    /**
     * Admins only; only the fields given change. Says whether any value differed, and which image,
     * replaced, no entry shows any more (its files can go).
     */
    async updateHotel(
      actor: Actor | null,
      id: string,
      changes: HotelChanges,
    ): Promise<{ modified: boolean; unusedImage: string | null }> {
      requireAdmin(actor);
      const current = await findRow(id);
      if (current.field !== "hotel")
        throw new AppError("validation_failed", "Packages are edited in Update plan, not as a hotel.");
      // A hotel's fields are its columns, by the same names; the ones not sent stay as they are.
      const columns: Partial<NewPlanRow> = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      const modified = Object.entries(columns).some(([key, value]) => current[key as keyof PlanRow] !== value);
      if (!modified) return { modified, unusedImage: null };
      await catalogue.write((tx) =>
        tx
          .update(plans)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(plans.id, id)),
      );
      const replaced = changes.image !== undefined && current.image !== changes.image ? current.image : null;
      return { modified, unusedImage: await unusedImage(replaced) };
    },

    /**
     * Admins only. Bookings keep their own copy of the package's name and price. Says whether it
     * deleted, and which image no entry shows any more (its files can go).
     */
    async deleteEntry(actor: Actor | null, id: string): Promise<{ deleted: boolean; unusedImage: string | null }> {
      requireAdmin(actor);
      await findRow(id);
      const deleted = await catalogue.write((tx) =>
        tx.delete(plans).where(eq(plans.id, id)).returning({ image: plans.image }),
      );
      return { deleted: deleted.length > 0, unusedImage: await unusedImage(deleted[0]?.image ?? null) };
    },

    /** Drops the cached pages: for writes made around this service (tests write rows directly). */
    invalidateCatalogue(): void {
      pages.clear();
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
