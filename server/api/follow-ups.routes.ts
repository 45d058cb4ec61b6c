import { createRoute, z } from "@hono/zod-openapi";
import {
  DEFAULT_OIL_TYPES,
  followUpSettingsChangeSchema,
  followUpSettingsSchema,
  serviceRecordInputSchema,
} from "~/features/follow-ups/follow-ups.schema";
import { serviceDueCsv } from "~/features/follow-ups/service-record-text";
import { DUE_LIST_MAX } from "~/features/follow-ups/service-records.server";
import {
  DUE_WITHIN_DEFAULT,
  DUE_WITHIN_MAX,
  dueVehicleSchema,
  dueWithinSchema,
  OVERDUE_DAYS_MAX,
  serviceRecordSchema,
} from "~/features/follow-ups/service-records.schema";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const params = z.object({ id: textField() });

const recordRoute = createRoute({
  method: "post",
  path: "/bookings/{id}/service-record",
  summary: "Record the oil change of a visit: odometer and oil (admins)",
  description:
    "The oil's months after the visit's day (today for a visit booked for a later day) and its miles after the " +
    "odometer give the vehicle's next oil change. One record per visit: sending again corrects it. Refused (409) " +
    "for a cancelled booking or a no-show; an oil that is not one of the settings' oil types is a field error.",
  request: {
    params,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: serviceRecordInputSchema.meta({
            id: "ServiceRecordInput",
            description: `odometer in whole miles (0–2,000,000); oilType: an id of the oil types setting (defaults: ${DEFAULT_OIL_TYPES.map((o) => o.id).join(", ")})`,
          }),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z.object({ nextDueDate: z.string(), nextDueMileage: z.number().int(), record: serviceRecordSchema }),
      "Recorded: when the next oil change is due",
    ),
    400: errorResponse("Invalid odometer or oil, with a message per field"),
    404: errorResponse("No such booking"),
    409: errorResponse("The booking was cancelled, or the visit was a no-show"),
    ...adminErrors,
  },
});

const findRecordRoute = createRoute({
  method: "get",
  path: "/bookings/{id}/service-record",
  summary: "A visit's oil change as recorded, and the oils a record may name (admins)",
  request: { params },
  responses: {
    200: jsonResponse(
      z.object({
        record: serviceRecordSchema.nullable().describe("null: nothing recorded on this visit"),
        oilTypes: followUpSettingsSchema.shape.oilTypes,
      }),
      "The record, or null",
    ),
    404: errorResponse("No such booking"),
    ...adminErrors,
  },
});

const dueQuery = z.object({
  within: dueWithinSchema
    .default(DUE_WITHIN_DEFAULT)
    .describe(`days ahead of today (1–${DUE_WITHIN_MAX}, default ${DUE_WITHIN_DEFAULT})`),
});
const dueDescription =
  "Each vehicle's latest oil change whose next due date is within `within` days of today (the business's), or " +
  `passed by up to ${OVERDUE_DAYS_MAX} days; soonest due first, with the visit's customer and vehicle. ` +
  "`overdue`: due before today; `booked`: an oil change for the vehicle has been booked since.";

const dueRoute = createRoute({
  method: "get",
  path: "/service-due",
  summary: "Vehicles due soon or overdue for an oil change (admins)",
  description: `${dueDescription} Paged by limit and offset; X-Total-Count gives every match.`,
  request: { query: dueQuery.extend(pageQuerySchema.shape) },
  responses: {
    200: jsonResponse(z.array(dueVehicleSchema), "The vehicles"),
    400: errorResponse("Invalid within, limit or offset"),
    ...adminErrors,
  },
});

const dueCsvRoute = createRoute({
  method: "get",
  path: "/service-due.csv",
  summary: "The service due list as CSV (admins)",
  description: `${dueDescription} Every match up to ${DUE_LIST_MAX.toLocaleString("en-US")}. Cells a spreadsheet would run as formulas start with an apostrophe.`,
  request: { query: dueQuery },
  responses: {
    200: { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Invalid within"),
    ...adminErrors,
  },
});

const settingsResponse = jsonResponse(followUpSettingsSchema, "The settings");

const getSettingsRoute = createRoute({
  method: "get",
  path: "/follow-up-settings",
  summary: "Oil types and their intervals, due reminders, review requests (admins)",
  responses: { 200: settingsResponse, ...adminErrors },
});

const updateSettingsRoute = createRoute({
  method: "patch",
  path: "/follow-up-settings",
  summary: "Change any of the follow-up settings (admins)",
  description:
    "oilTypes replaces the whole list (1–12; months 1–24, miles 500–25,000; a record keeps its oil's name if the oil " +
    "is removed later); dueReminderDaysBefore 0–60, followUpDaysAfter 1–120, reviewRequestDaysAfter 0–14.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: followUpSettingsChangeSchema.meta({ id: "FollowUpSettingsChange" }) } },
    },
  },
  responses: { 200: settingsResponse, 400: errorResponse("Invalid value, with a message per field"), ...adminErrors },
});

export function registerFollowUpRoutes(api: Api) {
  api.openapi(recordRoute, async (c) =>
    c.json(
      await c.var.services.serviceRecords.record(
        await c.var.actor(),
        c.req.valid("param").id,
        c.req.valid("json"),
        c.var.today(),
      ),
      200,
    ),
  );

  api.openapi(findRecordRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.serviceRecords.forVisit(await c.var.actor(), c.req.valid("param").id), 200);
  });

  api.openapi(dueRoute, async (c) => {
    const { within, limit, offset } = c.req.valid("query");
    const list = await c.var.services.serviceRecords.dueList(await c.var.actor(), {
      within,
      limit,
      offset,
      today: c.var.today(),
    });
    c.header("X-Total-Count", String(list.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(list.items, 200);
  });

  api.openapi(dueCsvRoute, async (c) => {
    const { within } = c.req.valid("query");
    const today = c.var.today();
    const list = await c.var.services.serviceRecords.dueList(await c.var.actor(), {
      within,
      today,
      limit: DUE_LIST_MAX,
    });
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="service-due-${today}-${within}-days.csv"`);
    c.header("Cache-Control", "private, no-store");
    return c.body(serviceDueCsv(list.items), 200);
  });

  api.openapi(getSettingsRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.followUpSettings.getSettings(await c.var.actor()), 200);
  });

  api.openapi(updateSettingsRoute, async (c) =>
    c.json(await c.var.services.followUpSettings.updateSettings(await c.var.actor(), c.req.valid("json")), 200),
  );
}
