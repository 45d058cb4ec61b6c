import { createRoute, z } from "@hono/zod-openapi";
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

export function registerHealthRoutes(api: Api) {
  api.openapi(route, async (c) => {
    const { services } = c.var;
    const uptimeSeconds = Math.round(process.uptime());
    c.header("Cache-Control", "no-store");
    try {
      const { kind, latencyMs } = await services.checkDatabase();
      return c.json({ status: "ok" as const, database: { kind, reachable: true, latencyMs }, uptimeSeconds }, 200);
    } catch (error) {
      console.error("Health check: database unreachable:", error);
      const kind = services.databaseKind;
      return c.json({ status: "unavailable" as const, database: { kind, reachable: false }, uptimeSeconds }, 503);
    }
  });
}
