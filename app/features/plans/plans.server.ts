import { count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { PageQuery } from "~/lib/pagination";
import { keptReads, type ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { planRecency, plans, type NewPlanRow, type PlanRow } from "~/.server/db/schema";
import {
  auditActor,
  changedFields,
  describeChanges,
  recordChange,
  type AuditActor,
  type AuditChange,
  type FieldWords,
} from "~/.server/audit/audit-log";
import { formatPrice } from "~/lib/money";
import { minutesFromDuration } from "~/lib/service-length";
import { readClassPrices, type ClassPrices, type ClassQuote, type Priced } from "~/features/pricing/pricing.schema";
import type {
  CatalogueEntry,
  HotelEntry,
  PackageChanges,
  PackagePlan,
  PackageType,
  PlanListQuery,
  ServiceType,
  PriceIndicator,
} from "./plans.schema";

/** Without `minutes`, the length is read from the duration text (an hour when it says none). */
export type NewPackage = Pick<PackagePlan, "name" | "price" | "packageType" | "serviceType"> &
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
      serviceType: input.serviceType,
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

/** What the catalogue needs of the size classes (pricing.server.ts `classReader` gives it). */
export interface ClassReader {
  /** The classes read now. */
  table(): Promise<ClassTable>;
  /** The classes' stored value as a column of a catalogue statement, one round trip with its row… */
  column: SQL<unknown>;
  /** …and its table. */
  tableOf(value: unknown): ClassTable;
}

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
    serviceType: row.serviceType as ServiceType,
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
 * Pages of the catalogue kept in memory at once, and entries by id. Anyone picks limit and offset
 * (and an id), so the cache holds the ones asked for lately, not one per page ever asked for.
 */
const CACHED_PAGES = 100;

/**
 * Catalogue reads are public and far more frequent than writes, so pages are cached in memory and
 * dropped on every write, by this process or another on the same database (`catalogue`: every write
 * goes through catalogue.write, the size classes' saves too, so a page's prices per class stay true).
 * `classes` reads the size classes (pricing.server.ts).
 */
export function createPlanService(db: Database, catalogue: ChangeSignal, classes: ClassReader) {
  const pages = keptReads<CataloguePage>(catalogue, CACHED_PAGES);
  // Entries by id (a package's page, its booking's quote), kept and dropped as the pages are.
  const entries = keptReads<CatalogueEntry>(catalogue, CACHED_PAGES);

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
      classes.table(),
    ]);
    return { items: rows.map((row) => toEntry(row, table)), total: totals?.total ?? 0 };
  }

  /** Newest first (the latest of date, created and updated: docs/specification-quirks.md §6), bounded by query.limit. */
  function listCatalogue(query: PlanListQuery): Promise<CataloguePage> {
    return pages.read(`${query.kind}:${query.limit}:${query.offset}`, () => loadPage(query));
  }

  /** `image`, when no entry shows it any more (the same upload may have been given to two hotels). */
  async function unusedImage(image: string | null): Promise<string | null> {
    if (!image) return null;
    const [shown] = await db.select({ n: count() }).from(plans).where(eq(plans.image, image));
    return shown?.n ? null : image;
  }

  // An entry and the size classes its prices need, in one statement (one round trip, not two), built
  // once: Drizzle otherwise builds the statement's text on every call (a fifth of the CPU time of
  // GET /api/plans/{id}); on PostgreSQL it is also prepared once per connection.
  const entryById = db
    .select({ row: plans, classes: classes.column })
    .from(plans)
    .where(eq(plans.id, sql.placeholder("id")))
    .limit(1)
    .prepare("plan_entry_by_id");

  /** The entry's row and the classes' stored value; edits read the row alone from it. */
  async function findWithClasses(id: string) {
    if (!isObjectId(id)) throw notFound("Plan");
    const [found] = await entryById.execute({ id });
    if (!found) throw notFound("Plan");
    return found;
  }

  async function loadEntry(id: string): Promise<CatalogueEntry> {
    const found = await findWithClasses(id);
    return toEntry(found.row, classes.tableOf(found.classes));
  }

  // Only entries found are kept: an id that is none (anyone may send any) asks the database again.
  const findEntry = (id: string) => entries.read(id, () => loadEntry(id));

  async function findRow(id: string): Promise<PlanRow> {
    return (await findWithClasses(id)).row;
  }

  /**
   * An entry's edit, against its row as it is when locked (so the record's "before" is what the
   * edit replaced), with its record; nothing at all when no value differs. Says whether one did.
   */
  async function writeChanges(who: AuditActor, read: PlanRow, columns: Partial<NewPlanRow>): Promise<boolean> {
    // Against the row read first: an unchanged save neither writes nor drops every process's cached pages.
    if (!changedFields(storedForm(read), columns)) return false;
    const id = read.id;
    return catalogue.write(async (tx) => {
      const [current] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
      const changed = current && changedFields(storedForm(current), columns);
      if (!changed) return false;
      await tx
        .update(plans)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(plans.id, id));
      // Named as it was: "Package 'Basic' name Basic → Basic Plus".
      await recordChange(tx, who, entryRecord("update", current, changed.before, changed.after));
      return true;
    });
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
      const who = auditActor(requireJob(actor, "catalogue"));
      const row = newEntryRow(input);
      await catalogue.write(async (tx) => {
        await tx.insert(plans).values(row);
        await recordChange(tx, who, entryRecord("create", row, null, entryFields(row)));
      });
      return row.id!;
    },

    /** Admins only; only the fields given change. Says whether any value differed. */
    async updatePackage(actor: Actor | null, id: string, changes: PackageChanges): Promise<{ modified: boolean }> {
      const who = auditActor(requireJob(actor, "catalogue"));
      const current = await findRow(id);
      if (current.field === "hotel")
        throw new AppError("validation_failed", "Hotel entries are not edited here: add a new entry instead.");
      const columns: Partial<NewPlanRow> = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.price !== undefined && { priceCents: Math.round(changes.price * 100) }),
        ...(changes.packageType !== undefined && { packageType: changes.packageType }),
        ...(changes.serviceType !== undefined && { serviceType: changes.serviceType }),
        ...(changes.duration !== undefined && { duration: changes.duration }),
        ...(changes.minutes !== undefined && { durationMinutes: changes.minutes }),
        ...(changes.features !== undefined && { features: changes.features }),
        ...(changes.classPrices !== undefined && { classPrices: changes.classPrices }),
      };
      return { modified: await writeChanges(who, current, columns) };
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
      const who = auditActor(requireJob(actor, "catalogue"));
      const current = await findRow(id);
      if (current.field !== "hotel")
        throw new AppError("validation_failed", "Packages are edited in Update plan, not as a hotel.");
      // A hotel's fields are its columns, by the same names; the ones not sent stay as they are.
      const columns: Partial<NewPlanRow> = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      const modified = await writeChanges(who, current, columns);
      if (!modified) return { modified, unusedImage: null };
      const replaced = changes.image !== undefined && current.image !== changes.image ? current.image : null;
      return { modified, unusedImage: await unusedImage(replaced) };
    },

    /**
     * Admins only. Bookings keep their own copy of the package's name and price. Says whether it
     * deleted, and which image no entry shows any more (its files can go).
     */
    async deleteEntry(actor: Actor | null, id: string): Promise<{ deleted: boolean; unusedImage: string | null }> {
      const who = auditActor(requireJob(actor, "catalogue"));
      await findRow(id);
      const deleted = await catalogue.write(async (tx) => {
        const rows = await tx.delete(plans).where(eq(plans.id, id)).returning();
        if (rows[0]) await recordChange(tx, who, entryRecord("delete", rows[0], entryFields(rows[0]), null));
        return rows;
      });
      return { deleted: deleted.length > 0, unusedImage: await unusedImage(deleted[0]?.image ?? null) };
    },

    /** Drops the cached pages and entries: for writes made around this service (tests write rows directly). */
    invalidateCatalogue(): void {
      pages.clear();
      entries.clear();
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;

/** A row as its edits compare it: the class prices as read (jsonb keeps its own key order). */
const storedForm = (row: PlanRow) => ({ ...row, classPrices: readClassPrices(row.classPrices) as ClassPrices });

/** The fields an entry's record keeps when it is added or deleted: what it was, without the stamps. */
function entryFields(row: NewPlanRow): Record<string, unknown> {
  const { id: _id, date: _date, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}

const ENTRY_WORDS: FieldWords<PlanRow> = {
  name: { label: "name" },
  priceCents: { label: "price", show: (cents) => formatPrice(cents === null ? null : cents / 100) },
  packageType: { label: "type" },
  serviceType: { label: "service" },
  duration: { label: "duration" },
  durationMinutes: { label: "length", show: (minutes) => (minutes === null ? "none" : `${minutes} min`) },
  features: { label: "features" },
  classPrices: { label: "prices per size class" },
  hotelName: { label: "name" },
  hotelDescription: { label: "description" },
  rating: { label: "rating" },
  priceIndicator: { label: "price indicator" },
  image: { label: "image" },
};

/** "Package 'Basic' price $24.99 → $29.99", "Hotel entry 'Dar Al Eiman' added". */
function entryRecord(
  verb: "create" | "update" | "delete",
  row: Pick<NewPlanRow, "id" | "field" | "name" | "hotelName">,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange {
  const hotel = row.field === "hotel";
  const title = hotel ? `Hotel entry '${row.hotelName ?? ""}'` : `Package '${row.name ?? ""}'`;
  const said =
    verb === "update" ? describeChanges({ before: before ?? {}, after: after ?? {} }, ENTRY_WORDS) : `${verb}d`;
  return {
    kind: `${hotel ? "hotel" : "plan"}.${verb}`,
    subjectType: hotel ? "hotel" : "plan",
    subjectId: row.id,
    summary: `${title} ${verb === "create" ? "added" : said}`,
    before,
    after,
  };
}
