import { createRoute, z } from "@hono/zod-openapi";
import type { Api } from ".";
import { planListQuerySchema, planSchema } from "~/features/plans/plans.schema";
import { adminErrors, errorResponse } from "../errors";
import type { Services } from "~/.server/services";
import type { MiddlewareHandler } from "hono";
import {
  deleteResult,
  insertResult,
  newHotelBody,
  newPackageBody,
  newPlanBody,
  planChangesBody,
  renderLegacyPlanPage,
  toLegacyPlan,
  updateResult,
} from "./legacy-plan";
import { actorOf, adminOnly } from "./request-actor";

const plan = planSchema.openapi("Plan");

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

const idParams = z.object({ id: z.string().describe("the plan's _id") });

const createPlanRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "post",
    path: "/plans",
    summary: 'Add a package, or a hotel entry with field: "hotel" (admins)',
    description:
      "A package needs name (3+ characters), price (at least 0.01) and packagetype (or packageType); features may be a list " +
      "or text split on new lines and commas; duration defaults to 'nothing'. A hotel entry takes hotelName, hotelDescription, " +
      "rating (0–5 or null), priceIndicator (£ to ££££) and image; its name, price and duration are 'empty'. Unknown fields are refused.",
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: newPlanBody.openapi({
              oneOf: [{ $ref: "#/components/schemas/NewPackage" }, { $ref: "#/components/schemas/NewHotel" }],
            }),
          },
        },
      },
    },
    responses: {
      201: {
        description: "Added",
        content: { "application/json": { schema: z.object({ acknowledged: z.boolean(), insertedId: z.string() }) } },
      },
      400: errorResponse("Invalid body, with a message per field"),
      ...adminErrors,
    },
  });

const updatePlanRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "patch",
    path: "/plans/{id}",
    summary: "Change some fields of a package (admins)",
    description:
      "Only the fields sent change: name, price (at least 0), packagetype, duration, features. Unknown fields are refused.",
    request: {
      params: idParams,
      body: { required: true, content: { "application/json": { schema: planChangesBody } } },
    },
    responses: {
      200: {
        description: "Saved (modifiedCount 0 when the values were already so)",
        content: {
          "application/json": {
            schema: z.object({ acknowledged: z.boolean(), matchedCount: z.number(), modifiedCount: z.number() }),
          },
        },
      },
      400: errorResponse("Invalid body"),
      404: errorResponse("No plan has this id"),
      ...adminErrors,
    },
  });

const deletePlanRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "delete",
    path: "/plans/{id}",
    summary: "Delete a plan (admins)",
    request: { params: idParams },
    responses: {
      200: {
        description: "Deleted",
        content: { "application/json": { schema: z.object({ acknowledged: z.boolean(), deletedCount: z.number() }) } },
      },
      404: errorResponse("No plan has this id"),
      ...adminErrors,
    },
  });

export function registerPlanRoutes(api: Api, services: Services) {
  api.openapi(listRoute, async (c) => {
    const page = await services.plans.listCatalogue(c.req.valid("query"));
    const { json, etag } = renderLegacyPlanPage(page);
    // Revalidated on every use: cheap thanks to the ETag, and an admin's change shows at once.
    c.header("Cache-Control", "public, max-age=0, must-revalidate");
    c.header("ETag", etag);
    c.header("X-Total-Count", String(page.total));
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    return c.body(json, 200, { "Content-Type": "application/json" }) as never;
  });

  api.openapi(getRoute, async (c) => c.json(toLegacyPlan(await services.plans.getEntry(c.req.valid("param").id)), 200));

  api.openAPIRegistry.register("NewPackage", newPackageBody);
  api.openAPIRegistry.register("NewHotel", newHotelBody);
  const admin = adminOnly(services) as MiddlewareHandler;
  api.openapi(createPlanRoute(admin), async (c) =>
    c.json(insertResult(await services.plans.addEntry(await actorOf(c, services), c.req.valid("json"))), 201),
  );
  api.openapi(updatePlanRoute(admin), async (c) =>
    c.json(
      updateResult(
        await services.plans.updatePackage(await actorOf(c, services), c.req.valid("param").id, c.req.valid("json")),
      ),
      200,
    ),
  );
  api.openapi(deletePlanRoute(admin), async (c) =>
    c.json(deleteResult(await services.plans.deleteEntry(await actorOf(c, services), c.req.valid("param").id)), 200),
  );
}
