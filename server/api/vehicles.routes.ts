import { createRoute, z } from "@hono/zod-openapi";
import {
  GARAGE_MAX,
  latestModelYear,
  vehicleChangesSchema,
  vehicleInputSchema,
  vehicleSchema,
} from "~/features/garage/garage.schema";
import { textField } from "~/lib/text-field";
import { errorResponse } from "../errors";
import { requestToday, type Api } from "./api-env";
import { deletedSchema, insertedSchema, jsonResponse, updatedSchema } from "./openapi-responses";

// Next year's models are on sale: the latest year is read from the business's today at each parse.
const maxYear = () => latestModelYear(requestToday());
const vehicle = vehicleSchema.meta({ id: "Vehicle" });
const newVehicle = vehicleInputSchema({ maxYear }).meta({
  id: "NewVehicle",
  description:
    "Only vehicleType is required. year is 1980 to next year, or null; plate takes letters, digits, spaces and " +
    "dashes (stored in capitals); nickname, make and model at most 40 characters, color 30, plate 15. Unknown fields are refused.",
});
const vehicleChanges = vehicleChangesSchema({ maxYear }).meta({
  id: "VehicleChanges",
  description: "Any fields of NewVehicle, checked the same way; only those sent change. Unknown fields are refused.",
});
const idParam = z.object({ id: textField().describe("the vehicle's _id") });
const notSignedIn = { 401: errorResponse("Not signed in") };
const notYours = errorResponse("No vehicle of yours has this id (another member's is answered the same)");

const listRoute = createRoute({
  method: "get",
  path: "/vehicles",
  summary: "The signed-in member's own vehicles (their garage)",
  description: `In the order they were added; at most ${GARAGE_MAX}. Only the caller's own, never another member's.`,
  responses: { 200: jsonResponse(z.array(vehicle), "The caller's vehicles"), ...notSignedIn },
});

const addRoute = createRoute({
  method: "post",
  path: "/vehicles",
  summary: "Add a vehicle to the signed-in member's garage",
  description: `A member keeps at most ${GARAGE_MAX} vehicles: one more is refused (409), also when several are added at once.`,
  request: { body: { required: true, content: { "application/json": { schema: newVehicle } } } },
  responses: {
    201: jsonResponse(insertedSchema, "Added"),
    400: errorResponse("Invalid body: a message per field"),
    409: errorResponse(`The garage already holds ${GARAGE_MAX} vehicles`),
    ...notSignedIn,
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/vehicles/{id}",
  summary: "Change one of the signed-in member's vehicles",
  description: "Only the fields sent change; modifiedCount is 0 when nothing differs.",
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: vehicleChanges } } },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Saved"),
    400: errorResponse("Invalid body: a message per field"),
    404: notYours,
    ...notSignedIn,
  },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/vehicles/{id}",
  summary: "Remove one of the signed-in member's vehicles",
  description: "Bookings already made with it keep their own copy of the vehicle.",
  request: { params: idParam },
  responses: { 200: jsonResponse(deletedSchema, "Removed"), 404: notYours, ...notSignedIn },
});

/** The customer's garage: each member's own vehicles, for the booking forms and My vehicles. */
export function registerVehicleRoutes(api: Api) {
  api.openapi(listRoute, async (c) => {
    const list = await c.var.services.garage.listVehicles(await c.var.actor());
    c.header("Cache-Control", "private, no-store");
    return c.json(list, 200);
  });
  api.openapi(addRoute, async (c) =>
    c.json(await c.var.services.garage.addVehicle(await c.var.actor(), c.req.valid("json")), 201),
  );
  api.openapi(updateRoute, async (c) =>
    c.json(
      await c.var.services.garage.updateVehicle(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
  api.openapi(removeRoute, async (c) =>
    c.json(await c.var.services.garage.removeVehicle(await c.var.actor(), c.req.valid("param").id), 200),
  );
}
