import type { MiddlewareHandler } from "hono";
import { errorBody } from "../errors";

/**
 * At most `max` requests through this route at once in the process; one more is refused before
 * its body is read, with 503 and Retry-After (the body it was sending is drained and dropped by
 * the server). What a route holds in memory per request is then held at most `max` times over,
 * however many arrive together.
 */
export function limitConcurrency(
  max: number,
  { retryAfterSeconds, message }: { retryAfterSeconds: number; message: string },
) {
  let running = 0;
  const limit: MiddlewareHandler = async (c, next) => {
    if (running >= max) {
      c.header("Retry-After", String(retryAfterSeconds));
      return c.json(errorBody("busy", message), 503);
    }
    running++;
    try {
      await next();
    } finally {
      running--;
    }
  };
  return limit;
}
