import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "~/lib/app-error";
import { JsonDepthScanner, MAX_JSON_DEPTH } from "~/lib/json-depth";

/** Refuses a body over `maxSize` bytes with 413 payload_too_large, the same answer on every route. */
export function limitBody(maxSize: number, message: string) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("payload_too_large", message);
    },
  });
}

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH with 400, before any schema, handler or
 * better-auth endpoint walks it (a body 4,000 deep overflowed the stack of one and answered 500).
 * The body is scanned as it is read, by whoever reads it, so a request refused before its body is
 * read (not signed in, rate limited) is refused as before, without the server holding its body.
 * Past the depth the read fails; whatever the reader answered to that, the answer is this refusal.
 */
export function limitJsonDepth(): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body || !c.req.header("content-type")?.toLowerCase().includes("json")) return next();
    const refusal = new AppError(
      "validation_failed",
      `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`,
    );
    const scanner = new JsonDepthScanner(MAX_JSON_DEPTH);
    const scanned = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (scanner.push(chunk)) controller.error(refusal);
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: scanned, duplex: "half" } as RequestInit);
    await next();
    if (scanner.tooDeep) {
      // Dropped whole, headers included: the answer is the refusal alone.
      c.res = undefined as unknown as Response;
      throw refusal;
    }
  };
}
