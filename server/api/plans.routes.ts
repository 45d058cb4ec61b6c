import { createRoute, z } from "@hono/zod-openapi";
import { planListQuerySchema, planSchema } from "~/features/plans/plans.schema";
import { classPricesInput, classQuotesSchema } from "~/features/pricing/pricing.schema";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import {
  deleteResult,
  insertResult,
  hotelChangesBody,
  newHotelBody,
  newPackageBody,
  newPlanBody,
  planChangesBody,
  renderLegacyPlanPage,
  toLegacyPlan,
  updateResult,
} from "./legacy-plan";
import { type Api } from "./api-env";
import { deletedSchema, insertedSchema, jsonResponse, updatedSchema } from "./openapi-responses";

// Schemas built in app/ are named with zod's own .meta(): zod gives .openapi() only to schemas
// built after @hono/zod-openapi is loaded, and app/ may build them first.
const plan = planSchema
  .extend({
    prices: classQuotesSchema
      .optional()
      .describe("a package's price and minutes for each size class; absent on hotels"),
    classPrices: classPricesInput
      .optional()
      .describe("a package's own cells for the medium and large classes; the others take the class's surcharge"),
  })
  .meta({ id: "Plan" });

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
  request: { params: z.object({ id: textField().describe("the plan's _id") }) },
  responses: {
    200: { description: "The plan", content: { "application/json": { schema: plan } } },
    404: errorResponse("No plan has this id (also for malformed ids)"),
  },
});

const idParams = z.object({ id: textField().describe("the plan's _id") });

const createPlanRoute = createRoute({
  method: "post",
  path: "/plans",
  summary: 'Add a package, or a hotel entry with field: "hotel" (admins)',
  description:
    "A package needs name (3+ characters), price (at least 0.01) and packagetype (or packageType); features may be a list " +
    "or text split on new lines and commas; duration defaults to 'nothing'; minutes (the length, 5–720) defaults to what " +
    "duration says, or 60; price and minutes are the first (smallest) size class's, and classPrices may give the medium " +
    "and large classes' own price and minutes (a cell left out takes the class's surcharge). A hotel entry takes hotelName, hotelDescription, " +
    "rating (0–5 or null), priceIndicator (£ to ££££) and image; its name, price and duration are 'empty'. Unknown fields are refused.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: newPlanBody.meta({
            oneOf: [{ $ref: "#/components/schemas/NewPackage" }, { $ref: "#/components/schemas/NewHotel" }],
          }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(insertedSchema, "Added"),
    400: errorResponse("Invalid body, with a message per field"),
    ...adminErrors,
  },
});

const updatePlanRoute = createRoute({
  method: "patch",
  path: "/plans/{id}",
  summary: "Change some fields of a package (admins)",
  description:
    "Only the fields sent change: name, price (at least 0), packagetype, duration, minutes (5–720), features, " +
    "classPrices (the whole table for the medium and large classes). Unknown fields are refused.",
  request: {
    params: idParams,
    body: { required: true, content: { "application/json": { schema: planChangesBody } } },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Saved (modifiedCount 0 when the values were already so)"),
    400: errorResponse("Invalid body"),
    404: errorResponse("No plan has this id"),
    ...adminErrors,
  },
});

const updateHotelRoute = createRoute({
  method: "patch",
  path: "/hotels/{id}",
  summary: "Change some fields of a partner hotel entry (admins)",
  description:
    "Only the fields sent change, with Add hotel's rules: hotelName (not empty), hotelDescription, rating (0–5 or " +
    "null), priceIndicator, image (an upload or a web address; a replaced upload no entry shows any more is deleted). " +
    "Unknown fields are refused; a package is not edited here.",
  request: {
    params: idParams,
    body: { required: true, content: { "application/json": { schema: hotelChangesBody } } },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Saved (modifiedCount 0 when the values were already so)"),
    400: errorResponse("Invalid body, or the entry is a package"),
    404: errorResponse("No entry has this id"),
    ...adminErrors,
  },
});

const deletePlanRoute = createRoute({
  method: "delete",
  path: "/plans/{id}",
  summary: "Delete a package or a hotel entry (admins)",
  description: "A hotel's uploaded photo (and its card-sized copy) is deleted too, unless another entry shows it.",
  request: { params: idParams },
  responses: {
    200: jsonResponse(deletedSchema, "Deleted"),
    404: errorResponse("No plan has this id"),
    ...adminErrors,
  },
});

export function registerPlanRoutes(api: Api) {
  api.openapi(listRoute, async (c) => {
    const page = await c.var.services.plans.listCatalogue(c.req.valid("query"));
    const { json, etag } = renderLegacyPlanPage(page);
    // Revalidated on every use: cheap thanks to the ETag, and an admin's change shows at once.
    c.header("Cache-Control", "public, max-age=0, must-revalidate");
    c.header("ETag", etag);
    c.header("X-Total-Count", String(page.total));
    if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
    return c.body(json, 200, { "Content-Type": "application/json" });
  });

  api.openapi(getRoute, async (c) =>
    c.json(toLegacyPlan(await c.var.services.plans.getEntry(c.req.valid("param").id)), 200),
  );

  // The registry names a schema with .openapi(), which a copy made here has (see above).
  api.openAPIRegistry.register("NewPackage", newPackageBody.clone());
  api.openAPIRegistry.register("NewHotel", newHotelBody.clone());
  api.openapi(createPlanRoute, async (c) =>
    c.json(insertResult(await c.var.services.plans.addEntry(await c.var.actor(), c.req.valid("json"))), 201),
  );
  api.openapi(updatePlanRoute, async (c) =>
    c.json(
      updateResult(
        await c.var.services.plans.updatePackage(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")),
      ),
      200,
    ),
  );
  api.openapi(updateHotelRoute, async (c) => {
    const { services } = c.var;
    const result = await services.plans.updateHotel(await c.var.actor(), c.req.valid("param").id, c.req.valid("json"));
    // After the entry no longer names it: a reader never gets an entry whose photo is gone.
    await services.uploads.discard(result.unusedImage);
    return c.json(updateResult(result), 200);
  });
  api.openapi(deletePlanRoute, async (c) => {
    const { services } = c.var;
    const result = await services.plans.deleteEntry(await c.var.actor(), c.req.valid("param").id);
    await services.uploads.discard(result.unusedImage);
    return c.json(deleteResult(result), 200);
  });
}

/**
 * If-None-Match compares weakly (RFC 9110 §13.1.2): compress() sends a compressed answer's ETag
 * as W/"…", and that is what a browser sends back.
 */
function matchesEtag(header: string | undefined, etag: string): boolean {
  return !!header?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
