import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bookingsCsvHeader, bookingsCsvRows } from "~/features/bookings/bookings-csv";
import { COUNT_CAP } from "~/features/bookings/bookings.server";
import {
  AVAILABILITY_DAYS,
  BOOKING_STATUSES,
  bookingFiltersSchema,
  LIST_ORDERS,
  bookingRequestLimits,
  bookingRequestSchema,
  bookingSchema,
  isoDay,
  serviceChoiceQuerySchema,
  SLOT_REFUSALS,
  timeSlotField,
  toApiBooking,
} from "~/features/bookings/bookings.schema";
import { quoteSchema, toApiQuote } from "~/features/pricing/pricing.schema";
import { AppError } from "~/lib/app-error";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";
import { csvDownload } from "./csv-stream";
import { adminErrors, errorResponse } from "../errors";
import { adminOnly, countPerAddress, requestToday, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import { insertedSchema, jsonResponse, updatedSchema } from "./openapi-responses";

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
    "(400 on promoCode); for anyone else the booking judges it.",
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

const listQuery = pageQuerySchema.extend(bookingFiltersSchema.shape).extend({
  order: z
    .enum(LIST_ORDERS)
    .optional()
    .describe("admins: 'visit' lists upcoming visits first (soonest first), then past ones (latest first)"),
});
/** A booking of the caller's own, with the token of its manage link (/booking/manage/{manageToken}). */
const ownBookingSchema = bookingSchema.extend({
  manageToken: z.string().optional().describe("On the caller's own bookings: its manage link's token"),
});

const listRouteDef = createRoute({
  method: "get",
  path: "/bookings",
  summary: "Bookings: the caller's own, or all for an admin",
  description:
    "Members get only their own bookings: those their account made, and those made with their e-mail address once " +
    "they have verified it; upcoming first (soonest first), then past ones (latest first). Admins filter by status, date range and search " +
    `(name, phone in any form, e-mail or the booking's reference). X-Total-Count counts matches up to ${COUNT_CAP}; beyond that X-Total-Count-Exact is false.`,
  request: { query: listQuery },
  responses: {
    200: {
      description: "A page of bookings, newest first; total in X-Total-Count",
      content: { "application/json": { schema: z.array(ownBookingSchema) } },
    },
    401: errorResponse("Not signed in"),
  },
});

const findRouteDef = createRoute({
  method: "get",
  path: "/bookings/{id}",
  summary: "One of your own bookings, with its manage link's token",
  request: { params: z.object({ id: textField() }) },
  responses: {
    200: jsonResponse(ownBookingSchema, "The booking"),
    401: errorResponse("Not signed in"),
    404: errorResponse("No such booking of this caller's"),
  },
});

const exportRoute = createRoute({
  middleware: [adminOnly] as const,
  method: "get",
  path: "/bookings/export.csv",
  summary: "The filtered booking list as CSV (admins)",
  description:
    "Same filters as the list, every match, newest first. Cells a spreadsheet would run as formulas start with an apostrophe.",
  request: { query: bookingFiltersSchema },
  responses: {
    200: { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } },
    ...adminErrors,
  },
});

const dayRoute = createRoute({
  middleware: [adminOnly] as const,
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
            windows: z
              .array(z.string())
              .describe("the arrival windows the day has (Booking Settings), and any a booking still holds"),
            slots: z.array(
              z.object({
                slot: z.string(),
                bookings: z.array(
                  bookingSchema.extend({
                    continuesFrom: z
                      .string()
                      .optional()
                      .describe("a longer visit that arrived in this earlier slot and still holds a bay here"),
                  }),
                ),
              }),
            ),
          }),
        },
      },
    },
    ...adminErrors,
  },
});

const confirmManyRouteDef = createRoute({
  middleware: [adminOnly] as const,
  method: "post",
  path: "/bookings/confirm",
  summary: "Confirm several bookings together, or none (admins)",
  description:
    "Each booking is sent with the date and time slot the admin saw. If any of them was cancelled, moved or deleted " +
    "since, nothing is confirmed (409, naming them). One already confirmed is left as it is; each booking confirmed " +
    "now e-mails its customer.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              bookings: z
                .array(z.object({ id: textField(), preferredDate: isoDay, preferredTimeSlot: timeSlotField }).strict())
                .min(1, "Choose at least one booking")
                .max(100, "At most 100 bookings at once"),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(updatedSchema, "All confirmed (modifiedCount: how many were pending)"),
    400: errorResponse("Invalid body"),
    409: errorResponse("Some booking changed meanwhile: nothing was confirmed"),
    ...adminErrors,
  },
});

const updateRouteDef = createRoute({
  method: "patch",
  path: "/bookings/{id}",
  summary: "Cancel your booking, or (admins) set its status, date and time slot",
  description:
    "Members may only cancel their own booking, and not inside the change window before the visit (booking setting " +
    "cancelWindowHours) nor once it has begun. Admins are not bound by the window; a move to another date or slot " +
    "takes a place in every slot the visit spans there (refused when one is full or the date is closed) before it frees the old one.",
  request: {
    params: z.object({ id: textField() }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.enum(BOOKING_STATUSES).optional(),
              preferredTimeSlot: timeSlotField.optional(),
              preferredDate: isoDay.optional().describe("admins: move the booking to this date"),
            })
            .strict()
            .refine(
              (v) => v.status !== undefined || v.preferredTimeSlot !== undefined || v.preferredDate !== undefined,
              "Send a status, a date or a time slot",
            ),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Updated"),
    403: errorResponse("Members may only cancel"),
    404: errorResponse("No such booking for this caller"),
    409: errorResponse(
      "Already cancelled, inside the change window or begun (members), the new slot is full or the new date closed, " +
        "or a slot or date alone was sent for a cancelled booking",
    ),
  },
});

const slotAvailability = z.object({
  slot: z.string().describe("the arrival window, as bookings name it"),
  start: z.string().describe("HH:MM on the business's clock"),
  end: z.string(),
  remaining: z
    .number()
    .describe("places left in every slot the service would hold (the fewest); 0 on a closed date or once started"),
  offered: z.boolean().describe("whether a customer may ask for this arrival slot for this service"),
  reason: z
    .enum(SLOT_REFUSALS)
    .optional()
    .describe("why not: the date is closed, the slot has started, the service would end after closing, no place"),
});

const choiceDescription =
  "Slots follow the opening hours and the service's length (a package's by planId, else the service type's, or with " +
  "packageSelection Basic/Standard/Premium the catalogue's newest package of that tier; one two-hour slot if none is given). " +
  "An arrival slot is offered when the service ends by closing time and every slot it overlaps has a place left.";

const availabilityRouteDef = createRoute({
  method: "get",
  path: "/availability",
  summary: "Places left in each time slot of a date",
  description: choiceDescription,
  request: { query: serviceChoiceQuerySchema.extend({ date: isoDay }) },
  responses: {
    200: {
      description: "Slots of the date",
      content: {
        "application/json": {
          schema: z.object({
            date: z.string(),
            closed: z.boolean(),
            minutes: z.number().describe("the service's length the slots were judged for"),
            slots: z.array(
              slotAvailability.extend({
                started: z.boolean().describe("a slot of today that has begun: no longer bookable"),
              }),
            ),
          }),
        },
      },
    },
    400: errorResponse("Invalid query, or no package has this planId"),
  },
});

const availabilityDaysRouteDef = createRoute({
  method: "get",
  path: "/availability/days",
  summary: "The next days with their slots for one service: what the booking forms offer",
  description: choiceDescription + " Read in a few queries for the whole range.",
  request: {
    query: serviceChoiceQuerySchema.extend({
      from: isoDay.optional().describe("the first day (YYYY-MM-DD); today in the business's time zone if absent"),
      days: z.coerce
        .number({ message: `Days must be a whole number from 1 to ${AVAILABILITY_DAYS.max}` })
        .int(`Days must be a whole number from 1 to ${AVAILABILITY_DAYS.max}`)
        .min(1, `Days must be a whole number from 1 to ${AVAILABILITY_DAYS.max}`)
        .max(AVAILABILITY_DAYS.max, `Days must be a whole number from 1 to ${AVAILABILITY_DAYS.max}`)
        .default(AVAILABILITY_DAYS.default),
    }),
  },
  responses: {
    200: {
      description: "Each day in order",
      content: {
        "application/json": {
          schema: z.object({
            minutes: z.number().describe("the service's length the slots were judged for"),
            days: z.array(
              z.object({
                date: z.string(),
                closed: z.boolean(),
                open: z.boolean().describe("whether any slot is offered"),
                slots: z.array(slotAvailability),
              }),
            ),
          }),
        },
      },
    },
    400: errorResponse("Invalid query, or no package has this planId"),
  },
});

type BookingRouteOptions = Pick<ApiOptions, "trustedProxies" | "bookingsPerMinute" | "rateLimiters">;

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

export function registerBookingRoutes(api: Api, options: BookingRouteOptions) {
  // The limit is configuration and the count belongs to this API, so the middleware joins the declaration here.
  api.openapi({ ...createRouteDef, middleware: [limitVisitorBookings(options)] as const }, async (c) =>
    c.json(await c.var.services.bookings.createBooking(await c.var.actor(), c.req.valid("json")), 201),
  );

  api.openapi(quoteRouteDef, async (c) => {
    const quote = await c.var.services.bookings.quoteBooking(await c.var.actor(), c.req.valid("json"));
    return c.json(toApiQuote(quote), 200);
  });

  api.openapi(promoCheckRouteDef, async (c) => {
    const { email: _ignored, ...choice } = c.req.valid("json");
    return c.json(await c.var.services.bookings.checkPromo(await c.var.actor(), choice), 200);
  });

  api.openapi(listRouteDef, async (c) => {
    const page = await c.var.services.bookings.listBookings(await c.var.actor(), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    if (page.more) c.header("X-Total-Count-Exact", "false");
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items.map(toApiBooking), 200);
  });

  api.openapi(exportRoute, async (c) => {
    const batches = c.var.services.bookings.exportBookings(await c.var.actor(), c.req.valid("query"));
    const file = { name: `bookings-${c.var.today()}.csv`, header: bookingsCsvHeader(), rows: bookingsCsvRows };
    return csvDownload(c, file, batches);
  });

  api.openapi(dayRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const day = await c.var.services.bookings.listDay(await c.var.actor(), c.req.valid("query").date);
    return c.json({ ...day, slots: day.slots.map((s) => ({ ...s, bookings: s.bookings.map(toApiBooking) })) }, 200);
  });

  // The specification's admin dialog reports 'Missing booking id' when a booking has none (docs/specification-quirks.md §8).
  api.patch("/bookings", () => {
    throw new AppError("validation_failed", "Missing booking id");
  });

  api.openapi(confirmManyRouteDef, async (c) =>
    c.json(await c.var.services.bookings.confirmMany(await c.var.actor(), c.req.valid("json").bookings), 200),
  );

  api.openapi(updateRouteDef, async (c) => {
    const actor = await c.var.actor();
    const { id } = c.req.valid("param");
    const change = c.req.valid("json");
    if (actor?.role === "admin") return c.json(await c.var.services.bookings.updateBooking(actor, id, change), 200);
    if (change.status !== "cancelled" || change.preferredTimeSlot !== undefined || change.preferredDate !== undefined) {
      // Members may only cancel; someone else's booking stays "not found" to them, whatever they ask.
      await c.var.services.bookings.findOwnBooking(actor, id);
      throw new AppError("forbidden", "You can only cancel your booking.");
    }
    return c.json(await c.var.services.bookings.cancelOwnBooking(actor, id), 200);
  });

  // After /bookings/day and /bookings/export.csv, which are not ids.
  api.openapi(findRouteDef, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const booking = await c.var.services.bookings.findOwnBooking(await c.var.actor(), c.req.valid("param").id);
    return c.json({ ...booking, ...toApiBooking(booking) }, 200);
  });

  api.openapi(availabilityRouteDef, async (c) => {
    c.header("Cache-Control", "no-store");
    const { date, ...choice } = c.req.valid("query");
    return c.json(await c.var.services.bookings.availability(date, choice), 200);
  });

  api.openapi(availabilityDaysRouteDef, async (c) => {
    c.header("Cache-Control", "no-store");
    const { from, days, ...choice } = c.req.valid("query");
    return c.json(await c.var.services.bookings.availabilityDays(from ?? c.var.today(), days, choice), 200);
  });
}
