/**
 * One statement that decides and writes: a booking request's whole write (decision 022). The rule
 * that decides a booking is not here: it is claim_place, in SQL (drizzle/functions/claim_place.sql),
 * called as claimPlaceCall builds it (app/features/bookings/slot-claims.server.ts).
 */
import { getTableColumns, getTableName, is, SQL, type Query } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client";

/** Rows to insert into a table, as its insert takes them (every row with the same columns). */
export interface RowsFor<T extends PgTable = PgTable> {
  table: T;
  rows: T["$inferInsert"][];
}

const dialect = new PgDialect();

/**
 * Asks `decision` (an SQL value, such as a function call that takes locks and counts, or its text
 * and values with $1… numbered from 1) and inserts
 * the rows only when it answers `accept`, in one statement, in one round trip, as a transaction of
 * its own; answers what the decision said. The decision is computed once, before the inserts,
 * which read it; the inserts share the statement's snapshot, so none may depend on another's rows
 * (a foreign key between them is checked at the end of the statement, so that one is fine).
 *
 * The statement is written as text here, not built by Drizzle on every call, and on PostgreSQL it
 * is prepared once per connection: it is a booking request's whole write, and both cost more than
 * the rest of the request's database work.
 */
export async function insertWhen<A extends string>(
  db: Database,
  decision: SQL<A> | Query,
  accept: A,
  inserts: RowsFor[],
): Promise<A> {
  const asked = is(decision, SQL) ? dialect.sqlToQuery(decision) : decision;
  const values: unknown[] = [...asked.params, accept];
  const accepted = `(select answer from decision) = $${values.length}`;
  let parts = "";
  for (const [i, { table, rows }] of inserts.entries()) {
    if (rows.length === 0) continue;
    const { columns, toJson } = jsonInsert(table, Object.keys(rows[0]!));
    values.push(JSON.stringify(rows.map(toJson)));
    const name = `"${getTableName(table)}"`;
    parts += `, part${i} as (insert into ${name} (${columns}) select ${columns}
      from json_populate_recordset(null::${name}, $${values.length}::json) where ${accepted})`;
  }
  const text = `with decision as materialized (select ${asked.sql} as answer)${parts} select answer from decision`;
  const result = await run(db, text, values);
  return (result.rows[0] as { answer: A }).answer;
}

/**
 * How rows with these keys go into the table as JSON (json_populate_recordset matches the
 * database's column names; a column left out keeps its default): the column list, and each row
 * in the columns' database form, JSON columns as JSON.
 */
function jsonInsert(table: PgTable, keys: string[]) {
  const cacheKey = `${getTableName(table)}:${keys.join(",")}`;
  let made = jsonInserts.get(cacheKey);
  if (!made) {
    const all = getTableColumns(table);
    const columns = keys.map((key) => {
      const column = all[key];
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      return column;
    });
    const isJson = columns.map((column) => column.columnType === "PgJsonb" || column.columnType === "PgJson");
    made = {
      columns: columns.map((column) => `"${column.name}"`).join(", "),
      toJson(row: Record<string, unknown>) {
        const json: Record<string, unknown> = {};
        for (const [i, key] of keys.entries()) {
          const column = columns[i]!;
          const value = row[key];
          json[column.name] = value == null ? null : isJson[i] ? value : column.mapToDriverValue(value);
        }
        return json;
      },
    };
    jsonInserts.set(cacheKey, made);
  }
  return made;
}
// One entry per table and set of columns a caller writes: a handful, fixed by the code.
const jsonInserts = new Map<string, { columns: string; toJson(row: Record<string, unknown>): unknown }>();

/** Runs a statement's text: prepared once per connection on PostgreSQL (named by its text). */
function run(db: Database, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    let name = statementNames.get(text);
    if (!name && statementNames.size < STATEMENTS_NAMED)
      statementNames.set(text, (name = `one_${statementNames.size}`));
    return client.query({ name, text, values });
  }
  return (client as { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> }).query(text, values);
}
// A statement's text is fixed by the tables and columns it writes: a handful. Past the bound,
// statements run unnamed (planned each time) rather than grow every connection's cache.
const STATEMENTS_NAMED = 50;
const statementNames = new Map<string, string>();
