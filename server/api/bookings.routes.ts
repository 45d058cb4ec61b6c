import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { stream } from "hono/streaming";
import { bookingsCsvHeader, bookingsCsvRows } from "~/features/bookings/bookings-csv";
import { COUNT_CAP } from "~/features/bookings/bookings.server";
import {
  BOOKING_STATUSES,
  bookingRequestSchema,
  bookingSchema,
  calendarDay,
  TIME_SLOTS,
} from "~/features/bookings/bookings.schema";
import { requireActor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import { pageQuerySchema } from "~/lib/pagination";
import type { Api } from ".";
import { adminErrors, errorResponse, fieldMessages } from "../errors";
import type { Services } from "~/.server/services";
import { createRateLimiter } from "./rate-limiter";
import { actorOf, adminOnly, clientIp } from "./request-actor";

const isoDay = calendarDay("Use a date like 2026-05-31");

const createRouteDef = createRoute({
  method: "post",
  path: "/bookings",
  summary: "Ask for a slot",
  description:
    "The contact form's request (visitors give their e-mail) or, with `planId`, the package page's (signed-in users; the e-mail " +
    "is the account's). The server sets e-mail, status (pending), dates, the package's name and price, and the WASH5 discount; " +
    "sending any of those is refused. A full slot answers 409. Body: " +
    "fullName, phone, email, vehicleType, vehicleYear, serviceType, packageSelection, planId, preferredDate (YYYY-MM-DD, today or " +
    "later in the business's time zone), preferredTimeSlot, promoCode, specialInstructions.",
  responses: {
    201: {
      description: "Requested",
      content: { "application/json": { schema: z.object({ acknowledged: z.boolean(), insertedId: z.string() }) } },
    },
    400: errorResponse("Invalid request, with a message per field"),
    401: errorResponse("The package form needs a signed-in user"),
    409: errorResponse("That time slot is full, or the date is closed"),
    429: errorResponse("Too many requests from this address"),
  },
});

const filterQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
const listQuery = pageQuerySchema.extend(filterQuery.shape);

const listRouteDef = createRoute({
  method: "get",
  path: "/bookings",
  summary: "Bookings: the caller's own, or all for an admin",
  description:
    "Members get only their own bookings (matched by the session's e-mail). Admins filter by status, date range and search " +
    `(name, phone or e-mail). X-Total-Count counts matches up to ${COUNT_CAP}; beyond that X-Total-Count-Exact is false.`,
  request: { query: listQuery },
  responses: {
    200: {
      description: "A page of bookings, newest first; total in X-Total-Count",
      content: { "application/json": { schema: z.array(bookingSchema) } },
    },
    401: errorResponse("Not signed in"),
  },
});

const exportRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "get",
    path: "/bookings/export.csv",
    summary: "The filtered booking list as CSV (admins)",
    description:
      "Same filters as the list, every match, newest first. Cells a spreadsheet would run as formulas start with an apostrophe.",
    request: { query: filterQuery },
    responses: {
      200: { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } },
      ...adminErrors,
    },
  });

const dayRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "get",
    path: "/bookings/day",
    summary: "A date's live bookings by time slot, with the bays per slot (admins)",
    request: { query: z.object({ date: isoDay }) },
    responses: {
      200: {
        description: "The day",
        content: {
          "application/json": {
            schema: z.object({
              date: z.string(),
              closed: z.boolean(),
              bays: z.number(),
              slots: z.array(z.object({ slot: z.string(), bookings: z.array(bookingSchema) })),
            }),
          },
        },
      },
      ...adminErrors,
    },
  });

const updateRouteDef = createRoute({
  method: "patch",
  path: "/bookings/{id}",
  summary: "Cancel your booking, or (admins) set its status and time slot",
  request: {
    params: z.object({ id: z.string() }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({ status: z.enum(BOOKING_STATUSES).optional(), preferredTimeSlot: z.enum(TIME_SLOTS).optional() })
            .strict()
            .refine((v) => v.status !== undefined || v.preferredTimeSlot !== undefined, "Send a status or a time slot"),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Updated",
      content: {
        "application/json": {
          schema: z.object({ acknowledged: z.boolean(), matchedCount: z.number(), modifiedCount: z.number() }),
        },
      },
    },
    403: errorResponse("Members may only cancel"),
    404: errorResponse("No such booking for this caller"),
    409: errorResponse("Already cancelled, or the new slot is full"),
  },
});

const availabilityRouteDef = createRoute({
  method: "get",
  path: "/availability",
  summary: "Places left in each time slot of a date",
  request: { query: z.object({ date: isoDay }) },
  responses: {
    200: {
      description: "Slots of the date",
      content: {
        "application/json": {
          schema: z.object({
            date: z.string(),
            closed: z.boolean(),
            slots: z.array(
              z.object({
                slot: z.string(),
                remaining: z.number(),
                started: z.boolean().describe("a slot of today that has begun: no longer bookable"),
              }),
            ),
          }),
        },
      },
    },
  },
});

export interface BookingRouteOptions {
  trustProxy: boolean;
  timeZone: string;
  /** Booking requests per minute from one address, for visitors. */
  bookingsPerMinute: number;
}

export function registerBookingRoutes(api: Api, services: Services, options: BookingRouteOptions) {
  const limiter = createRateLimiter({ max: options.bookingsPerMinute, windowMs: 60_000 });

  api.openapi(createRouteDef, async (c) => {
    const actor = await actorOf(c, services);
    if (!actor && !limiter.allow(clientIp(c, options.trustProxy) ?? "unknown")) {
      throw new AppError(
        "rate_limited",
        "Too many booking requests from your connection. Please wait a minute or call us.",
      );
    }
    const body = await jsonBody(c);
    const fromPackagePage = typeof body === "object" && body !== null && "planId" in body;
    if (fromPackagePage) requireActor(actor);
    const schema = bookingRequestSchema({ today: businessToday(options.timeZone), requireEmail: !actor });
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new AppError(
        "validation_failed",
        "Please check the highlighted fields.",
        fieldMessages(parsed.error.issues),
      );
    return c.json(
      await services.bookings.createBooking(actor, parsed.data, fromPackagePage ? "package" : "contact"),
      201,
    );
  });

  api.openapi(listRouteDef, async (c) => {
    const page = await services.bookings.listBookings(await actorOf(c, services), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    if (page.more) c.header("X-Total-Count-Exact", "false");
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });

  const admin = adminOnly(services) as MiddlewareHandler;

  api.openapi(exportRoute(admin), async (c) => {
    const batches = services.bookings.exportBookings(await actorOf(c, services), c.req.valid("query"));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="bookings-${businessToday(options.timeZone)}.csv"`);
    c.header("Cache-Control", "private, no-store");
    return stream(c, async (out) => {
      await out.write(bookingsCsvHeader());
      for await (const batch of batches) await out.write(bookingsCsvRows(batch));
    }) as never;
  });

  api.openapi(dayRoute(admin), async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await services.bookings.listDay(await actorOf(c, services), c.req.valid("query").date), 200);
  });

  // The specification's admin dialog reports 'Missing booking id' when a booking has none (docs/decisions/008 §8).
  api.patch("/bookings", () => {
    throw new AppError("validation_failed", "Missing booking id");
  });

  api.openapi(updateRouteDef, async (c) =>
    c.json(
      await services.bookings.updateBooking(await actorOf(c, services), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );

  api.openapi(availabilityRouteDef, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await services.bookings.availability(c.req.valid("query").date), 200);
  });
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError("validation_failed", "The request body must be JSON.");
  }
}
