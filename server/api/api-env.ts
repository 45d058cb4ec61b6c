import type { OpenAPIHono } from "@hono/zod-openapi";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { getContext } from "hono/context-storage";
import { requireAdmin, type Actor } from "~/lib/access";
import type { Services } from "~/.server/services";

/** What every API handler finds on its context, set once per request in createApi. */
export interface ApiEnv {
  Variables: {
    services: Services;
    /** The request's signed-in person, looked up only when a route asks (and once: getActor memoises). */
    actor: () => Promise<Actor | null>;
    /** The calendar date (YYYY-MM-DD) it is now in the business's time zone. */
    today: () => string;
  };
}

export type Api = OpenAPIHono<ApiEnv>;

export interface ApiOptions {
  trustProxy: boolean;
  timeZone: string;
  /** Booking requests per minute from one address, for visitors. */
  bookingsPerMinute: number;
}

/**
 * Today's date for the request being handled. Body schemas call it while they parse, so that a
 * route's schema can be a constant even though "today" moves and the time zone is configuration.
 */
export function requestToday(): string {
  return getContext<ApiEnv>().var.today();
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
export const adminOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireAdmin(await c.var.actor());
  await next();
};
