import { createRoute, z } from "@hono/zod-openapi";
import { actorCan } from "~/lib/access";
import { bookingsCsvHeader, bookingsCsvRows } from "~/features/bookings/bookings-csv";
import { COUNT_CAP } from "~/features/bookings/bookings.server";
import {
  BOOKING_STATUSES,
  bookingFiltersSchema,
  bookingSchema,
  isoDay,
  LIST_ORDERS,
  timeSlotField,
  toApiBooking,
} from "~/features/bookings/bookings.schema";
import { AppError } from "~/lib/app-error";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";
import { csvDownload } from "./csv-stream";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { registerAvailabilityRoutes } from "./availability.routes";
import { registerBookingRequestRoutes, type BookingRouteOptions } from "./booking-requests.routes";
import { jsonResponse, updatedSchema } from "./openapi-responses";

/**
 * The stored bookings: the lists (a caller's own, or everyone's for an admin), the CSV export, a
 * date's board, one booking read or changed, several confirmed together. A request, its quote and
 * its promo check are booking-requests.routes.ts's; the places left, availability.routes.ts's.
 */

const listQuery = pageQuerySchema.extend(bookingFiltersSchema.shape).extend({
  order: z
    .enum(LIST_ORDERS)
    .optional()
    .describe("admins: 'visit' lists upcoming visits first (soonest first), then past ones (latest first)"),
});
/** A booking of the caller's own, with the token of its manage link (/booking/manage/{manageToken}). */
export const ownBookingSchema = bookingSchema.extend({
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

const exportRoute = createRoute({
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
            hours: z
              .object({ opens: z.number(), closes: z.number() })
              .nullable()
              .describe("the day's opening hours, minutes after midnight; null on a weekday the shop is closed"),
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

const confirmManyRouteDef = createRoute({
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

export function registerBookingRoutes(api: Api, options: BookingRouteOptions) {
  // In this order: the OpenAPI document lists them so.
  registerBookingRequestRoutes(api, options);

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
    if (actorCan(actor, "desk")) return c.json(await c.var.services.bookings.updateBooking(actor, id, change), 200);
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

  registerAvailabilityRoutes(api);
}
