import { newEntryRow, type NewHotel } from "~/features/plans/plans.server";
import type { Database } from "~/.server/db/client";
import { plans, type NewPlanRow, type PlanRow } from "~/.server/db/schema";

let sequence = 0;

/** A package row with realistic values; overrides win, including raw column values. */
export function buildPlan(overrides: Partial<NewPlanRow> & { at?: Date } = {}): NewPlanRow {
  sequence++;
  const { at, ...columns } = overrides;
  const row = newEntryRow({
    kind: "package",
    name: `Test Wash ${sequence}`,
    packageType: "economy",
    price: 20 + sequence,
    duration: "45 minutes",
    features: ["Hand wash", "Tire shine"],
    at,
  });
  return { ...row, ...columns };
}

export function buildHotel(input: NewHotel & { at?: Date } = {}): NewPlanRow {
  return newEntryRow({ kind: "hotel", hotelName: `Test Hotel ${++sequence}`, ...input });
}

export async function insertPlans(db: Database, rows: NewPlanRow[]): Promise<PlanRow[]> {
  return db.insert(plans).values(rows).returning();
}
