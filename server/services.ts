import { sql } from "drizzle-orm";
import { createPlanService } from "~/features/plans/plans.server";
import type { DatabaseHandle } from "./db/client";

/** Every service the API and the page loaders use, built once per process over one database. */
export function createServices(database: DatabaseHandle) {
  return {
    plans: createPlanService(database.db),
    databaseKind: database.kind,
    async checkDatabase() {
      const started = performance.now();
      await database.db.execute(sql`select 1`);
      return { kind: database.kind, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
    },
  };
}

export type Services = ReturnType<typeof createServices>;
