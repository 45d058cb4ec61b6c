import { createRoute, z } from "@hono/zod-openapi";
import type { Api } from ".";
import { requireActor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { CLIENT_IP_HEADER } from "~/.server/auth";
import { errorResponse } from "../errors";
import type { Services } from "~/.server/services";
import { actorOf, clientIp } from "./request-actor";

const jwtRoute = createRoute({
  method: "post",
  path: "/jwt",
  summary: "A bearer token for the signed-in caller",
  description:
    "Answers only to an authenticated caller (session cookie or bearer token), with a token for that caller's own session. " +
    "The specification's client sent an e-mail here and got a token for it; any body is now ignored.",
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
export function registerAuthRoutes(api: Api, services: Services, options: { trustProxy: boolean }) {
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
    return services.auth.handler(new Request(c.req.raw, { headers }));
  });

  api.openapi(jwtRoute, async (c) => {
    requireActor(await actorOf(c, services));
    const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
    return c.json({ token: session!.session.token }, 200);
  });
}
