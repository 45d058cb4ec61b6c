import { createRoute } from "@hono/zod-openapi";
import {
  accountLanguageChangeSchema,
  accountLanguageSchema,
} from "~/features/account-language/account-language.schema";
import { errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const language = accountLanguageSchema.meta({
  id: "AccountLanguage",
  description:
    "The language of the account's e-mails, and of its bookings' e-mails when the booking names none " +
    "(a page under /es names Spanish).",
});
const notSignedIn = { 401: errorResponse("Not signed in") };

const getRoute = createRoute({
  method: "get",
  path: "/me/language",
  summary: "The signed-in member's language for their e-mails",
  responses: { 200: jsonResponse(language, "The account's language"), ...notSignedIn },
});

const putRoute = createRoute({
  method: "put",
  path: "/me/language",
  summary: "Change the signed-in member's language for their e-mails",
  description: "Bookings already made keep the language they were made in.",
  request: {
    body: { required: true, content: { "application/json": { schema: accountLanguageChangeSchema } } },
  },
  responses: {
    200: jsonResponse(language, "The language now"),
    400: errorResponse('Invalid body: locale must be "en" or "es"'),
    ...notSignedIn,
  },
});

/** A member's language (issue 49), a setting of their account next to their e-mail choices. */
export function registerAccountLanguageRoutes(api: Api) {
  api.openapi(getRoute, async (c) => {
    const current = await c.var.services.accountLanguage.mine(await c.var.actor());
    c.header("Cache-Control", "private, no-store");
    return c.json(current, 200);
  });
  api.openapi(putRoute, async (c) => {
    const now = await c.var.services.accountLanguage.setMine(await c.var.actor(), c.req.valid("json").locale);
    c.header("Cache-Control", "private, no-store");
    return c.json(now, 200);
  });
}
