import { createHash } from "node:crypto";
import { count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { Database } from "~/.server/db/client";
import { plans, type NewPlanRow, type PlanRow } from "~/.server/db/schema";
import type { PackageType, Plan, PlanChanges, PlanListQuery } from "./plans.schema";

/** What a new plan needs; everything else takes the specification's defaults (docs/decisions/008 §3). */
export type NewPlanInput = { at?: Date } & (
  | { kind: "package"; name: string; price: number; packagetype: PackageType; duration?: string; features?: string[] }
  | {
      kind: "hotel";
      hotelName?: string;
      hotelDescription?: string;
      rating?: number | null;
      priceIndicator?: string;
      image?: string | null;
    }
);

/** Row for a new plan, with the specification's defaults for hotel entries (docs/decisions/008 §3). */
export function newPlanRow(input: NewPlanInput): NewPlanRow {
  const now = input.at ?? new Date();
  const stamps = { id: newObjectId(now), date: now, createdAt: now, updatedAt: now };
  if (input.kind === "package") {
    return {
      ...stamps,
      name: input.name,
      priceCents: Math.round(input.price * 100),
      packageType: input.packagetype,
      duration: input.duration ?? "",
      features: input.features ?? [],
    };
  }
  return {
    ...stamps,
    field: "hotel",
    name: "empty",
    priceCents: null,
    duration: "empty",
    features: [],
    packageType: "none",
    hotelName: input.hotelName?.trim() || "Unnamed Hotel",
    hotelDescription: input.hotelDescription ?? "",
    rating: input.rating ?? null,
    priceIndicator: input.priceIndicator ?? null,
    image: input.image ?? null,
  };
}

export function toPlan(row: PlanRow): Plan {
  const isHotel = row.field === "hotel";
  const plan: Plan = {
    _id: row.id,
    name: row.name,
    price: row.priceCents === null ? (isHotel ? "empty" : null) : row.priceCents / 100,
    duration: row.duration,
    features: row.features,
    packagetype: row.packageType as Plan["packagetype"],
    date: row.date?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!isHotel) return plan;
  return {
    ...plan,
    field: "hotel",
    hotelName: row.hotelName ?? "Unnamed Hotel",
    hotelDescription: row.hotelDescription ?? "",
    rating: row.rating,
    priceIndicator: row.priceIndicator,
    image: row.image,
  };
}

export interface PlanPage {
  items: Plan[];
  total: number;
  /** The page as JSON and its validator, computed once per catalogue version. */
  json: string;
  etag: string;
}

const kindFilter: Record<PlanListQuery["kind"], SQL | undefined> = {
  all: undefined,
  packages: isNull(plans.field),
  hotels: isNotNull(plans.field),
};

/**
 * Catalogue reads are public and far more frequent than writes, and this process is the
 * only writer of its catalogue, so pages are cached in memory and dropped on every write.
 */
export function createPlanService(db: Database) {
  const pages = new Map<string, Promise<PlanPage>>();

  async function loadPage(query: PlanListQuery): Promise<PlanPage> {
    const where = kindFilter[query.kind];
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(plans)
        .where(where)
        .orderBy(desc(sql`greatest(${plans.date}, ${plans.createdAt}, ${plans.updatedAt})`), desc(plans.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(plans).where(where),
    ]);
    const items = rows.map(toPlan);
    const json = JSON.stringify(items);
    const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
    return { items, total: totals?.total ?? 0, json, etag };
  }

  async function findPlan(id: string): Promise<PlanRow> {
    if (!isObjectId(id)) throw notFound("Plan");
    const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
    if (!row) throw notFound("Plan");
    return row;
  }

  return {
    /** Newest first, bounded by query.limit. */
    listPlans(query: PlanListQuery): Promise<PlanPage> {
      const key = `${query.kind}:${query.limit}:${query.offset}`;
      let page = pages.get(key);
      if (!page) {
        page = loadPage(query);
        pages.set(key, page);
        page.catch(() => pages.delete(key));
      }
      return page;
    },

    async getPlan(id: string): Promise<Plan> {
      return toPlan(await findPlan(id));
    },

    /** POST /api/plans (admins): a package or a hotel entry with the specification's defaults (008 §3). */
    async createPlan(actor: Actor | null, input: NewPlanInput) {
      requireAdmin(actor);
      const row = newPlanRow(input);
      await db.insert(plans).values(row);
      pages.clear();
      return { acknowledged: true, insertedId: row.id! };
    },

    /** PATCH /api/plans/:id (admins): only the fields given change. */
    async updatePlan(actor: Actor | null, id: string, changes: PlanChanges) {
      requireAdmin(actor);
      const current = await findPlan(id);
      if (current.field === "hotel")
        throw new AppError("validation_failed", "Hotel entries are not edited here: add a new entry instead.");
      const columns: Partial<NewPlanRow> = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.price !== undefined && { priceCents: Math.round(changes.price * 100) }),
        ...(changes.packagetype !== undefined && { packageType: changes.packagetype }),
        ...(changes.duration !== undefined && { duration: changes.duration }),
        ...(changes.features !== undefined && { features: changes.features }),
      };
      const modified = Object.entries(columns).some(
        ([key, value]) => JSON.stringify(current[key as keyof PlanRow]) !== JSON.stringify(value),
      );
      if (modified) {
        await db
          .update(plans)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(plans.id, id));
        pages.clear();
      }
      return { acknowledged: true, matchedCount: 1, modifiedCount: modified ? 1 : 0 };
    },

    /** DELETE /api/plans/:id (admins). Bookings keep their own copy of the package's name and price. */
    async deletePlan(actor: Actor | null, id: string) {
      requireAdmin(actor);
      await findPlan(id);
      const deleted = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
      pages.clear();
      return { acknowledged: true, deletedCount: deleted.length };
    },

    /** Every catalogue write calls this, so visitors see changes at once. */
    invalidateCatalogue(): void {
      pages.clear();
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
