import { createRoute, z } from "@hono/zod-openapi";
import {
  activityPageSchema,
  activityQuerySchema,
  auditEventSchema,
  auditSettingsSchema,
  historyEntrySchema,
} from "~/features/audit/audit.schema";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const historyRoute = createRoute({
  method: "get",
  path: "/bookings/{id}/history",
  summary: "A booking's history: every change made to it and every message sent about it, oldest first (admins)",
  description:
    "Changes by staff, by the customer (My Bookings or the manage link) and by the server, each with when, who and " +
    "the values before and after; and the e-mails written about the booking with their state. At most 200 of each.",
  request: { params: z.object({ id: textField() }) },
  responses: {
    200: jsonResponse(z.array(historyEntrySchema.meta({ id: "BookingHistoryEntry" })), "The history"),
    ...adminErrors,
    404: errorResponse("No such booking"),
  },
});

const activityRoute = createRoute({
  method: "get",
  path: "/activity",
  summary: "Every recorded change, newest first, filtered by person, kind and days (admins)",
  description:
    "A page at a time: ask again with cursor=nextCursor for older ones. from and to are days in the business's time " +
    "zone, both included. Records older than the retention setting are dropped.",
  request: { query: activityQuerySchema },
  responses: {
    200: jsonResponse(
      activityPageSchema.extend({ items: z.array(auditEventSchema.meta({ id: "AuditEvent" })) }),
      "A page of changes",
    ),
    400: errorResponse("Invalid filter or cursor"),
    ...adminErrors,
  },
});

const settingsResponse = jsonResponse(auditSettingsSchema, "How long changes are kept");

const getSettingsRoute = createRoute({
  method: "get",
  path: "/activity/settings",
  summary: "How many days the record of changes is kept (admins)",
  responses: { 200: settingsResponse, ...adminErrors },
});

const updateSettingsRoute = createRoute({
  method: "patch",
  path: "/activity/settings",
  summary: "Set how many days the record of changes is kept, 30 to 3650 (admins)",
  description: "Older records are dropped by the server within a minute. The change is itself recorded.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: auditSettingsSchema.meta({ id: "AuditSettings" }) } },
    },
  },
  responses: { 200: settingsResponse, 400: errorResponse("Not a number of days from 30 to 3650"), ...adminErrors },
});

export function registerAuditRoutes(api: Api) {
  api.openapi(historyRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.audit.bookingHistory(await c.var.actor(), c.req.valid("param").id), 200);
  });

  api.openapi(activityRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.audit.activity(await c.var.actor(), c.req.valid("query")), 200);
  });

  api.openapi(getSettingsRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.audit.getSettings(await c.var.actor()), 200);
  });

  api.openapi(updateSettingsRoute, async (c) =>
    c.json(await c.var.services.audit.updateSettings(await c.var.actor(), c.req.valid("json")), 200),
  );
}
