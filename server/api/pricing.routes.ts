import { createRoute, z } from "@hono/zod-openapi";
import { addOnSchema } from "~/features/pricing/pricing.schema";
import type { Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const listAddOnsRoute = createRoute({
  method: "get",
  path: "/add-ons",
  summary: "The add-ons on offer, with their price and minutes for each size class",
  responses: { 200: jsonResponse(z.array(addOnSchema), "The active add-ons, in the order they were made") },
});

/** Prices by the vehicle: the add-ons (and, for admins, the size classes and the single services' prices). */
export function registerPricingRoutes(api: Api) {
  api.openapi(listAddOnsRoute, async (c) => c.json(await c.var.services.pricing.listAddOns(), 200));
}
