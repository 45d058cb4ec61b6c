import { createRoute, z } from "@hono/zod-openapi";
import type { Api } from ".";
import { planListQuerySchema, planSchema } from "~/features/plans/plans.schema";
import { errorBodySchema } from "../errors";
import type { Services } from "../services";

const plan = planSchema.openapi("Plan");
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorBodySchema } } });

const listRoute = createRoute({
  method: "get",
  path: "/plans",
  summary: "List packages and hotel entries, newest first",
  description:
    "Bounded by `limit` (default 50, at most 200) from `offset`; the total is in `X-Total-Count`. " +
    "Answers 304 when `If-None-Match` carries the current `ETag`.",
  request: { query: planListQuerySchema },
  responses: {
    200: {
      description: "A page of plans",
      headers: z.object({ "X-Total-Count": z.string(), ETag: z.string() }),
      content: { "application/json": { schema: z.array(plan) } },
    },
    304: { description: "Not modified since the given ETag" },
    400: errorResponse("Invalid query"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/plans/{id}",
  summary: "One plan by id",
  request: { params: z.object({ id: z.string().describe("the plan's _id") }) },
  responses: {
    200: { description: "The plan", content: { "application/json": { schema: plan } } },
    404: errorResponse("No plan has this id (also for malformed ids)"),
  },
});

export function registerPlanRoutes(api: Api, services: Services) {
  api.openapi(listRoute, async (c) => {
    const page = await services.plans.listPlans(c.req.valid("query"));
    // Revalidated on every use: cheap thanks to the ETag, and an admin's change shows at once.
    c.header("Cache-Control", "public, max-age=0, must-revalidate");
    c.header("ETag", page.etag);
    c.header("X-Total-Count", String(page.total));
    if (c.req.header("If-None-Match") === page.etag) return c.body(null, 304);
    return c.body(page.json, 200, { "Content-Type": "application/json" }) as never;
  });

  api.openapi(getRoute, async (c) => c.json(await services.plans.getPlan(c.req.valid("param").id), 200));
}
