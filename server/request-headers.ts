import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * A request header, from Node's own parse of the request when the app runs under @hono/node-server
 * (which hands the IncomingMessage in as c.env.incoming). Hono's c.req.header() first builds a
 * WHATWG Headers copy of every header the request has, checking each name and value again: on a
 * health request that copy was 5% of the process's time, for the one or two headers the chain reads.
 * In-process requests (the API tests) have no IncomingMessage and read c.req.header().
 *
 * `name` in lower case. Node joins a repeated header with ", " (a cookie with "; ") as Headers does.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
