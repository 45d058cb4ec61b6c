import type { Context } from "hono";
import { randomBytes } from "~/lib/random-bytes";

/**
 * hono's NONCE, with its 128 random bits from the shared pool (hono draws them with a call of its
 * own for every answer): this request's nonce (a kept page's, when the page cache set one), made on
 * first use, as base64.
 */
export function NONCE(c: Context): string {
  let nonce = c.get("secureHeadersNonce") as string | undefined;
  if (!nonce) {
    nonce = Buffer.from(randomBytes(16)).toString("base64");
    c.set("secureHeadersNonce", nonce);
  }
  return `'nonce-${nonce}'`;
}

/**
 * The Content-Security-Policy of every answer: the second wall behind the escaping of stored
 * text. Scripts run only when the server gave them this request's nonce (React Router's inline
 * scripts and module entry, through `ServerRouter nonce` in app/entry.server.tsx), and what those
 * load ('strict-dynamic'); the JSON-LD block is data, not a script, so it needs none.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: [NONCE, "'strict-dynamic'"],
  // The built stylesheet, the inline style="" React renders on the server (the before/after
  // slider, review avatars, table widths), Vite's injected styles in development and the API
  // reference page's <style>: styles cannot run code, and a nonce cannot cover attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Uploaded photos are the site's own; an older hotel entry may still link a photo elsewhere,
  // and the location map probes an OpenStreetMap tile before showing the map.
  imgSrc: ["'self'", "https:"],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The interactive map on /location, loaded only when asked for.
  frameSrc: ["https://www.openstreetmap.org"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
