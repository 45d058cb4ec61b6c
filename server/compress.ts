import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { requestHeader } from "./request-headers";

/** Below this many bytes (when the answer says its length) a body is sent as it is: gzip's header and a stream cost more. */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/**
 * hono/compress's rules (gzip or deflate by Accept-Encoding for compressible types; never a 206, a
 * HEAD, an encoded answer or one marked no-transform; Vary: Accept-Encoding on every answer it could
 * compress), without its cost to the answers it leaves alone: it adds the Vary with c.header(), which
 * on an answer already made copies it into a new Response whose body is a stream, so every JSON
 * answer was read back through a stream reader and written to the socket in two writes instead of
 * one. Here the Vary goes onto the answer's own headers. Bodies of unknown length (c.json's) are
 * still compressed for a client that asks; the other clients' answers stay as they were made.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    const length = headers.get("Content-Length");
    const type = headers.get("Content-Type");
    if (
      res.status === 206 ||
      c.req.method === "HEAD" ||
      headers.has("Content-Encoding") ||
      headers.has("Transfer-Encoding") ||
      (length && Number(length) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")
    )
      return;
    const vary = headers.get("Vary");
    if (!vary) headers.set("Vary", "Accept-Encoding");
    else if (!VARIES_BY_ENCODING.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
    const encoding = chosenEncoding(requestHeader(c, "accept-encoding"));
    if (!encoding || !res.body) return;
    // Hono copies the replaced answer's headers onto the new one: the changes go on after.
    c.res = new Response(res.body.pipeThrough(new CompressionStream(encoding)), res);
    const compressed = c.res.headers;
    compressed.delete("Content-Length");
    compressed.set("Content-Encoding", encoding);
    const etag = compressed.get("ETag");
    if (etag && !etag.startsWith("W/")) compressed.set("ETag", `W/${etag}`);
  };
}

/** gzip, else deflate, when Accept-Encoding takes it (q above 0, by name or by "*"). */
export function chosenEncoding(acceptEncoding: string | undefined): "gzip" | "deflate" | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.split(";");
    const quality = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name!.trim().toLowerCase(), quality === undefined ? 1 : Number(quality));
  }
  const wildcard = q.get("*") ?? 0;
  const gzip = q.get("gzip") ?? wildcard;
  const deflate = q.get("deflate") ?? wildcard;
  if (gzip > 0 && gzip >= deflate) return "gzip";
  return deflate > 0 ? "deflate" : undefined;
}
