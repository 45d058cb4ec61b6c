import { createRoute, z } from "@hono/zod-openapi";
import { textField } from "~/lib/text-field";
import {
  membershipSaleSchema,
  membershipSchema,
  planChangeSchema,
  planInputSchema,
  planSchema,
  renewalSchema,
} from "~/features/club/club.schema";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { emptyJsonBody, jsonResponse } from "./openapi-responses";

const params = z.object({ id: textField() });
const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });
const membership = membershipSchema.meta({ id: "Membership" });
const plan = planSchema.meta({ id: "MembershipPlan" });

const plansRoute = createRoute({
  method: "get",
  path: "/membership-plans",
  summary: "The Wash Club's plans on sale (anyone)",
  responses: { 200: jsonResponse(z.array(plan), "Unlimited plans, then packs, cheapest first") },
});
const addPlanRoute = createRoute({
  method: "post",
  path: "/membership-plans",
  summary: "Add a Wash Club plan (managers)",
  description:
    "kind unlimited names its period (month or year) and perDay (covered visits a day, default 1); kind pack its " +
    "washes. covers: the service types it covers. Price in dollars with cents.",
  request: { body: json(planInputSchema) },
  responses: { 201: jsonResponse(plan, "Added"), 400: errorResponse("Invalid plan"), ...adminErrors },
});
const changePlanRoute = createRoute({
  method: "patch",
  path: "/membership-plans/{id}",
  summary: "Change a plan's name, price, cover or visits a day (managers)",
  request: { params, body: json(planChangeSchema) },
  responses: {
    200: jsonResponse(plan, "Changed"),
    400: errorResponse("Invalid change"),
    404: errorResponse("No such plan"),
    ...adminErrors,
  },
});
const retirePlanRoute = createRoute({
  method: "post",
  path: "/membership-plans/{id}/retire",
  summary: "Sell a plan no more (managers): its members keep their memberships until they end",
  request: { params, body: emptyJsonBody },
  responses: { 200: jsonResponse(plan, "Retired"), 404: errorResponse("No such plan"), ...adminErrors },
});
const sellRoute = createRoute({
  method: "post",
  path: "/memberships",
  summary: "Sell a membership at the counter (the desk)",
  description:
    "Paid in full (payment.amount is the plan's price), in cash, by card or other: a till payment. validUntil is a " +
    "period on for an unlimited plan, a year for a pack; washesLeft null for unlimited. The member is e-mailed " +
    "their card (number and QR code).",
  request: { body: json(membershipSaleSchema) },
  responses: {
    201: jsonResponse(
      z.object({
        insertedId: z.string(),
        number: z.string(),
        validUntil: z.string(),
        washesLeft: z.number().int().nullable(),
      }),
      "Sold",
    ),
    400: errorResponse("Invalid sale: a plan not on sale, another amount, a bad e-mail"),
    ...adminErrors,
  },
});
const searchRoute = createRoute({
  method: "get",
  path: "/memberships",
  summary: "Find memberships by name, e-mail, phone, plate or card number (the desk)",
  request: { query: z.object({ q: textField().max(100).optional() }) },
  responses: { 200: jsonResponse(z.array(membership), "Up to 20, newest first"), ...adminErrors },
});
const oneRoute = createRoute({
  method: "get",
  path: "/memberships/{id}",
  summary: "One membership (the desk)",
  request: { params },
  responses: {
    200: jsonResponse(membership, "The membership"),
    404: errorResponse("No such membership"),
    ...adminErrors,
  },
});
const renewRoute = createRoute({
  method: "post",
  path: "/memberships/{id}/renew",
  summary: "Renew a membership at the counter (the desk)",
  description:
    "An unlimited plan runs a period on from the later of today and its last day; a pack gains its washes and a " +
    "year. Paid at the plan's price.",
  request: { params, body: json(renewalSchema) },
  responses: {
    200: jsonResponse(membership, "Renewed"),
    400: errorResponse("Another amount"),
    404: errorResponse("No such membership"),
    409: errorResponse("The membership was cancelled"),
    ...adminErrors,
  },
});
const cancelRoute = createRoute({
  method: "post",
  path: "/memberships/{id}/cancel",
  summary: "Cancel a membership (the desk): it covers no visit booked from now on",
  request: { params, body: emptyJsonBody },
  responses: { 200: jsonResponse(membership, "Cancelled"), 404: errorResponse("No such membership"), ...adminErrors },
});
const mineRoute = createRoute({
  method: "get",
  path: "/me/memberships",
  summary: "Your Wash Club memberships: those your verified e-mail holds",
  responses: { 200: jsonResponse(z.array(membership), "Newest first"), 401: errorResponse("Not signed in") },
});

export function registerClubRoutes(api: Api) {
  api.openapi(plansRoute, async (c) => c.json(await c.var.services.club.plans.onSale(), 200));
  api.openapi(addPlanRoute, async (c) =>
    c.json(await c.var.services.club.plans.create(await c.var.actor(), c.req.valid("json")), 201),
  );
  api.openapi(changePlanRoute, async (c) =>
    c.json(
      await c.var.services.club.plans.update(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
  api.openapi(retirePlanRoute, async (c) =>
    c.json(await c.var.services.club.plans.retire(await c.var.actor(), c.req.valid("param").id), 200),
  );
  api.openapi(sellRoute, async (c) =>
    c.json(await c.var.services.club.memberships.sell(await c.var.actor(), c.req.valid("json"), c.var.today()), 201),
  );
  api.openapi(searchRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { q = "" } = c.req.valid("query");
    return c.json(await c.var.services.club.memberships.search(await c.var.actor(), q, c.var.today()), 200);
  });
  api.openapi(oneRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(
      await c.var.services.club.memberships.one(await c.var.actor(), c.req.valid("param").id, c.var.today()),
      200,
    );
  });
  api.openapi(renewRoute, async (c) => {
    const { memberships } = c.var.services.club;
    const { id } = c.req.valid("param");
    return c.json(await memberships.renew(await c.var.actor(), id, c.req.valid("json").payment, c.var.today()), 200);
  });
  api.openapi(cancelRoute, async (c) =>
    c.json(
      await c.var.services.club.memberships.cancel(await c.var.actor(), c.req.valid("param").id, c.var.today()),
      200,
    ),
  );
  api.openapi(mineRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.club.memberships.mine(await c.var.actor(), c.var.today()), 200);
  });
}
