import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { RETAINED_304_HEADERS } from "hono/etag";
import type { SecureHeadersVariables } from "hono/secure-headers";

const CSP = "Content-Security-Policy";
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

    if (matches(etag, c.req.header("If-None-Match"))) {
      for (const name of [...headers.keys()]) if (!RETAINED_304_HEADERS.includes(name)) headers.delete(name);
      replaceResponse(c, new Response(null, { status: 304, headers }));
      return;
    }
    let body: BodyInit = page;
    if (page.length >= COMPRESS_FROM_BYTES && /\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "")) {
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

/** Whether If-None-Match names this ETag (or any: "*"). */
function matches(etag: string, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || (ifNoneMatch.match(/"[^"]*"/g) ?? []).some((tag) => tag === etag);
}

/**
 * A 304 sends no Content-Security-Policy: the browser keeps the page it has together with the
 * headers it came with (a cache updates only the headers a 304 carries), so the page's scripts
 * keep the nonce their policy names. Register before the middleware that sets the policy.
 */
export const keepCachedPolicy: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 304) c.res.headers.delete(CSP);
};
