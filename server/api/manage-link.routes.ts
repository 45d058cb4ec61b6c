import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bookingSchema, timeSlotField, toApiBooking, upcomingDay } from "~/features/bookings/bookings.schema";
import { notFound } from "~/lib/app-error";
import { errorResponse } from "../errors";
import { countPerAddress, requestToday, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import { emptyJsonBody, jsonResponse, updatedSchema } from "./openapi-responses";

/** Wrong tokens an address may try in a minute: plenty for a mistyped link, nothing for guessing 192 bits. */
export const WRONG_TOKENS_PER_MINUTE = 20;

const tokenParam = z.object({
  token: z.string().max(100).describe("The booking's manage token, from its e-mails or the answer to POST /bookings"),
});

const notFoundResponse = errorResponse("No booking has this token (one changed character is enough)");
const tooManyResponse = errorResponse("Too many wrong tokens from this address");
const refusedResponse = errorResponse(
  "Already cancelled, inside the change window, the visit has begun, or (reschedule) the new slot is full, closed or has begun",
);

const viewRoute = createRoute({
  method: "get",
  path: "/bookings/manage/{token}",
  summary: "A booking through its manage link, and whether its holder may still change it",
  description:
    "No account needed: the token is the key. canChange is false once the booking is cancelled, inside the change " +
    "window (booking setting cancelWindowHours) or once the visit has begun; reason says which.",
  request: { params: tokenParam },
  responses: {
    200: jsonResponse(
      z.object({
        booking: bookingSchema.extend({ manageToken: z.string() }),
        canChange: z.boolean(),
        canReschedule: z
          .boolean()
          .describe(
            "as canChange, but also true for a booking on a day the shop has since closed (booking.needsNewTime)",
          ),
        closedReason: z.string().optional().describe("why its day is closed, when booking.needsNewTime"),
        changeDeadline: z.string().nullable().describe("ISO instant: the last moment to cancel or reschedule"),
        reason: z.string().optional(),
      }),
      "The booking",
    ),
    404: notFoundResponse,
    429: tooManyResponse,
  },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/bookings/manage/{token}/cancel",
  summary: "Cancel a booking through its manage link",
  request: {
    params: tokenParam,
    body: emptyJsonBody,
  },
  responses: {
    200: jsonResponse(updatedSchema, "Cancelled"),
    404: notFoundResponse,
    409: refusedResponse,
    429: tooManyResponse,
  },
});

const rescheduleBody = z
  .object({
    preferredDate: upcomingDay(requestToday),
    preferredTimeSlot: timeSlotField,
  })
  .strict()
  .meta({ id: "Reschedule", description: "The new date (today or later, YYYY-MM-DD) and time slot" });

const rescheduleRoute = createRoute({
  method: "post",
  path: "/bookings/manage/{token}/reschedule",
  summary: "Move a booking to another date and time slot through its manage link",
  description:
    "In one transaction: the new place is taken before the old one is freed, or nothing changes. The customer and " +
    "the business are e-mailed the new time.",
  request: {
    params: tokenParam,
    body: { required: true, content: { "application/json": { schema: rescheduleBody } } },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Moved (modifiedCount 0: it was already there)"),
    400: errorResponse("Invalid date or slot"),
    404: notFoundResponse,
    409: refusedResponse,
    429: tooManyResponse,
  },
});

const calendarRoute = createRoute({
  method: "get",
  path: "/bookings/manage/{token}/calendar.ics",
  summary: "The booking's calendar file",
  description: "The same event (UID) as the e-mails' attachments, at its current SEQUENCE, so calendars update it.",
  request: { params: tokenParam },
  responses: {
    200: { description: "iCalendar (RFC 5545)", content: { "text/calendar": { schema: z.string() } } },
    404: notFoundResponse,
    429: tooManyResponse,
  },
});

/**
 * Tokens the server did not sign are counted per address, before the database is asked; a holder
 * of a real link is never slowed down. Guessing is hopeless anyway (192 bits); this keeps it cheap
 * for us, not for the guesser.
 */
function limitWrongTokens(options: Pick<ApiOptions, "trustedProxies" | "rateLimiters">): MiddlewareHandler<ApiEnv> {
  const limiter = options.rateLimiters("manage-token", { max: WRONG_TOKENS_PER_MINUTE, windowMs: 60_000 });
  return async (c, next) => {
    const token = c.req.param("token") ?? "";
    if (c.var.services.manageLinks.bookingIdFromToken(token) !== null) return next();
    await countPerAddress(
      c,
      limiter,
      options.trustedProxies,
      "Too many attempts from your connection. Please wait a minute or call us.",
    );
    throw notFound("Booking");
  };
}

export function registerManageLinkRoutes(api: Api, options: Pick<ApiOptions, "trustedProxies" | "rateLimiters">) {
  const guard = limitWrongTokens(options);
  // The token is in the address: neither the answers nor the pages they lead to may be kept by a shared cache.
  const privateAnswer: MiddlewareHandler<ApiEnv> = async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  };

  api.openapi({ ...viewRoute, middleware: [guard, privateAnswer] as const }, async (c) => {
    const view = await c.var.services.bookings.findByManageToken(c.req.valid("param").token);
    return c.json({ ...view, booking: { ...view.booking, ...toApiBooking(view.booking) } }, 200);
  });

  api.openapi({ ...cancelRoute, middleware: [guard] as const }, async (c) =>
    c.json(await c.var.services.bookings.cancelByManageToken(c.req.valid("param").token), 200),
  );

  api.openapi({ ...rescheduleRoute, middleware: [guard] as const }, async (c) =>
    c.json(await c.var.services.bookings.rescheduleByManageToken(c.req.valid("param").token, c.req.valid("json")), 200),
  );

  api.openapi({ ...calendarRoute, middleware: [guard, privateAnswer] as const }, async (c) => {
    const file = await c.var.services.bookings.calendarByManageToken(c.req.valid("param").token);
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${file.filename}"`);
    return c.body(file.content, 200);
  });
}
