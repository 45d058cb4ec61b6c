import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "~/lib/app-error";
import { JsonDepthScanner, MAX_JSON_DEPTH } from "~/lib/json-depth";
import { requestHeader } from "../request-headers";

/** Stateless for whole buffers, so one serves every request. */
const utf8 = new TextDecoder();

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
 * Reads a request's body whole before any route sees it, and refuses one over `maxSize` bytes (413
 * payload_too_large, `message`) or a JSON body nested deeper than MAX_JSON_DEPTH (400), before any
 * schema, handler or better-auth endpoint walks it (a body 4,000 deep overflowed the stack of one
 * and answered 500). A body that declares its length is refused by it before a byte is read.
 *
 * Under Node the bytes come from the socket's own stream and are handed to @hono/node-server as the
 * request's `rawBody`, which it serves as a one-chunk body if something asks the Request for it, and
 * to Hono's body cache, which serves c.req.json() and the rest: no web stream of the socket, no
 * scanning stream, no Request made for the body. Those cost a third of a booking's server time
 * (benchmarks 039, 040). So nothing before this middleware may read the body or
 * the Request behind c.req.raw (its headers, method and URL are read without it). In-process
 * requests (the API tests) are read from their Request and given a new one with the bytes.
 */
export function readBody(maxSize: number, message: string): MiddlewareHandler {
  const tooLarge = () => new AppError("payload_too_large", message);
  return async (c, next) => {
    if (Number(requestHeader(c, "content-length")) > maxSize) throw tooLarge();
    const incoming = (c.env as { incoming?: IncomingMessage & { rawBody?: Buffer } } | undefined)?.incoming;
    const web = incoming ? undefined : c.req.raw.body;
    if (!incoming && !web) return next();
    const scanner = requestHeader(c, "content-type")?.toLowerCase().includes("json")
      ? new JsonDepthScanner(MAX_JSON_DEPTH)
      : undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    /** Keeps the next chunk, or answers why the body is refused. */
    const take = (chunk: Uint8Array): AppError | undefined => {
      size += chunk.byteLength;
      if (size > maxSize) return tooLarge();
      if (scanner?.push(chunk))
        return new AppError("validation_failed", `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`);
      chunks.push(chunk);
    };
    if (incoming) await readStream(incoming, take);
    else
      for await (const chunk of web!) {
        const refusal = take(chunk);
        if (refusal) throw refusal;
      }
    const body = Buffer.concat(chunks);
    if (incoming) incoming.rawBody = body;
    else c.req.raw = new Request(c.req.raw, { body });
    // Hono answers c.req.json(), .text() and .arrayBuffer() from its cache of promises, so the
    // schemas and better-auth get the bytes read here without the WHATWG Request behind c.req.raw
    // being made for them (its AbortSignal and a web stream of the body: a fifth of a booking's
    // server time, benchmark 040). TextDecoder drops a leading byte-order mark, as Request.text() does.
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    cache.arrayBuffer = Promise.resolve(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
    cache.text = Promise.resolve(utf8.decode(body));
    await next();
  };
}

/**
 * Hands each chunk of a Node request's body to `take` until the end, or until `take` refuses one:
 * then the rest is left to flow away unread (destroying the stream would close the socket before
 * the refusal is sent) and the refusal is thrown.
 */
function readStream(incoming: IncomingMessage, take: (chunk: Buffer) => Error | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (error?: Error) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (!error) return resolve();
      incoming.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      const refusal = take(chunk);
      if (refusal) stop(refusal);
    };
    const onEnd = () => stop();
    const onError = (error: Error) => stop(error);
    // A client gone before its body ended: nothing more will come.
    const onClose = () => stop(new Error("The request closed before its body ended."));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
