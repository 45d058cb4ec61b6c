import { createRoute, z } from "@hono/zod-openapi";
import { calendarDay } from "~/lib/calendar-day";
import { textField } from "~/lib/text-field";
import {
  cashUpRequestSchema,
  cashUpSchema,
  giftCardCodeField,
  giftCardSaleSchema,
  giftCardSchema,
  paymentAnswerSchema,
  paymentRequestSchema,
  paymentSchema,
  refundRequestSchema,
  takingsSchema,
} from "~/features/till/till.schema";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const params = z.object({ id: textField() });
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
const money = "Amounts are dollars with cents, as prices are.";

const takeRoute = createRoute({
  method: "post",
  path: "/bookings/{id}/payments",
  summary: "Take a payment towards a visit (the desk)",
  description:
    `${money} Several payments may settle one visit (split tender). The amount is refused (409, with the ` +
    "balance in the message) when it is more than the visit still owes; the tip is on top and never refused. A " +
    "cancelled visit takes no payment. Method gift-card spends the card whose code is the reference (409 when it " +
    "holds less, with what it holds). When the balance reaches zero, the customer is e-mailed a receipt (once).",
  request: { params, body: json(paymentRequestSchema) },
  responses: {
    201: jsonResponse(paymentAnswerSchema, "Taken: the visit's paid and balance after it"),
    400: errorResponse("Invalid method, amount, tip or reference"),
    404: errorResponse("No such booking, or no gift card with that code"),
    409: errorResponse("More than the balance, a cancelled visit, or too little on the gift card"),
    ...adminErrors,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/bookings/{id}/payments",
  summary: "A visit's payments, each with its refunds (the desk)",
  request: { params },
  responses: { 200: jsonResponse(z.array(paymentSchema), "Oldest first"), ...adminErrors },
});

const refundRoute = createRoute({
  method: "post",
  path: "/payments/{id}/refund",
  summary: "Give back part or all of a payment (managers)",
  description:
    `${money} Never more than the payment took, less what it gave back before (409). Recorded with who and why. ` +
    "A gift card's payment goes back on the card; what the visit owes does not grow back.",
  request: { params, body: json(refundRequestSchema) },
  responses: {
    201: jsonResponse(
      z.object({ insertedId: z.string(), refunded: z.number(), left: z.number() }),
      "Refunded: this payment's refunds so far, and what is left to refund",
    ),
    400: errorResponse("Invalid amount or no reason"),
    404: errorResponse("No such payment"),
    409: errorResponse("More than the payment has left to refund, or a gift card's sale"),
    ...adminErrors,
  },
});

const sellRoute = createRoute({
  method: "post",
  path: "/gift-cards",
  summary: "Sell a gift card at the counter (the desk)",
  description:
    `${money} Paid in full, in cash, by card or other. The code is answered here once (only its hash is kept) ` +
    "and e-mailed when an address is given.",
  request: { body: json(giftCardSaleSchema) },
  responses: {
    201: jsonResponse(
      z.object({ insertedId: z.string(), code: z.string(), balance: z.number() }),
      "Sold: the card's code and balance",
    ),
    400: errorResponse("Invalid amount, e-mail or payment"),
    ...adminErrors,
  },
});

const cardRoute = createRoute({
  method: "get",
  path: "/gift-cards/{code}",
  summary: "A gift card's balance by its code (the desk)",
  request: { params: z.object({ code: giftCardCodeField }) },
  responses: {
    200: jsonResponse(giftCardSchema, "The card"),
    400: errorResponse("Not a code"),
    404: errorResponse("No gift card has that code"),
    ...adminErrors,
  },
});

const takingsRoute = createRoute({
  method: "get",
  path: "/reports/takings",
  summary: "A day's takings, for the cash-up (managers)",
  description:
    "The shop's day (YYYY-MM-DD) in its time zone. byMethod sums the day's payments without tips by how they " +
    "were paid (a gift card sold for cash is cash); tips the tips; refunds the refunds made that day; net the " +
    "amounts less the refunds; expectedCash the cash payments and cash tips less cash refunds.",
  request: { query: z.object({ date: calendarDay("Choose a date") }) },
  responses: {
    200: jsonResponse(takingsSchema.meta({ id: "Takings" }), "The day's takings"),
    400: errorResponse("Not a date"),
    ...adminErrors,
  },
});

const cashUpRoute = createRoute({
  method: "post",
  path: "/cash-ups",
  summary: "Count the drawer for a day (managers)",
  description:
    "Kept with the cash the day's payments say the drawer should hold (expectedCash) at that moment; a recount " +
    "is another count, and the day shows the latest. difference is counted less expected: below zero, short.",
  request: { body: json(cashUpRequestSchema) },
  responses: {
    201: jsonResponse(cashUpSchema, "Counted"),
    400: errorResponse("Not a date, or not an amount"),
    ...adminErrors,
  },
});

export function registerTillRoutes(api: Api) {
  api.openapi(takeRoute, async (c) => {
    const { payments } = c.var.services.till;
    return c.json(await payments.take(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")), 201);
  });
  api.openapi(listRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { payments } = c.var.services.till;
    return c.json(await payments.paymentsOf(await c.var.actor(), c.req.valid("param").id), 200);
  });
  api.openapi(refundRoute, async (c) => {
    const { payments } = c.var.services.till;
    return c.json(await payments.refund(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")), 201);
  });
  api.openapi(sellRoute, async (c) => {
    const { giftCards } = c.var.services.till;
    return c.json(await giftCards.sell(await c.var.actor(), c.req.valid("json")), 201);
  });
  api.openapi(cardRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { giftCards } = c.var.services.till;
    return c.json(await giftCards.lookUp(await c.var.actor(), c.req.valid("param").code), 200);
  });
  api.openapi(takingsRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { takings } = c.var.services.till;
    return c.json(await takings.takings(await c.var.actor(), c.req.valid("query").date), 200);
  });
  api.openapi(cashUpRoute, async (c) => {
    const { takings } = c.var.services.till;
    return c.json(await takings.cashUp(await c.var.actor(), c.req.valid("json")), 201);
  });
}
