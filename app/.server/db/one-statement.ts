import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Runs data-modifying statements (inserts, updates) as one statement, in one round trip: all but the
 * last go in a WITH, which PostgreSQL runs whether or not the statement reads it. They share one
 * snapshot, so none may depend on another's rows (a foreign key between them is checked at the end
 * of the statement, so that one is fine).
 */
export async function runAsOneStatement(executor: Pick<Database, "execute">, statements: SQLWrapper[]) {
  // getSQL: drizzle puts an embedded query in parentheses, where an INSERT may not stand.
  const [last, ...before] = statements.map((statement) => statement.getSQL()).reverse();
  if (!last) return;
  if (before.length === 0) {
    await executor.execute(last);
    return;
  }
  const parts: SQL[] = before.reverse().map((statement, i) => sql`${sql.raw(`part${i}`)} as (${statement})`);
  await executor.execute(sql`with ${sql.join(parts, sql`, `)} ${last}`);
}
