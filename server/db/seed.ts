import { newPlanRow } from "~/features/plans/plans.server";
import type { Database } from "./client";
import { appSettings, plans } from "./schema";
import { demoHotels, demoPackages } from "./demo-data";

const SEED_MARKER = "demo_seeded_at";

/**
 * Seeds the demo catalogue once per database. The marker row is claimed in the same
 * transaction as the inserts, so concurrent starts and repeated runs seed exactly once,
 * and a catalogue the admins later emptied is not refilled. Returns whether this call seeded.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    // A minute apart, the first listed the newest, so the demo reads in a stable order.
    const start = Date.now();
    const rows = [...demoPackages, ...demoHotels].map((input, i) => newPlanRow({ ...input, at: new Date(start - i * 60_000) }));
    await tx.insert(plans).values(rows);
    return true;
  });
}
