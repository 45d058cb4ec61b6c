import { createRoute, z } from "@hono/zod-openapi";
import {
  AVAILABILITY_DAYS,
  isoDay,
  serviceChoiceQuerySchema,
  SLOT_REFUSALS,
} from "~/features/bookings/bookings.schema";
import { errorResponse } from "../errors";
import type { Api } from "./api-env";

/** Places left per slot, for a date and for the next days: what the booking forms offer (registered by bookings.routes.ts). */

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

export function registerAvailabilityRoutes(api: Api) {
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
