import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { BlankEnv } from "hono/types";
import { requireAdmin, type Actor } from "~/lib/access";
import type { Services } from "~/.server/services";

export type ApiEnv = BlankEnv;

/** The request's signed-in person, looked up only when a route asks (and once: getActor memoises). */
export function actorOf(c: Context, services: Services): Promise<Actor | null> {
  return services.getActor(c.req.raw.headers);
}

/**
 * The client's address for rate limits: the socket's, or with TRUST_PROXY the first
 * X-Forwarded-For entry. In-process test requests have no socket.
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Route middleware for admin-only routes: refuses visitors (401) and members (403) before the
 * body is even read, so nobody but an admin learns how the route validates its input.
 * The services check again: this is the first line, not the only one.
 */
export function adminOnly(services: Services): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    requireAdmin(await actorOf(c, services));
    await next();
  };
}
