import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/.server/db/client";
import { createScratchDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's data directory (a tar file) that each test file starts from. */
    pgliteTemplate?: string;
    /** A migrated database on TEST_DATABASE_URL's server that each test file's database is copied from. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest's global set-up for the API projects: migrate one database per run and engine, and let each
 * test file copy it (tests/test-database.ts). Migrating 28 migrations costs 0.7–2.8 s a file; a copy
 * costs a tenth of that.
 */
export default async function makeTemplate(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB_KIND === "postgres") {
    const template = await createScratchDatabase(project.config.env.TEST_DATABASE_URL!, {
      prefix: "carwash_template_",
    });
    const handle = await openDatabase({ kind: "postgres", url: template.url });
    // Nobody may be connected to a template while it is copied.
    await handle.close();
    project.provide("postgresTemplate", new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  const handle = await openDatabase({ kind: "pglite-memory" });
  const dataDir = await (handle.db as unknown as { $client: PGliteDump }).$client.dumpDataDir("none");
  await handle.close();
  const folder = mkdtempSync(path.join(tmpdir(), "carwash-template-"));
  const file = path.join(folder, "pglite.tar");
  writeFileSync(file, Buffer.from(await dataDir.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => rmSync(folder, { recursive: true, force: true });
}

interface PGliteDump {
  dumpDataDir(compression: "none"): Promise<Blob>;
}
