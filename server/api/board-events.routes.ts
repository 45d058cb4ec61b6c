import { createRoute, z } from "@hono/zod-openapi";
import { adminErrors } from "../errors";
import { type Api } from "./api-env";

/**
 * A comment line this often keeps the stream from looking idle: to nginx (proxy_read_timeout, 60 s
 * by default), to other proxies, and to this server's own idle-socket limit (30 s,
 * server/http-server.ts).
 */
export const BOARD_HEARTBEAT_MS = 20_000;
/** How long a browser waits before it connects again after the stream broke (EventSource's `retry`). */
export const BOARD_RETRY_MS = 3_000;

const eventsRoute = createRoute({
  method: "get",
  path: "/board/events",
  summary: "The bay board's live feed: an event whenever a booking, waitlist entry or closed date changes (admins)",
  description:
    "Server-Sent Events. `event: change` after any change by anyone on any server process (several in a " +
    "burst come as one, within 250 ms): load the board again. `event: paused` when this server stopped " +
    "hearing changes (its database listener reconnects; a `change` follows when it is back). A comment " +
    `every ${BOARD_HEARTBEAT_MS / 1000} s keeps the connection open; \`retry\` says when to reconnect.`,
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    ...adminErrors,
  },
});

const encoder = new TextEncoder();

export function registerBoardEventRoutes(api: Api, { heartbeatMs = BOARD_HEARTBEAT_MS } = {}) {
  // Registered as a plain handler after the OpenAPI declaration: the answer is a stream, not JSON.
  api.openapi(eventsRoute, (c) => {
    const board = c.var.services.boardChanges;
    const signal = c.req.raw.signal;
    let stop = () => undefined as void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let ended = false;
        const send = (text: string) => {
          if (ended) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        };
        const heartbeat = setInterval(() => send(": heartbeat\n\n"), heartbeatMs);
        heartbeat.unref();
        const unsubscribe = board.subscribe({
          changed: () => send("event: change\ndata: \n\n"),
          paused: () => send("event: paused\ndata: \n\n"),
          closed: () => {
            stop();
            try {
              controller.close();
            } catch {
              // Already closed by the client.
            }
          },
        });
        stop = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          signal.removeEventListener("abort", stop);
        };
        signal.addEventListener("abort", stop);
        // The first bytes at once: the browser's `open` fires, and proxies pass the headers on.
        send(`retry: ${BOARD_RETRY_MS}\n: connected\n\n`);
      },
      cancel() {
        stop();
      },
    });
    return c.body(body, 200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compress() (and any proxy) leaves it alone; X-Accel-Buffering: nginx passes each event on at once.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    }) as never;
  });
}
