import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { serve, type ServerType } from "@hono/node-server";

/**
 * How long a client may take to send its request. Node's defaults let a body that never
 * finishes hold its socket for 300 s; these bound every request instead.
 */
export const HTTP_TIME_LIMITS = {
  /** The request line and headers: a browser sends them at once. */
  headersMs: 10_000,
  /**
   * Headers and body: every request is in whole within 30 s, answered 408 and its socket closed
   * otherwise. A JSON body (1 MB at most) takes far less on any line; a client dripping its body
   * a byte at a time holds its socket this long and no longer.
   */
  requestMs: 30_000,
  /**
   * A body still arriving at requestMs may go on while it has averaged this many bytes a second
   * since its request began: an upload (50 MB at most) on a slow uplink, never a drip. 64 KB/s
   * is half a megabit; a phone's uplink is several.
   */
  minBytesPerSecond: 64 * 1024,
  /** Never longer than this, however fast: 50 MB asks for 3.5 Mbit/s. */
  longestMs: 120_000,
  /** A socket that neither sends nor takes a byte this long (a stalled body) is closed. */
  idleMs: 30_000,
  /** How often Node checks the headers' limit and the deadlines; its default, 30 s, would let a request overrun by that much. */
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
        // Node's own limit is the backstop; the deadline below is the rule.
        requestTimeout: limits.longestMs,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
    },
    onListening,
  );
  server.setTimeout(limits.idleMs);
  // serve() answers HTTP/2's type too; this server is HTTP/1.1's (no createServer option is given).
  const http = server as HttpServer;
  http.keepAliveTimeout = limits.keepAliveMs;
  http.on("request", (request: IncomingMessage, response: ServerResponse) => keepDeadline(request, response, limits));
  return server;
}

/** What Node itself writes when its request limit passes: the socket is closed after it. */
const TIMED_OUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

/**
 * Answers 408 and closes the socket of a request not in whole by requestMs, unless its body is
 * still arriving at minBytesPerSecond or more (then checked again every checkEveryMs, up to
 * longestMs). The answer is written to the socket as Node writes its own: the app may still be
 * waiting for the body, and learns of the end when the body's stream fails.
 */
function keepDeadline(request: IncomingMessage, response: ServerResponse, limits: HttpTimeLimits) {
  // No body (RFC 9112 §6.3: no length above 0, not chunked): the request was whole with its headers,
  // which headersMs bounds. Most requests are such GETs; a timer each would be work nothing needs.
  const length = request.headers["content-length"];
  if (request.headers["transfer-encoding"] === undefined && (length === undefined || length.trim() === "0")) return;
  const socket = request.socket;
  const started = Date.now();
  const bytesBefore = socket.bytesRead;
  const check = () => {
    if (request.complete || socket.destroyed) return;
    const elapsed = Date.now() - started;
    const perSecond = ((socket.bytesRead - bytesBefore) * 1000) / elapsed;
    if (elapsed < limits.longestMs && perSecond >= limits.minBytesPerSecond) {
      timer = setTimeout(check, limits.checkEveryMs);
      return;
    }
    if (!response.headersSent && socket.writable) socket.write(TIMED_OUT);
    socket.destroy();
  };
  let timer = setTimeout(check, limits.requestMs);
  // Done with the request (read whole, or its socket gone): nothing left to time.
  request.once("close", () => clearTimeout(timer));
}
