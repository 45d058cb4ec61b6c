import type { MiddlewareHandler } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import { log } from "~/.server/log";
import { clientIp } from "./api/api-env";

/** A manage link's token is the key to a booking: the log keeps the route, not the key. */
const MANAGE_TOKEN = /(\/manage\/)[^/]+/;

/**
 * One JSON line per answered request (LOG_REQUESTS): its id (X-Request-Id, the one a balancer sent
 * or ours), method, path without the query, status, time taken and the client's address.
 */
export function requestLog(trustedProxies: number): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log.info("request", {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path.replace(MANAGE_TOKEN, "$1:token"),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: clientIp(c, trustedProxies),
    });
  };
}
