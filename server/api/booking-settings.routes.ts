import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Api } from ".";
import { calendarDay } from "~/features/bookings/bookings.schema";
import {
  bookingSettingsChangeSchema,
  bookingSettingsSchema,
  closeDateSchema,
  closedDateSchema,
} from "~/features/bookings/booking-settings.schema";
import { AppError } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import { adminErrors, errorResponse, fieldMessages } from "../errors";
import type { Services } from "~/.server/services";
import { actorOf, adminOnly } from "./request-actor";

const settingsResponse = {
  description: "The settings",
  content: { "application/json": { schema: bookingSettingsSchema } },
};

const getSettingsRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "get",
    path: "/booking-settings",
    summary: "Bays per time slot and the business's address for new requests (admins)",
    responses: { 200: settingsResponse, ...adminErrors },
  });

const updateSettingsRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "patch",
    path: "/booking-settings",
    summary: "Change the bays per time slot (1–20) or the business's address (empty: none) (admins)",
    request: { body: { required: true, content: { "application/json": { schema: bookingSettingsChangeSchema } } } },
    responses: { 200: settingsResponse, 400: errorResponse("Invalid value"), ...adminErrors },
  });

const listClosedRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "get",
    path: "/closed-dates",
    summary: "Upcoming closed dates (admins)",
    responses: {
      200: {
        description: "Closed dates from today on",
        content: { "application/json": { schema: z.array(closedDateSchema) } },
      },
      ...adminErrors,
    },
  });

const closeRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "post",
    path: "/closed-dates",
    summary: "Close a date to bookings (admins)",
    description:
      "Body: date (YYYY-MM-DD, today or later), reason. Existing bookings stay; liveBookings says how many are not cancelled.",
    responses: {
      201: {
        description: "Closed",
        content: {
          "application/json": {
            schema: z.object({ acknowledged: z.boolean(), insertedId: z.string(), liveBookings: z.number() }),
          },
        },
      },
      400: errorResponse("Invalid date"),
      ...adminErrors,
    },
  });

const reopenRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "delete",
    path: "/closed-dates/{date}",
    summary: "Open a closed date again (admins)",
    request: { params: z.object({ date: calendarDay("Use a date like 2026-05-31") }) },
    responses: {
      200: {
        description: "Reopened",
        content: { "application/json": { schema: z.object({ acknowledged: z.boolean(), deletedCount: z.number() }) } },
      },
      404: errorResponse("That date is not closed"),
      ...adminErrors,
    },
  });

export function registerBookingSettingsRoutes(api: Api, services: Services, options: { timeZone: string }) {
  const admin = adminOnly(services) as MiddlewareHandler;
  const settings = services.bookingSettings;

  api.openapi(getSettingsRoute(admin), async (c) =>
    c.json(await settings.getSettings(await actorOf(c, services)), 200),
  );

  api.openapi(updateSettingsRoute(admin), async (c) =>
    c.json(await settings.updateSettings(await actorOf(c, services), c.req.valid("json")), 200),
  );

  api.openapi(listClosedRoute(admin), async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await settings.listClosedDates(await actorOf(c, services), businessToday(options.timeZone)), 200);
  });

  api.openapi(closeRoute(admin), async (c) => {
    // "Today" moves, so the schema is built per request, as for bookings.
    const parsed = closeDateSchema(businessToday(options.timeZone)).safeParse(
      await c.req.json().catch(() => undefined),
    );
    if (!parsed.success)
      throw new AppError(
        "validation_failed",
        "Please check the highlighted fields.",
        fieldMessages(parsed.error.issues),
      );
    return c.json(await settings.closeDate(await actorOf(c, services), parsed.data), 201);
  });

  api.openapi(reopenRoute(admin), async (c) =>
    c.json(await settings.reopenDate(await actorOf(c, services), c.req.valid("param").date), 200),
  );
}
