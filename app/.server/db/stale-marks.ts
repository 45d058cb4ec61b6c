import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Counts the customers that changes have marked stale (flush_customers, migrations 0026 and 0027,
 * decisions 042 and 043). Every read of the customers table (the list, a customer's page, the CSV)
 * calls it first, so the read shows each change committed before it. With nothing stale it is one
 * delete of no rows.
 */
export async function countStaleCustomers(db: Database) {
  await db.execute(sql`select flush_customers()`);
}

/**
 * Counts the stale customers and the reports' stale visit windows (flush_visit_figures, migration
 * 0027, decision 043) in one round trip: a report reads both the rollup and the customers' first
 * visits.
 */
export async function countStaleForReports(db: Database) {
  await db.execute(sql`select flush_customers(), flush_visit_figures()`);
}
