import { createRoute, z } from "@hono/zod-openapi";
import { requireActor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { textField } from "~/lib/text-field";
import { CLIENT_IP_HEADER } from "~/.server/auth";
import { errorResponse } from "../errors";
import { clientIp, type Api } from "./api-env";

const jwtRoute = createRoute({
  method: "post",
  path: "/jwt",
  summary: "A bearer token for the signed-in caller",
  description:
    "Answers only to an authenticated caller (session cookie or bearer token), with a token for that caller's own session.",
  request: {
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({
            email: textField()
              .max(254)
              .optional()
              .describe("Sent by the specification's client, which got a token for it; ignored now."),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The caller's token",
      content: { "application/json": { schema: z.object({ token: z.string() }) } },
    },
    401: errorResponse("Not signed in"),
  },
});

/**
 * better-auth's own endpoints (sign-up, sign-in, sign-out, session, password reset, profile)
 * under /api/auth, and the specification's token call (docs/decisions/008 §10).
 */
export function registerAuthRoutes(api: Api, options: { trustProxy: boolean }) {
  // The admin plugin's HTTP endpoints would bypass our rules (self-deletion, the last admin):
  // users are administered through /api/user only.
  api.all("/auth/admin/*", () => {
    throw notFound("API route");
  });

  api.on(["GET", "POST"], "/auth/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, options.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return c.var.services.auth.handler(new Request(c.req.raw, { headers }));
  });

  api.openapi(jwtRoute, async (c) => {
    requireActor(await c.var.actor());
    const session = await c.var.services.auth.api.getSession({ headers: c.req.raw.headers });
    return c.json({ token: session!.session.token }, 200);
  });
}
