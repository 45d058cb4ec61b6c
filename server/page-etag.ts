import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { RETAINED_304_HEADERS } from "hono/etag";
import type { SecureHeadersVariables } from "hono/secure-headers";

const gzipAsync = promisify(gzip);
/** Below this a page is sent as it is: gzip's header and a round of the thread pool cost more than they save. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * ETags for pages, which carry a fresh CSP nonce in every answer: the digest leaves this answer's
 * nonce out, so an unchanged page still revalidates to a 304.
 *
 * A page is read whole to be hashed, so it is also compressed whole, here, in Node's thread pool
 * (off the event loop), rather than by the compress middleware's stream after it: one pass over
 * the page instead of a tee for the hash, a web stream through gzip, and another into Node's
 * response. (React still renders in a stream; what the browser receives starts once it is done.)
 */
export function pageEtag(): MiddlewareHandler<{ Variables: SecureHeadersVariables }> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.res.status !== 200 || !c.res.body) return;
    const page = await c.res.text();
    const nonce = c.get("secureHeadersNonce");
    const digest = createHash("sha1")
      .update(nonce ? page.replaceAll(nonce, "") : page)
      .digest("base64url");
    const etag = `"${digest}"`;
    const headers = new Headers(c.res.headers);
    headers.set("ETag", etag);

    if (ifNoneMatch(c.req.header("If-None-Match"), etag)) {
      replaceResponse(c, new Response(null, notModified(headers)));
      return;
    }
    let body: BodyInit = page;
    if (page.length >= COMPRESS_FROM_BYTES && acceptsGzip(c.req.header("Accept-Encoding"))) {
      body = new Uint8Array(await gzipAsync(page));
      headers.set("Content-Encoding", "gzip");
      headers.append("Vary", "Accept-Encoding");
    }
    replaceResponse(c, new Response(body, { status: 200, headers }));
  };
}

/**
 * Hono copies the headers of the response being replaced onto its replacement. The replacement
 * here already has the ones it should keep; a 304 must not get back the ones it dropped.
 */
function replaceResponse(c: Context, response: Response) {
  for (const name of [...c.res.headers.keys()]) c.res.headers.delete(name);
  c.res = response;
}

/** Whether an If-None-Match header names this ETag (or any: "*"). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === "*" || (header.match(/"[^"]*"/g) ?? []).some((tag) => tag === etag);
}

/** A 304 for a page with these headers: only those a cache updates its copy with (the ETag, Cache-Control, Vary …). */
export function notModified(headers: Headers): ResponseInit & { status: 304 } {
  for (const name of [...headers.keys()]) if (!RETAINED_304_HEADERS.includes(name)) headers.delete(name);
  return { status: 304, headers };
}

export const acceptsGzip = (acceptEncoding: string | null | undefined) => /\bgzip\b/.test(acceptEncoding ?? "");
