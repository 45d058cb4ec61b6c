import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";
import { ProcessFilesFirst } from "./tests/process-files-first";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
/** Lingui's macros and catalogs, as in vite.config.ts: the API tests import the route modules too. */
const plugins = [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()];
const apiTests = ["server/**/*.api.test.ts", "app/.server/**/*.api.test.ts", "scripts/**/*.api.test.ts"];
/** Tests of several production server processes (tests/server-processes.ts): `npm run test:processes`, after the build. */
const processTests = ["server/**/*.processes.test.ts"];

/**
 * The one rule for which API tests run on both engines. Every API test runs on PGlite (the shop's
 * default engine, no server needed). A test tagged `engine` runs on the PostgreSQL server too
 * (`npm run test:postgres`, part of `npm test`): tag a test (or a describe) with it when what it
 * proves rests on something the engines do differently. `npm run test:full` runs every API test on both.
 */
const tags = [
  {
    name: "engine",
    description:
      "rests on what the engines do differently: locks and isolation under simultaneous requests, " +
      "triggers and SQL functions, LISTEN/NOTIFY, dumps and restores, migrations, several processes",
  },
];

/** What several processes share on one PostgreSQL database: the embedded one has one process. */
const postgresOnly = ["**/*.postgres.api.test.ts"];
/**
 * The HTTP layer (request guards, bodies, headers, the request's context): no engine changes what
 * they check, so they run once, on PGlite.
 */
const pgliteOnly = ["**/*.http.api.test.ts"];

/**
 * API files share one set of loaded modules per worker (`isolate: false`): importing the app afresh
 * for each file cost more than the tests in most files. A file that needs modules of its own runs
 * isolated, in a project of its own: one that replaces a module (`vi.mock`), or runs the app in
 * another business time zone (one per process: server/api/api-env.ts).
 */
const needsOwnModules = (file: string) => /\bvi\.mock\(|BUSINESS_TIMEZONE: zone\b/.test(readFileSync(file, "utf8"));
const apiFiles = ["server", "app/.server", "scripts"]
  .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: "utf8" }).map((f) => path.join(folder, f)))
  .filter((file) => file.endsWith(".api.test.ts"));
const isolatedApiTests = apiFiles.filter(needsOwnModules);

/**
 * `npm run test:postgres` (TEST_ENGINE_TAGGED_FILES=1, with `--tags-filter engine`) collects only
 * the files that name the tag, or run on PostgreSQL only: the filter would run nothing of the others,
 * yet vitest would still import and collect each of them (39 of 83 files, stop 53).
 */
const engineTaggedOnly = process.env.TEST_ENGINE_TAGGED_FILES === "1";
const namesEngineTag = (file: string) =>
  /\.postgres\.api\.test\.ts$/.test(file) || /["']engine["']/.test(readFileSync(file, "utf8"));

const apiProject = (kind: "pglite" | "postgres", isolated: boolean) => ({
  resolve: { alias },
  plugins,
  test: {
    name: `api:${kind}${isolated ? ":isolated" : ""}`,
    include:
      kind === "postgres" && engineTaggedOnly
        ? apiFiles.filter((file) => namesEngineTag(file) && isolatedApiTests.includes(file) === isolated)
        : isolated
          ? isolatedApiTests
          : apiTests,
    exclude: [...(kind === "pglite" ? postgresOnly : pgliteOnly), ...(isolated ? [] : isolatedApiTests)],
    isolate: isolated,
    env: {
      TEST_DB_KIND: kind,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    // One migrated database per engine and run, copied by each file (tests/database-template.ts).
    globalSetup: ["tests/database-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    tags,
    // Vitest's default is one worker fewer than the cores: one, on these two-core machines, with the
    // second core idle while a file waits on its database. Two: PGlite phase 273 -> 184 s, PostgreSQL
    // 100 -> 73 s (stop 52, the same commit back to back on a quiet machine).
    maxWorkers: 2,
    // Each module transformed once for the whole of `npm test`, not once per project and per run
    // (unit, the PGlite and PostgreSQL runs and the processes run each transformed it again).
    // Kept in node_modules/.experimental-vitest-cache, keyed by each file's content.
    experimental: { fsModuleCache: true },
    sequence: { sequencer: ProcessFilesFirst },
    projects: [
      {
        resolve: { alias },
        plugins,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/.server/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...apiTests, ...processTests],
          // As the API files (below): no unit test replaces a module. 23 -> 10 s of CPU.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "processes",
          include: processTests,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      apiProject("pglite", false),
      apiProject("pglite", true),
      apiProject("postgres", false),
      apiProject("postgres", true),
    ],
  },
});
