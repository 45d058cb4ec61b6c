import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  bookingRequestLimits,
  bookingRequestSchema,
  serviceChoiceQuerySchema,
} from "~/features/bookings/bookings.schema";
import { quoteSchema, toApiQuote } from "~/features/pricing/pricing.schema";
import { calendarDay } from "~/lib/calendar-day";
import { textField } from "~/lib/text-field";
import { errorResponse } from "../errors";
import { countPerAddress, requestToday, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import { insertedSchema, jsonResponse } from "./openapi-responses";

/** A booking asked for, priced and its promo checked: the booking forms' three calls (registered by bookings.routes.ts). */
// Whether an e-mail is required depends on who asks, which a schema cannot know: the service checks it.
const bookingRequest = bookingRequestSchema({ today: requestToday, requireEmail: false }).meta({
  id: "BookingRequest",
  description:
    "Both booking forms: the contact form's, or with `planId` the package page's. preferredDate is a YYYY-MM-DD of today " +
    "or later in the business's time zone; vehicleYear is 1980 to next year.",
});

const createRouteDef = createRoute({
  method: "post",
  path: "/bookings",
  summary: "Ask for a slot",
  description:
    "Visitors send the contact form with their e-mail; the package form needs a signed-in user, whose e-mail is used. " +
    "The server sets e-mail, status (pending), dates, the package's name and price, and the WASH5 discount; sending any " +
    "of those is refused. A full slot answers 409. " +
    "Staff at the counter (admins) book for a customer: the body's e-mail is the customer's and may be left out (no " +
    "e-mail to the customer then), no rate or per-customer limit applies, the booking is confirmed at once, and with " +
    "`overCapacity: true` a full slot is booked anyway and the booking marked so.",
  request: { body: { required: true, content: { "application/json": { schema: bookingRequest } } } },
  responses: {
    201: jsonResponse(
      insertedSchema.extend({
        manageToken: z.string().describe("The booking's manage link is /booking/manage/{manageToken}"),
      }),
      "Requested",
    ),
    400: errorResponse("Invalid request, with a message per field"),
    401: errorResponse("The package form needs a signed-in user"),
    403: errorResponse("overCapacity sent by anyone but an admin"),
    409: errorResponse(
      "That time slot is full, the date is closed, or the customer already holds as many bookings as one may " +
        `(${bookingRequestLimits.perDay} a day, ${bookingRequestLimits.upcoming} upcoming; admins are not limited)`,
    ),
    429: errorResponse("Too many requests from this address"),
  },
});

/** The fields of a booking body that price it; the rest of a whole body is accepted and not read. */
const quoteRequest = bookingRequestSchema({ today: requestToday, requireEmail: false })
  .pick({
    vehicleType: true,
    vehicleId: true,
    serviceType: true,
    packageSelection: true,
    planId: true,
    addOns: true,
    promoCode: true,
  })
  .extend({
    // The visit's day and, at the counter, who it is for: the Wash Club's cover depends on them (issue 47).
    preferredDate: calendarDay("Choose a date").optional(),
    email: textField().max(254).optional(),
    phone: textField().max(30).optional(),
  })
  .loose()
  .meta({
    id: "QuoteRequest",
    description:
      "A booking body (or the part of it chosen so far): what is booked, for which vehicle, with which add-ons and code",
  });

const quoteRouteDef = createRoute({
  method: "post",
  path: "/bookings/quote",
  summary: "What a visit will cost and how long it takes, before it is booked",
  description:
    "Prices a booking body as the booking will be priced, from ids alone: the package or service for the vehicle's size " +
    "class, each add-on, and WASH5 (5 % off the visit's total). Any price, length or total in the body is ignored. A " +
    "signed-in member's `vehicleId` prices their garage vehicle's type. A signed-in member who has used WASH5 is told so " +
    "(400 on promoCode); for anyone else the booking judges it. A signed-in member whose verified e-mail holds a Wash " +
    "Club membership covering the service is quoted a line taking its price off (on preferredDate, else today), or a " +
    "note saying why not; at the counter, the membership of the customer's email, phone or plate. A visitor's quote " +
    "never looks one up.",
  request: { body: { required: true, content: { "application/json": { schema: quoteRequest } } } },
  responses: {
    200: jsonResponse(quoteSchema, "The visit's priced lines, total and length"),
    400: errorResponse(
      "Invalid body: an unknown package or add-on, an add-on that does not go with the service, a bad code or one the member has used",
    ),
  },
});

const promoCheckRouteDef = createRoute({
  method: "post",
  path: "/bookings/promo-check",
  summary: "Whether a promo code applies to a package, and what it takes off",
  description:
    "What the booking forms ask before they show WASH5's price. A signed-in member is told if their own e-mail has " +
    "used the code; a visitor's `email` is not looked up, so the answer never tells whether an address has booked " +
    "before (docs/decisions/029). The booking request judges the code again.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: serviceChoiceQuerySchema
            .omit({ minutes: true })
            .extend({
              promoCode: z.string().max(40, "That promo code is too long"),
              email: z.string().max(254).optional().describe("the form's e-mail: accepted, never looked up"),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z.object({
        promoCode: z.string(),
        discount: z.number().describe("dollars off the package's price"),
        finalPrice: z.number().describe("the package's price after the code"),
      }),
      "The code applies",
    ),
    400: errorResponse("The code is unknown, applies to no package price, or the member has used it"),
  },
});

export type BookingRouteOptions = Pick<ApiOptions, "trustedProxies" | "bookingsPerMinute" | "rateLimiters">;

/**
 * Visitors' booking requests are counted per address, before the body is even read. Everyone's
 * bookings, signed in or not, are bounded per e-mail by the booking service.
 */
function limitVisitorBookings(options: BookingRouteOptions): MiddlewareHandler<ApiEnv> {
  const limiter = options.rateLimiters("bookings", { max: options.bookingsPerMinute, windowMs: 60_000 });
  return async (c, next) => {
    if (await c.var.actor()) return next();
    await countPerAddress(
      c,
      limiter,
      options.trustedProxies,
      "Too many booking requests from your connection. Please wait a minute or call us.",
    );
    await next();
  };
}

export function registerBookingRequestRoutes(api: Api, options: BookingRouteOptions) {
  // The limit is configuration and the count belongs to this API, so the middleware joins the declaration here.
  api.openapi({ ...createRouteDef, middleware: [limitVisitorBookings(options)] as const }, async (c) =>
    c.json(await c.var.services.bookings.createBooking(await c.var.actor(), c.req.valid("json")), 201),
  );

  api.openapi(quoteRouteDef, async (c) => {
    const quote = await c.var.services.bookings.quoteBooking(await c.var.actor(), c.req.valid("json"));
    return c.json({ ...toApiQuote(quote), ...(quote.note && { note: quote.note }) }, 200);
  });

  api.openapi(promoCheckRouteDef, async (c) => {
    const { email: _ignored, ...choice } = c.req.valid("json");
    return c.json(await c.var.services.bookings.checkPromo(await c.var.actor(), choice), 200);
  });
}
