import { asc, eq, sql } from "drizzle-orm";
import {
  auditActor,
  changedFields,
  describeChanges,
  recordChange,
  type AuditChange,
  type FieldWords,
} from "~/.server/audit/audit-log";
import { formatPrice } from "~/lib/money";
import { requireJob, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import { keptReads, type ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { addOns, appSettings, servicePrices, type AddOnRow, type ServicePriceRow } from "~/.server/db/schema";
import { SERVICE_TYPES, type ServiceType } from "~/features/bookings/bookings.schema";
import { classQuotes } from "./price-visit";
import { createQuoteVisit, pricedRow, readOils } from "./visit-quote.server";
import {
  classPricesFromInput,
  classPricesToInput,
  readClassPrices,
  readSizeClasses,
  type AddOn,
  type AddOnInput,
  type ClassQuote,
  type Priced,
  type ServicePrice,
  type ServicePriceInput,
  type SizeClasses,
  type VisitPricing,
} from "./pricing.schema";

/** Service names whose classes and price row are kept at once (classesAndService); the name comes from the request. */
const KEPT_SERVICES = 20;

/** The app_settings key of the size classes (pricing.schema.ts SizeClasses). */
const SIZE_CLASSES_KEY = "sizeClasses";

type Reader = Pick<Database, "select">;

/** An item's price and length in every size class. */
const classTable =
  (classes: SizeClasses) =>
  (item: Priced): ClassQuote[] =>
    classQuotes(item, classes);

/**
 * Prices by the vehicle: the size classes (a setting), the single services' prices, the add-ons,
 * and the quote of a visit. Writes go through `catalogue`: its NOTIFY drops every process's cached
 * pages (which show "from" prices) and the classes and service rows the quotes keep, so an admin's
 * change prices the next quote in every process as soon as it is heard.
 */
export function createPricing(db: Database, catalogue: Pick<ChangeSignal, "write" | "onChange" | "cacheable">) {
  const select = (executor: Reader) =>
    executor.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SIZE_CLASSES_KEY));
  // Built once for reads outside a transaction (every quote, booking and package read asks): Drizzle
  // otherwise builds the statement's text on every call; on PostgreSQL it is prepared once per connection.
  const sizeClassesRow = select(db).prepare("size_classes");

  // A quote that names a service needs the classes and the service's row: one statement, one
  // round trip (each costs the server ~0.35 ms of CPU in a booking, benchmark 038), whether or
  // not either row exists.
  const classesAndServiceRow = db
    .select({ classes: appSettings.value, service: servicePrices })
    .from(sql`(select 1) as one`)
    .leftJoin(appSettings, eq(appSettings.key, SIZE_CLASSES_KEY))
    .leftJoin(servicePrices, eq(servicePrices.serviceType, sql.placeholder("serviceType")))
    .prepare("classes_and_service_price");
  async function readClassesAndService(serviceType: string) {
    const [row] = await classesAndServiceRow.execute({ serviceType });
    return { classes: readSizeClasses(row?.classes), service: row?.service ?? undefined };
  }
  // Kept per service until the catalogue's next change, as the catalogue's pages are: every write
  // of prices goes through catalogue.write, whose NOTIFY drops them in every process (decision 062).
  // A booking request then prices its visit with no round trip of its own.
  const kept = keptReads<Awaited<ReturnType<typeof readClassesAndService>>>(catalogue, KEPT_SERVICES);
  const classesAndService = (serviceType: string) => kept.read(serviceType, () => readClassesAndService(serviceType));

  async function sizeClasses(executor: Reader = db): Promise<SizeClasses> {
    const [row] = executor === db ? await sizeClassesRow.execute() : await select(executor);
    return readSizeClasses(row?.value);
  }

  function toAddOn(row: AddOnRow, classes: SizeClasses): AddOn {
    const priced = pricedRow(row);
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      price: row.priceCents / 100,
      minutes: row.durationMinutes,
      prices: classQuotes(priced, classes),
      classPrices: classPricesToInput(priced.classPrices),
      serviceTypes: row.serviceTypes.filter((s): s is ServiceType => (SERVICE_TYPES as readonly string[]).includes(s)),
      planIds: row.planIds,
      includedPlanIds: row.includedPlanIds,
      active: row.active,
    };
  }

  function toServicePrice(row: ServicePriceRow, classes: SizeClasses): ServicePrice {
    const priced = pricedRow(row);
    return {
      serviceType: row.serviceType as ServiceType,
      price: row.priceCents / 100,
      minutes: row.durationMinutes,
      prices: classQuotes(priced, classes),
      classPrices: classPricesToInput(priced.classPrices),
    };
  }

  const quoteVisit = createQuoteVisit(db, { classesAndService, sizeClasses: () => sizeClasses() });

  const pricing = {
    quoteVisit,
    sizeClasses: () => sizeClasses(),

    /**
     * The size classes for the catalogue (plans.server.ts ClassReader), which prices a page of
     * packages with them (and keeps the page until the catalogue's next change, which a size-class
     * save is too): read now, or as a column of its own statement, so a package read by id takes
     * its row and the classes in one round trip.
     */
    classReader: {
      table: async () => classTable(await sizeClasses()),
      column: sql<unknown>`(${select(db)})`,
      tableOf: (value: unknown) => classTable(readSizeClasses(value)),
    },

    /** The admin's size classes: names, surcharges, and which class each vehicle type is. */
    async saveSizeClasses(actor: Actor | null, value: SizeClasses): Promise<SizeClasses> {
      const who = auditActor(requireJob(actor, "catalogue"));
      await catalogue.write(async (tx) => {
        // Saves queue up, so each record's "before" is what the save before it left.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SIZE_CLASSES_KEY}))`);
        const before = await sizeClasses(tx);
        await tx
          .insert(appSettings)
          .values({ key: SIZE_CLASSES_KEY, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
        const changed = changedFields(before, value);
        if (changed)
          await recordChange(tx, who, {
            kind: "size-classes.update",
            subjectType: "size-classes",
            summary: `Size classes: ${describeChanges(changed, SIZE_CLASS_WORDS)}`,
            ...changed,
          });
      });
      return value;
    },

    /** The add-ons, in the order they were made; only the active ones unless `all` (the admin's list). */
    async listAddOns({ all = false }: { all?: boolean } = {}): Promise<AddOn[]> {
      const [classes, rows] = await Promise.all([
        sizeClasses(),
        db
          .select()
          .from(addOns)
          .where(all ? undefined : eq(addOns.active, true))
          .orderBy(asc(addOns.createdAt), asc(addOns.id)),
      ]);
      return rows.map((row) => toAddOn(row, classes));
    },

    async createAddOn(actor: Actor | null, input: AddOnInput): Promise<string> {
      const who = auditActor(requireJob(actor, "catalogue"));
      const id = newObjectId();
      const row = addOnRow(input);
      await catalogue.write(async (tx) => {
        await tx.insert(addOns).values({ id, ...row });
        await recordChange(tx, who, addOnRecord("create", { id, name: row.name }, null, row));
      });
      return id;
    },

    /** Only the fields given change. Says whether any value differed; an unknown id is not found. */
    async updateAddOn(actor: Actor | null, id: string, input: Partial<AddOnInput>): Promise<{ modified: boolean }> {
      const who = auditActor(requireJob(actor, "catalogue"));
      if (!isObjectId(id)) throw notFound("Add-on");
      const [read] = await db.select().from(addOns).where(eq(addOns.id, id));
      if (!read) throw notFound("Add-on");
      const columns = addOnRow(input);
      // A cheap look first: an unchanged save neither writes nor drops every process's cached pages.
      if (!changedFields(storedAddOn(read), columns)) return { modified: false };
      const modified = await catalogue.write(async (tx) => {
        // Against the row as it is when locked, so the record's "before" is what this save replaced.
        const [current] = await tx.select().from(addOns).where(eq(addOns.id, id)).for("update");
        if (!current) throw notFound("Add-on");
        const changed = changedFields(storedAddOn(current), columns);
        if (!changed) return false;
        await tx
          .update(addOns)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(addOns.id, id));
        await recordChange(tx, who, addOnRecord("update", current, changed.before, changed.after));
        return true;
      });
      return { modified };
    },

    /** Bookings keep their lines (names and amounts when booked), so an add-on can go. */
    async deleteAddOn(actor: Actor | null, id: string): Promise<void> {
      const who = auditActor(requireJob(actor, "catalogue"));
      if (!isObjectId(id)) throw notFound("Add-on");
      const deleted = await catalogue.write(async (tx) => {
        const rows = await tx.delete(addOns).where(eq(addOns.id, id)).returning();
        const { id: _id, createdAt: _created, updatedAt: _updated, ...was } = rows[0] ?? ({} as AddOnRow);
        if (rows[0]) await recordChange(tx, who, addOnRecord("delete", rows[0], was, null));
        return rows;
      });
      if (deleted.length === 0) throw notFound("Add-on");
    },

    /** The single services' prices, in the specification's order. */
    async listServicePrices(): Promise<ServicePrice[]> {
      const [classes, rows, oils] = await Promise.all([sizeClasses(), db.select().from(servicePrices), readOils(db)]);
      return SERVICE_TYPES.flatMap((type) => {
        const row = rows.find((r) => r.serviceType === type);
        if (!row) return [];
        const price = toServicePrice(row, classes);
        return [type === "Oil Change" ? { ...price, oils } : price];
      });
    },

    async saveServicePrice(actor: Actor | null, serviceType: ServiceType, input: ServicePriceInput): Promise<void> {
      const who = auditActor(requireJob(actor, "catalogue"));
      const priced = {
        priceCents: Math.round(input.price * 100),
        durationMinutes: input.minutes,
        classPrices: classPricesFromInput(input.classPrices),
      };
      const values = { ...priced, updatedAt: new Date() };
      await catalogue.write(async (tx) => {
        // Saves queue up on the service's lock (its row may not exist yet), so each record's "before" is true.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`service-price:${serviceType}`}))`);
        const [current] = await tx.select().from(servicePrices).where(eq(servicePrices.serviceType, serviceType));
        await tx
          .insert(servicePrices)
          .values({ serviceType, ...values })
          .onConflictDoUpdate({ target: servicePrices.serviceType, set: values });
        const changed = changedFields(current ? storedAddOn(current) : NO_PRICE, priced);
        if (changed)
          await recordChange(tx, who, {
            kind: "service-price.update",
            subjectType: "service-price",
            subjectId: serviceType,
            summary: `${serviceType} ${describeChanges(changed, PRICE_WORDS)}`,
            before: current ? changed.before : null,
            after: changed.after,
          });
      });
    },
  };
  return pricing satisfies VisitPricing;
}

/** The columns an add-on's input sets (only those given). */
function addOnRow(input: Partial<AddOnInput>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.price !== undefined && { priceCents: Math.round(input.price * 100) }),
    ...(input.minutes !== undefined && { durationMinutes: input.minutes }),
    ...(input.classPrices !== undefined && { classPrices: classPricesFromInput(input.classPrices) }),
    ...(input.serviceTypes !== undefined && { serviceTypes: input.serviceTypes }),
    ...(input.planIds !== undefined && { planIds: input.planIds }),
    ...(input.includedPlanIds !== undefined && { includedPlanIds: input.includedPlanIds }),
    ...(input.active !== undefined && { active: input.active }),
  } as Required<Pick<AddOnRow, "name" | "priceCents" | "durationMinutes">> & Partial<AddOnRow>;
}

export type Pricing = ReturnType<typeof createPricing>;

/** A priced row as its edits compare it: the class prices as read (jsonb keeps its own key order). */
const storedAddOn = <T extends { classPrices: unknown }>(row: T): T => ({
  ...row,
  classPrices: readClassPrices(row.classPrices),
});
const NO_PRICE = { priceCents: null, durationMinutes: null, classPrices: null };

const PRICE_WORDS: FieldWords<AddOnRow> = {
  name: { label: "name" },
  description: { label: "description" },
  // A service's first price has none before it.
  priceCents: { label: "price", show: (cents: number | null) => (cents === null ? "none" : formatPrice(cents / 100)) },
  durationMinutes: {
    label: "length",
    show: (minutes: number | null) => (minutes === null ? "none" : `${minutes} min`),
  },
  classPrices: { label: "prices per size class" },
  serviceTypes: { label: "services" },
  planIds: { label: "packages" },
  includedPlanIds: { label: "included in packages" },
  active: { label: "offered", show: (on) => (on ? "yes" : "no") },
};

const SIZE_CLASS_WORDS: FieldWords<SizeClasses> = {
  classes: { label: "classes (names, surcharges, extra time)" },
  vehicleClass: { label: "which class each vehicle type is" },
};

/** "Add-on 'Clay bar' price $15 → $18", "Add-on 'Clay bar' added". */
function addOnRecord(
  verb: "create" | "update" | "delete",
  row: { id: string; name: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange {
  const said =
    verb === "create"
      ? "added"
      : verb === "delete"
        ? "deleted"
        : describeChanges({ before: before ?? {}, after: after ?? {} }, PRICE_WORDS);
  return {
    kind: `add-on.${verb}`,
    subjectType: "add-on",
    subjectId: row.id,
    summary: `Add-on '${row.name}' ${said}`,
    before,
    after,
  };
}
