import type { ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { randomBytes } from "~/lib/random-bytes";
import { contentSecurityPolicy } from "./content-security-policy";

/**
 * What hono/secure-headers set on every answer with this site's options (no embedder policy,
 * frames refused outright), listed once; in lower case, as Hono's Headers sent them.
 */
const FIXED_HEADERS: readonly (readonly [string, string])[] = [
  ["cross-origin-resource-policy", "same-origin"],
  ["cross-origin-opener-policy", "same-origin"],
  ["origin-agent-cluster", "?1"],
  ["referrer-policy", "no-referrer"],
  ["strict-transport-security", "max-age=15552000; includeSubDomains"],
  ["x-content-type-options", "nosniff"],
  ["x-dns-prefetch-control", "off"],
  ["x-download-options", "noopen"],
  ["x-frame-options", "DENY"],
  ["x-permitted-cross-domain-policies", "none"],
  ["x-xss-protection", "0"],
];

/**
 * The security headers of every answer, and its Content-Security-Policy with the answer's own
 * nonce (a rendered page's, a kept page's as the page cache recalled it, else a new one), but for
 * a 304: the browser keeps the page it has with the headers it came with, so the page's scripts
 * keep the nonce their policy names.
 *
 * Under Node they go onto Node's response (setHeader); hono/secure-headers set each through the
 * answer's WHATWG Headers, which checks every name and value again (with the request id, 9% of a
 * health request; benchmark 039). Node sends them with the answer's own headers, which win, as
 * they do here in process (the API tests): a page's own Referrer-Policy stays.
 */
export function securityHeaders(): MiddlewareHandler<{ Variables: SecureHeadersVariables }> {
  return async (c, next) => {
    // Made before the answer: a page renders its scripts with it.
    const nonce = c.get("secureHeadersNonce") ?? Buffer.from(randomBytes(16)).toString("base64");
    c.set("secureHeadersNonce", nonce);
    await next();
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const set = outgoing
      ? (name: string, value: string) => outgoing.setHeader(name, value)
      : (name: string, value: string) => c.res.headers.has(name) || c.res.headers.set(name, value);
    for (const [name, value] of FIXED_HEADERS) set(name, value);
    if (c.res.status === 304) return;
    set("content-security-policy", contentSecurityPolicy(nonce));
  };
}
