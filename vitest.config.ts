import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
const apiTests = ["server/**/*.api.test.ts", "app/.server/**/*.api.test.ts", "scripts/**/*.api.test.ts"];
/** Tests of several production server processes (tests/server-processes.ts): `npm run test:processes`, after the build. */
const processTests = ["server/**/*.processes.test.ts"];

// API tests run once on a fresh PGlite per file, and once more on the PostgreSQL
// server when TEST_DATABASE_URL names one (CI always does), but for two kinds, by name:
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];
/** What several processes share on one PostgreSQL database: the embedded one has one process. */
const postgresOnly = ["**/*.postgres.api.test.ts"];
/**
 * The HTTP layer (request guards, bodies, headers, the request's context): no engine changes what
 * they check, so they run once, on PGlite.
 */
const pgliteOnly = ["**/*.http.api.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/.server/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...apiTests, ...processTests],
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
      ...databases.map((kind) => ({
        resolve: { alias },
        test: {
          name: `api:${kind}`,
          include: apiTests,
          exclude: kind === "pglite" ? postgresOnly : pgliteOnly,
          env: { TEST_DB_KIND: kind },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
