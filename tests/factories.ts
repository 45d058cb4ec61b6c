import { newPlanRow, type NewPlanInput } from "~/features/plans/plans.server";
import type { Database } from "~/.server/db/client";
import { plans, type NewPlanRow, type PlanRow } from "~/.server/db/schema";

let sequence = 0;

/** A package row with realistic values; overrides win, including raw column values. */
export function buildPlan(overrides: Partial<NewPlanRow> & { at?: Date } = {}): NewPlanRow {
  sequence++;
  const { at, ...columns } = overrides;
  const input: NewPlanInput = {
    kind: "package",
    name: `Test Wash ${sequence}`,
    packagetype: "economy",
    price: 20 + sequence,
    duration: "45 minutes",
    features: ["Hand wash", "Tire shine"],
    at,
  };
  return { ...newPlanRow(input), ...columns };
}

export function buildHotel(input: Omit<Extract<NewPlanInput, { kind: "hotel" }>, "kind"> = {}): NewPlanRow {
  return newPlanRow({ kind: "hotel", hotelName: `Test Hotel ${++sequence}`, ...input });
}

export async function insertPlans(db: Database, rows: NewPlanRow[]): Promise<PlanRow[]> {
  return db.insert(plans).values(rows).returning();
}
