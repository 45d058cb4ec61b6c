import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/test-database";

describe("the database connection", { tags: ["engine"] }, () => {
  it("survives the server dropping its idle connections, and keeps answering", async () => {
    const database = await openTestDatabase();
    try {
      await database.db.execute(sql`select 1`);
      if (database.kind === "postgres") {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        };
        const name = current.rows[0]!.name;
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const result = (await database.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
        rows: { answer: number }[];
      };
      expect(result.rows[0]!.answer).toBe(42);
    } finally {
      await database.close();
    }
  });
});
