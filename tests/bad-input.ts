import { sql } from "drizzle-orm";
import { countStaleForReports } from "~/.server/db/stale-marks";
import type { TestApp } from "./test-app";

/* Values no field may take, shared by the bad-input tests of the API and of the pages. */

export const MEGABYTE_STRING = "x".repeat(1_000_000);
/** Strings no text field may hold, as JSON values. */
export const BAD_STRINGS = [
  "Ann\u0000Lee",
  "\u0000",
  "Ann\u0007Lee",
  "Ann\u001bLee",
  "Ann\u007fLee",
  "Ann\ud800Lee",
  "Ann\udfffLee",
  MEGABYTE_STRING,
];
/** The same, as they arrive in a URL (a lone surrogate can only be sent as its invalid UTF-8 bytes). */
export const BAD_URL_VALUES = [
  "Ann%00Lee",
  "%00",
  "Ann%07Lee",
  "%1B",
  "%7F",
  "Ann%ED%A0%80Lee",
  "%C0%80",
  MEGABYTE_STRING,
];
/** Days no date field may take: PostgreSQL has no year 0 and none past 9999; the business means 2000 to 2100. */
export const BAD_DAYS = [
  "0000-01-01",
  "0001-01-01",
  "1999-12-31",
  "2101-01-01",
  "9999-12-31",
  "10000-01-01",
  "2026-02-30",
];

/** Row count and a checksum of every table: any change to any row shows. */
export async function snapshot(app: TestApp): Promise<Record<string, string>> {
  // The customers table and the reports' rollup are counted when read (decisions 042, 043): a
  // read's count of changes made before it is not a change, so both snapshots count them first.
  await countStaleForReports(app.database.db);
  // rate_limits counts every attempt, bad ones included, before reading it: that is its job, not data.
  const tables = (await app.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'`,
  )) as unknown as { rows: { name: string }[] };
  const state: Record<string, string> = {};
  for (const { name } of tables.rows) {
    // GET /api/backups/archive ignores a query string it is sent, so it makes a backup, and records
    // it: the answer to a good request, not a change made by bad input.
    const own = name === "audit_events" ? ` where kind <> 'backup.made'` : "";
    const result = (await app.database.db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from "${name}" t${own}`,
      ),
    )) as unknown as { rows: { n: number; sum: string }[] };
    state[name] = `${result.rows[0]!.n} rows ${result.rows[0]!.sum}`;
  }
  return state;
}
