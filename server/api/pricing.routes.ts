import { createRoute, z } from "@hono/zod-openapi";
import { actorCan } from "~/lib/access";
import { SERVICE_TYPES, type ServiceType } from "~/features/bookings/bookings.schema";
import {
  addOnChangesSchema,
  addOnInputSchema,
  addOnSchema,
  servicePriceInputSchema,
  servicePriceSchema,
  SIZE_CLASS_IDS,
  sizeClassesSchema,
} from "~/features/pricing/pricing.schema";
import { notFound } from "~/lib/app-error";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { deleteResult, insertResult, updateResult } from "./legacy-plan";
import { deletedSchema, insertedSchema, jsonResponse, updatedSchema } from "./openapi-responses";

// Schemas built in app/ are named with zod's own .meta() (see plans.routes.ts).
const addOn = addOnSchema.meta({ id: "AddOn" });
const servicePrice = servicePriceSchema.meta({ id: "ServicePrice" });

/** The size classes as the API answers them (the request's schema trims and transforms, so it is not the answer's). */
const sizeClasses = z
  .object({
    classes: z
      .array(
        z.object({
          id: z.enum(SIZE_CLASS_IDS),
          name: z.string(),
          surchargePercent: z.number().int().describe("added to the base price when a table leaves the class empty"),
          extraMinutes: z.number().int().describe("added to the base length when a table leaves the class empty"),
        }),
      )
      .describe("small, medium and large, in that order; the first is the base (no surcharge)"),
    vehicleClass: z
      .record(z.string(), z.enum(SIZE_CLASS_IDS))
      .describe(
        "the class each of the specification's vehicle types is priced as; Other's price is confirmed at the shop",
      ),
  })
  .openapi("SizeClasses");

const addOnIdParams = z.object({ id: textField().describe("the add-on's _id") });

const getSizeClassesRoute = createRoute({
  method: "get",
  path: "/size-classes",
  summary: "The size classes: their names, default surcharges, and which class each vehicle type is",
  responses: { 200: jsonResponse(sizeClasses, "The size classes") },
});

const saveSizeClassesRoute = createRoute({
  method: "put",
  path: "/size-classes",
  summary: "Rename the size classes, set their surcharges and extra minutes, map the vehicle types (admins)",
  description:
    "The three classes (small, medium, large, in that order) with a name each (1–30 characters, each its own), a " +
    "surcharge (0–300 %) and extra minutes (0–480) that a price table's empty cell takes; the first class's are " +
    "always 0. Every vehicle type is mapped to a class. Prices shown and quoted follow at once.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: sizeClassesSchema.meta({ id: "SizeClassesInput" }) } },
    },
  },
  responses: {
    200: jsonResponse(sizeClasses, "Saved"),
    400: errorResponse("Invalid body, with a message per field"),
    ...adminErrors,
  },
});

const listAddOnsRoute = createRoute({
  method: "get",
  path: "/add-ons",
  summary: "The add-ons on offer, with their price and minutes for each size class",
  description: "An admin asking `all=true` gets the inactive ones too; anyone else gets the active ones.",
  request: {
    query: z.object({
      all: z.enum(["true", "false"]).optional().describe("true: the inactive add-ons too (admins)"),
    }),
  },
  responses: {
    200: jsonResponse(z.array(addOn), "The add-ons, in the order they were made"),
    400: errorResponse("Invalid query"),
  },
});

const createAddOnRoute = createRoute({
  method: "post",
  path: "/add-ons",
  summary: "Add an add-on (admins)",
  description:
    "name (1–60 characters), description (up to 300), price (dollars, 0–100000) and minutes (0–720) for the first " +
    "size class, classPrices for the others (a cell left out takes the class's surcharge), serviceTypes and planIds " +
    "it goes with (neither: every visit), active (default true). Unknown fields are refused.",
  request: {
    body: { required: true, content: { "application/json": { schema: addOnInputSchema.meta({ id: "NewAddOn" }) } } },
  },
  responses: {
    201: jsonResponse(insertedSchema, "Added"),
    400: errorResponse("Invalid body, with a message per field"),
    ...adminErrors,
  },
});

const updateAddOnRoute = createRoute({
  method: "patch",
  path: "/add-ons/{id}",
  summary: "Change some fields of an add-on, or take it off the forms with active: false (admins)",
  description:
    "Only the fields sent change, with Add's rules; classPrices replaces the whole table. Bookings made keep the " +
    "lines they were quoted.",
  request: {
    params: addOnIdParams,
    body: {
      required: true,
      content: { "application/json": { schema: addOnChangesSchema.meta({ id: "AddOnChanges" }) } },
    },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Saved (modifiedCount 0 when the values were already so)"),
    400: errorResponse("Invalid body"),
    404: errorResponse("No add-on has this id (also for malformed ids)"),
    ...adminErrors,
  },
});

const deleteAddOnRoute = createRoute({
  method: "delete",
  path: "/add-ons/{id}",
  summary: "Delete an add-on (admins)",
  description: "Bookings made keep the add-on's line (its name and amount when booked).",
  request: { params: addOnIdParams },
  responses: {
    200: jsonResponse(deletedSchema, "Deleted"),
    404: errorResponse("No add-on has this id (also for malformed ids)"),
    ...adminErrors,
  },
});

const listServicePricesRoute = createRoute({
  method: "get",
  path: "/service-prices",
  summary: "The single services' prices and lengths, for each size class",
  responses: { 200: jsonResponse(z.array(servicePrice), "The six services, in the booking form's order") },
});

const saveServicePriceRoute = createRoute({
  method: "put",
  path: "/service-prices/{serviceType}",
  summary: "Set a single service's price and length, for each size class (admins)",
  description:
    "price (dollars, 0–100000) and minutes (5–720) for the first size class; classPrices for the others, replacing " +
    "the table (a cell left out takes the class's surcharge). The service type is URL-encoded (Hand%20Wash).",
  request: {
    params: z.object({ serviceType: textField().describe(`one of: ${SERVICE_TYPES.join(", ")}`) }),
    body: {
      required: true,
      content: { "application/json": { schema: servicePriceInputSchema.meta({ id: "ServicePriceInput" }) } },
    },
  },
  responses: {
    200: jsonResponse(servicePrice, "Saved: the service's prices as they now are"),
    400: errorResponse("Invalid body, with a message per field"),
    404: errorResponse("No service has this name"),
    ...adminErrors,
  },
});

const isServiceType = (value: string): value is ServiceType => (SERVICE_TYPES as readonly string[]).includes(value);

/** Prices by the vehicle: the size classes, the add-ons and the single services' prices (admins change them). */
export function registerPricingRoutes(api: Api) {
  api.openapi(getSizeClassesRoute, async (c) => c.json(await c.var.services.pricing.sizeClasses(), 200));
  api.openapi(saveSizeClassesRoute, async (c) =>
    c.json(await c.var.services.pricing.saveSizeClasses(await c.var.actor(), c.req.valid("json")), 200),
  );

  api.openapi(listAddOnsRoute, async (c) => {
    // Only who may edit the catalogue sees the inactive ones; anyone else asking gets what the forms offer.
    const all = c.req.valid("query").all === "true" && actorCan(await c.var.actor(), "catalogue");
    return c.json(await c.var.services.pricing.listAddOns({ all }), 200);
  });
  api.openapi(createAddOnRoute, async (c) =>
    c.json(insertResult(await c.var.services.pricing.createAddOn(await c.var.actor(), c.req.valid("json"))), 201),
  );
  api.openapi(updateAddOnRoute, async (c) =>
    c.json(
      updateResult(
        await c.var.services.pricing.updateAddOn(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")),
      ),
      200,
    ),
  );
  api.openapi(deleteAddOnRoute, async (c) => {
    await c.var.services.pricing.deleteAddOn(await c.var.actor(), c.req.valid("param").id);
    return c.json(deleteResult({ deleted: true }), 200);
  });

  api.openapi(listServicePricesRoute, async (c) => c.json(await c.var.services.pricing.listServicePrices(), 200));
  api.openapi(saveServicePriceRoute, async (c) => {
    const { serviceType } = c.req.valid("param");
    if (!isServiceType(serviceType)) throw notFound("Service");
    const { pricing } = c.var.services;
    await pricing.saveServicePrice(await c.var.actor(), serviceType, c.req.valid("json"));
    const saved = (await pricing.listServicePrices()).find((row) => row.serviceType === serviceType)!;
    return c.json(saved, 200);
  });
}
