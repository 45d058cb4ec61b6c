import { createRoute } from "@hono/zod-openapi";
import { consentChangeSchema, consentChoicesSchema } from "~/features/consent/consent.schema";
import { errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const choices = consentChoicesSchema.meta({
  id: "EmailChoices",
  description:
    "Which of the shop's own e-mails the account's address gets (true: it gets them). Booking e-mails " +
    "(confirmations, changes, visit reminders) always come and are not among them.",
});
const change = consentChangeSchema.meta({
  id: "EmailChoicesChange",
  description:
    "The kinds to turn on (true) or off (false); those left out stay as they are. Unknown fields are refused.",
});
const notSignedIn = { 401: errorResponse("Not signed in") };

const getRoute = createRoute({
  method: "get",
  path: "/me/email-choices",
  summary: "Which of the shop's own e-mails the signed-in account's address gets",
  description: "The same choices an e-mail's one-click unsubscribe link changes for that address.",
  responses: { 200: jsonResponse(choices, "The account's choices"), ...notSignedIn },
});

const putRoute = createRoute({
  method: "put",
  path: "/me/email-choices",
  summary: "Change which of the shop's own e-mails the signed-in account's address gets",
  description:
    "Turning a kind off also withdraws its messages still queued to the address. Turning one back on needs an " +
    "address the member has confirmed (403 otherwise): an address's owner who said no is not signed up again by " +
    "someone else's account.",
  request: { body: { required: true, content: { "application/json": { schema: change } } } },
  responses: {
    200: jsonResponse(choices, "The choices now"),
    400: errorResponse("Invalid body: a message per field"),
    403: errorResponse("Turning a kind back on before the account's e-mail address is confirmed"),
    ...notSignedIn,
  },
});

/** A member's e-mail choices (issue 28's consent): the account's side of the unsubscribe links. */
export function registerConsentRoutes(api: Api) {
  api.openapi(getRoute, async (c) => {
    const current = await c.var.services.consent.myChoices(await c.var.actor());
    c.header("Cache-Control", "private, no-store");
    return c.json(current, 200);
  });
  api.openapi(putRoute, async (c) => {
    const now = await c.var.services.consent.setMyChoices(await c.var.actor(), c.req.valid("json"));
    c.header("Cache-Control", "private, no-store");
    return c.json(now, 200);
  });
}
