import { createRoute, z } from "@hono/zod-openapi";
import { bookingSchema, toApiBooking } from "~/features/bookings/bookings.schema";
import { VISIT_STAGES } from "~/features/bookings/visit-stages";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const params = z.object({ id: textField() });

const stageRoute = createRoute({
  method: "put",
  path: "/bookings/{id}/stage",
  summary: "Set where a visit is on the day, or clear it with null (admins)",
  description:
    "Stages sit beside the booking's status: checked-in, in-progress, ready (e-mails the customer that the car is " +
    "ready, once per booking however often it is set), collected, no-show (counted in the customer's history). " +
    "Refused (409, with the reason) for a cancelled booking; before the visit's day, for every stage but null; " +
    "check-in after its day; no-show before its arrival window has ended ('Anytime': before its day has ended). " +
    "Days and times are the business's.",
  request: {
    params,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ stage: z.enum(VISIT_STAGES).nullable() }).strict() },
      },
    },
  },
  responses: {
    200: jsonResponse(bookingSchema, "The booking as stored"),
    400: errorResponse("Not a stage"),
    404: errorResponse("No such booking"),
    409: errorResponse("The booking was cancelled, or its time does not allow the stage yet (the message says why)"),
    ...adminErrors,
  },
});

const historyRoute = createRoute({
  method: "get",
  path: "/bookings/{id}/customer",
  summary: "The customer of a booking: their bookings by e-mail or phone, with counts (admins)",
  description:
    "Every booking with the booking's e-mail or the same phone digits (7 or more), latest visit first, up to 50; " +
    "counts of all of them: bookings, visits (past, not cancelled, not a no-show; or arrived today), " +
    "cancellations, no-shows and upcoming.",
  request: { params },
  responses: {
    200: jsonResponse(
      z.object({
        customer: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }),
        removed: z.boolean().describe("the customer's details were removed: the booking is listed alone"),
        account: z
          .boolean()
          .describe("a member's account has this e-mail: they download and delete their data themselves"),
        counts: z.object({
          bookings: z.number(),
          visits: z.number(),
          cancellations: z.number(),
          noShows: z.number(),
          upcoming: z.number(),
        }),
        bookings: z.array(bookingSchema),
        more: z.boolean().describe("more bookings than listed"),
        customerId: z
          .string()
          .nullable()
          .describe("their page in Customers (/dashboard/customers/{id}); null when nobody is behind the booking"),
      }),
      "The customer's history",
    ),
    404: errorResponse("No such booking"),
    ...adminErrors,
  },
});

export function registerVisitDeskRoutes(api: Api) {
  api.openapi(stageRoute, async (c) => {
    const booking = await c.var.services.visits.setStage(
      await c.var.actor(),
      c.req.valid("param").id,
      c.req.valid("json").stage,
    );
    return c.json(toApiBooking(booking), 200);
  });

  api.openapi(historyRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const history = await c.var.services.visits.customerHistory(
      await c.var.actor(),
      c.req.valid("param").id,
      c.var.today(),
    );
    return c.json({ ...history, bookings: history.bookings.map(toApiBooking) }, 200);
  });
}
