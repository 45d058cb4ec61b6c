import { createRoute, z } from "@hono/zod-openapi";
import { log } from "~/.server/log";
import type { Api } from "./api-env";

const healthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    database: z.object({
      kind: z.enum(["pglite", "postgres"]),
      reachable: z.boolean(),
      latencyMs: z.number().optional(),
    }),
    uptimeSeconds: z.number(),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/health",
  summary: "Process and database health",
  description: "Answers 200 when the process is up and a database round trip succeeds, 503 otherwise.",
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: healthSchema } } },
    503: { description: "The database cannot be reached", content: { "application/json": { schema: healthSchema } } },
  },
});

const readinessSchema = z
  .object({
    status: z.enum(["ready", "not ready"]),
    database: z.object({ kind: z.enum(["pglite", "postgres"]), reachable: z.boolean() }),
    pendingMigrations: z.number().int().optional().describe("migrations of this build the database lacks"),
  })
  .openapi("Readiness");

const readyRoute = createRoute({
  method: "get",
  path: "/ready",
  summary: "Ready to serve: for a load balancer's checks",
  description:
    "Answers 200 when the database answers and has every migration this build brings, 503 otherwise (the " +
    "database is unreachable, or it lacks migrations: restored from an older backup, or another build's). " +
    "GET /api/health says the process is alive.",
  responses: {
    200: { description: "Ready", content: { "application/json": { schema: readinessSchema } } },
    503: { description: "Not ready", content: { "application/json": { schema: readinessSchema } } },
  },
});

export function registerHealthRoutes(api: Api) {
  api.openapi(readyRoute, async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "no-store");
    const check = await services.checkReady();
    const database = { kind: services.databaseKind, reachable: check.reachable };
    if (check.ready) return c.json({ status: "ready" as const, database, pendingMigrations: 0 }, 200);
    if (check.error) log.error("readiness check: database unreachable", { error: check.error });
    return c.json({ status: "not ready" as const, database, pendingMigrations: check.pendingMigrations }, 503);
  });

  api.openapi(route, async (c) => {
    const { services } = c.var;
    const uptimeSeconds = Math.round(process.uptime());
    c.header("Cache-Control", "no-store");
    try {
      const { kind, latencyMs } = await services.checkDatabase();
      return c.json({ status: "ok" as const, database: { kind, reachable: true, latencyMs }, uptimeSeconds }, 200);
    } catch (error) {
      log.error("health check: database unreachable", { error });
      const kind = services.databaseKind;
      return c.json({ status: "unavailable" as const, database: { kind, reachable: false }, uptimeSeconds }, 503);
    }
  });
}
