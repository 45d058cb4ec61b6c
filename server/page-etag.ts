import type { MiddlewareHandler } from "hono";
import { etag } from "hono/etag";
import type { SecureHeadersVariables } from "hono/secure-headers";

const CSP = "Content-Security-Policy";

/**
 * ETags for pages, which carry a fresh CSP nonce in every answer: the digest leaves this
 * answer's nonce out, so an unchanged page still revalidates to a 304.
 */
export function pageEtag(): MiddlewareHandler<{ Variables: SecureHeadersVariables }> {
  return (c, next) => {
    const nonce = c.get("secureHeadersNonce");
    const generateDigest = (body: Uint8Array) => {
      const text = new TextDecoder().decode(body);
      const withoutNonce = nonce ? text.replaceAll(nonce, "") : text;
      return crypto.subtle.digest("SHA-1", new TextEncoder().encode(withoutNonce));
    };
    return etag({ generateDigest })(c, next);
  };
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
