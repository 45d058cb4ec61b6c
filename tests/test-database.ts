import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or (TEST_DB_KIND=postgres)
 * a new database on the server named by TEST_DATABASE_URL, dropped again on close. Both are copies
 * of the run's migrated template (tests/database-template.ts) when there is one.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.TEST_DB_KIND !== "postgres") return openDatabase({ kind: "pglite-memory", from: pgliteTemplate() });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test");
  const scratch = await createScratchDatabase(serverUrl, { template: inject("postgresTemplate") });
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  return {
    ...handle,
    /** For a second connection pool on the same database, as another server process would open. */
    url: scratch.url,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

let pgliteTemplateData: Blob | undefined;

/** The migrated data directory (42 MB), read once a worker: the files of a worker share this module. */
function pgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (file && !pgliteTemplateData) pgliteTemplateData = new Blob([readFileSync(file)]);
  return pgliteTemplateData;
}

/**
 * A new database `carwash_test_<random>` on the server `serverUrl` names (any database there the
 * user may create databases from): empty, or a copy of `template`. `.ci/run` drops leftovers of an
 * interrupted run by that prefix.
 */
export async function createScratchDatabase(
  serverUrl: string,
  { template, prefix = "carwash_test_" }: { template?: string; prefix?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ""}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
