import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Counts the customers that changes have marked stale (flush_customers in migration 0026,
 * decision 042). Every read of the customers table (the list, a customer's page, the CSV, the
 * reports' new customers) calls it first, so the read shows each change committed before it.
 * With nothing stale it is one delete of no rows.
 */
export async function countStaleCustomers(db: Database) {
  await db.execute(sql`select flush_customers()`);
}
