import { asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { membershipPlans, type MembershipPlanRow } from "~/.server/db/schema";
import { auditActor, changedFields, describeChanges, recordChange } from "~/.server/audit/audit-log";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import { toCents } from "~/features/till/till.schema";
import type { MembershipPlan, PlanChange, PlanInput } from "./club.schema";

/** The wash club's plans (issue 47): managers add, change and retire them; anyone reads the ones on sale. */

export const toPlan = (row: MembershipPlanRow): MembershipPlan => ({
  _id: row.id,
  name: row.name,
  kind: row.kind as MembershipPlan["kind"],
  price: row.priceCents / 100,
  period: row.period as MembershipPlan["period"],
  washes: row.washes,
  covers: row.covers,
  perDay: row.perDay,
  retired: row.retiredAt !== null,
});

const words = {
  name: { label: "name" },
  price: { label: "price", show: (v: unknown) => `$${Number(v).toFixed(2)}` },
  covers: { label: "covers", show: (v: unknown) => (v as string[]).join(", ") },
  perDay: { label: "visits a day" },
};

export function createClubPlans(db: Database) {
  /** A plan's row, read by the caller's transaction when it has one (PGlite has one connection: another would wait for it). */
  async function stored(id: string, executor: Pick<Database, "select"> = db) {
    const [row] = isObjectId(id)
      ? await executor.select().from(membershipPlans).where(eq(membershipPlans.id, id)).for("update")
      : [];
    if (!row) throw notFound("Plan");
    return row;
  }

  return {
    /** The plans on sale: unlimited ones, then packs, cheapest first (GET /api/membership-plans; /pricing). */
    async onSale(): Promise<MembershipPlan[]> {
      const rows = await db
        .select()
        .from(membershipPlans)
        .where(isNull(membershipPlans.retiredAt))
        .orderBy(desc(membershipPlans.kind), asc(membershipPlans.priceCents), asc(membershipPlans.id));
      return rows.map(toPlan);
    },

    /** Every plan, retired ones after those on sale (the managers' Wash Club page). */
    async all(actor: Actor | null): Promise<MembershipPlan[]> {
      requireJob(actor, "club");
      const rows = await db
        .select()
        .from(membershipPlans)
        .orderBy(
          asc(isNotNull(membershipPlans.retiredAt)),
          desc(membershipPlans.kind),
          asc(membershipPlans.priceCents),
          asc(membershipPlans.id),
        );
      return rows.map(toPlan);
    },

    async create(actor: Actor | null, input: PlanInput): Promise<MembershipPlan> {
      const who = requireJob(actor, "club");
      const row = {
        id: newObjectId(),
        name: input.name,
        kind: input.kind,
        priceCents: toCents(input.price),
        period: input.kind === "unlimited" ? input.period! : null,
        washes: input.kind === "pack" ? input.washes! : null,
        covers: input.covers,
        perDay: input.kind === "unlimited" ? (input.perDay ?? 1) : null,
      };
      return db.transaction(async (tx) => {
        const [saved] = await tx.insert(membershipPlans).values(row).returning();
        await recordChange(tx, auditActor(who), {
          kind: "club-plan.create",
          subjectType: "club-plan",
          subjectId: row.id,
          summary: `Wash Club plan "${row.name}" added`,
          after: { ...input },
        });
        return toPlan(saved!);
      });
    },

    /** Its name, price, cover and visits a day (an unlimited plan's): memberships sold keep their days. */
    async update(actor: Actor | null, id: string, change: PlanChange): Promise<MembershipPlan> {
      const who = requireJob(actor, "club");
      return db.transaction(async (tx) => {
        const current = toPlan(await stored(id, tx));
        if (change.perDay !== undefined && current.kind === "pack") {
          throw new AppError("validation_failed", "A pack's washes may be used any day", {
            perDay: "A pack's washes may be used any day",
          });
        }
        const [row] = await tx
          .update(membershipPlans)
          .set({
            ...(change.name !== undefined && { name: change.name }),
            ...(change.price !== undefined && { priceCents: toCents(change.price) }),
            ...(change.covers !== undefined && { covers: change.covers }),
            ...(change.perDay !== undefined && { perDay: change.perDay }),
            updatedAt: new Date(),
          })
          .where(eq(membershipPlans.id, id))
          .returning();
        const plan = toPlan(row!);
        const changed = changedFields(current, change);
        if (changed)
          await recordChange(tx, auditActor(who), {
            kind: "club-plan.update",
            subjectType: "club-plan",
            subjectId: id,
            summary: `Wash Club plan "${plan.name}": ${describeChanges(changed, words)}`,
            ...changed,
          });
        return plan;
      });
    },

    /** Sold no more; its members keep their memberships until they end. */
    async retire(actor: Actor | null, id: string): Promise<MembershipPlan> {
      const who = requireJob(actor, "club");
      return db.transaction(async (tx) => {
        const current = await stored(id, tx);
        if (current.retiredAt) return toPlan(current);
        const [row] = await tx
          .update(membershipPlans)
          .set({ retiredAt: new Date(), updatedAt: new Date() })
          .where(eq(membershipPlans.id, id))
          .returning();
        await recordChange(tx, auditActor(who), {
          kind: "club-plan.retire",
          subjectType: "club-plan",
          subjectId: id,
          summary: `Wash Club plan "${current.name}" retired`,
        });
        return toPlan(row!);
      });
    },
  };
}

export type ClubPlans = ReturnType<typeof createClubPlans>;
