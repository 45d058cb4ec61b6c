import { createRoute, z } from "@hono/zod-openapi";
import { isoDay } from "~/features/bookings/bookings.schema";
import {
  bookingSettingsChangeSchema,
  bookingSettingsSchema,
  closeDateSchema,
  closedDateSchema,
  CLOSURE_CHOICES,
  notMovedSchema,
} from "~/features/bookings/settings/booking-settings.schema";
import { adminErrors, errorResponse } from "../errors";
import { requestToday, type Api } from "./api-env";
import { deletedSchema, insertedSchema, jsonResponse } from "./openapi-responses";

const settingsResponse = {
  description: "The settings",
  content: { "application/json": { schema: bookingSettingsSchema } },
};

const getSettingsRoute = createRoute({
  method: "get",
  path: "/booking-settings",
  summary: "Bays per time slot, the business's address for new requests and the customers' change window (admins)",
  responses: { 200: settingsResponse, ...adminErrors },
});

const updateSettingsRoute = createRoute({
  method: "patch",
  path: "/booking-settings",
  summary:
    "Change the bays per time slot (1–20), the business's address (empty: none) or the hours before a visit until which " +
    "its customer may cancel or reschedule it (0–168) (admins)",
  request: { body: { required: true, content: { "application/json": { schema: bookingSettingsChangeSchema } } } },
  responses: { 200: settingsResponse, 400: errorResponse("Invalid value"), ...adminErrors },
});

const listClosedRoute = createRoute({
  method: "get",
  path: "/closed-dates",
  summary: "Upcoming closed dates (admins)",
  responses: {
    200: {
      description: "Closed dates from today on",
      content: {
        "application/json": {
          schema: z.array(
            closedDateSchema.extend({
              notMoved: z.array(notMovedSchema).describe("live bookings still on the date: not moved yet"),
            }),
          ),
        },
      },
    },
    ...adminErrors,
  },
});

const closeRoute = createRoute({
  method: "post",
  path: "/closed-dates",
  summary: "Close a date to bookings, and tell or cancel the bookings already made for it (admins)",
  description:
    'bookings: "reschedule" (the default) e-mails each live booking\'s customer once, with the reason and their ' +
    "manage link, where they may choose a new time whatever the change window says; the booking needs a new time " +
    'until it moves or the date reopens. "cancel" cancels them, each customer e-mailed the reason (and message). ' +
    "liveBookings: bookings still on the date; emailed: e-mails queued now; cancelled: bookings cancelled.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: closeDateSchema(requestToday).meta({
            id: "CloseDate",
            description: "A YYYY-MM-DD date of today or later in the business's time zone, and why it is closed",
          }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(
      insertedSchema.extend({
        liveBookings: z.number(),
        bookings: z.enum(CLOSURE_CHOICES),
        emailed: z.number(),
        cancelled: z.number(),
      }),
      "Closed",
    ),
    400: errorResponse("Invalid date"),
    ...adminErrors,
  },
});

const reopenRoute = createRoute({
  method: "delete",
  path: "/closed-dates/{date}",
  summary: "Open a closed date again (admins)",
  request: { params: z.object({ date: isoDay }) },
  responses: {
    200: jsonResponse(deletedSchema, "Reopened"),
    404: errorResponse("That date is not closed"),
    ...adminErrors,
  },
});

export function registerBookingSettingsRoutes(api: Api) {
  api.openapi(getSettingsRoute, async (c) =>
    c.json(await c.var.services.bookingSettings.getSettings(await c.var.actor()), 200),
  );

  api.openapi(updateSettingsRoute, async (c) =>
    c.json(await c.var.services.bookingSettings.updateSettings(await c.var.actor(), c.req.valid("json")), 200),
  );

  api.openapi(listClosedRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.bookingSettings.listClosedDates(await c.var.actor(), c.var.today()), 200);
  });

  api.openapi(closeRoute, async (c) =>
    c.json(await c.var.services.bookings.closeDate(await c.var.actor(), c.req.valid("json")), 201),
  );

  api.openapi(reopenRoute, async (c) =>
    c.json(await c.var.services.bookingSettings.reopenDate(await c.var.actor(), c.req.valid("param").date), 200),
  );
}
