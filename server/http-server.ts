import type { Server as HttpServer } from "node:http";
import { serve, type ServerType } from "@hono/node-server";

/**
 * How long a client may take to send its request. Node's defaults let a body that never
 * finishes hold its socket for 300 s; these bound every request instead.
 */
export const HTTP_TIME_LIMITS = {
  /** The request line and headers: a browser sends them at once. */
  headersMs: 10_000,
  /**
   * The whole request, body included. Sized for the largest body the site takes, a 50 MB
   * upload from a phone: 120 s asks for 3.5 Mbit/s, below a usual mobile uplink. JSON bodies
   * (1 MB at most) are cut sooner by the idle limit when they stall.
   */
  requestMs: 120_000,
  /** A socket that neither sends nor takes a byte this long (a stalled body) is closed. */
  idleMs: 30_000,
  /** How often Node checks the first two; its default, 30 s, would let a request overrun by that much. */
  checkEveryMs: 1_000,
  /**
   * How long an idle socket stays open for the client's next request. Node's default, 5 s, closes
   * sockets that clients (browsers, test runners, a load balancer's pool) still count as open, and a
   * request sent in that moment is reset. Longer than a load balancer keeps an idle upstream socket
   * (nginx 60 s, ours 20 s), so the balancer, not this server, is the one to close it.
   */
  keepAliveMs: 65_000,
};

export type HttpTimeLimits = typeof HTTP_TIME_LIMITS;

export function listen(
  options: { fetch: (request: Request) => Response | Promise<Response>; hostname?: string; port: number },
  onListening?: (info: { port: number }) => void,
  limits: HttpTimeLimits = HTTP_TIME_LIMITS,
): ServerType {
  const server = serve(
    {
      ...options,
      serverOptions: {
        headersTimeout: limits.headersMs,
        requestTimeout: limits.requestMs,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
    },
    onListening,
  );
  server.setTimeout(limits.idleMs);
  // serve() answers HTTP/2's type too; this server is HTTP/1.1's (no createServer option is given).
  (server as HttpServer).keepAliveTimeout = limits.keepAliveMs;
  return server;
}
