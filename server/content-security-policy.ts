import { NONCE } from "hono/secure-headers";

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
