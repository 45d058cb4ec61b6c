/** Stands for the answer's nonce in the directives below. */
const NONCE = "'nonce-'";

/**
 * The Content-Security-Policy of every answer: the second wall behind the escaping of stored
 * text. Scripts run only when the server gave them this request's nonce (React Router's inline
 * scripts and module entry, through `ServerRouter nonce` in app/entry.server.tsx), and what those
 * load ('strict-dynamic'); the JSON-LD block is data, not a script, so it needs none.
 */
const DIRECTIVES = {
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

/** The policy's text around the nonce: hono's spelling (`default-src 'self'; script-src …`). */
const [BEFORE_NONCE, AFTER_NONCE] = Object.entries(DIRECTIVES)
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(" ")}`)
  .join("; ")
  .split(NONCE) as [string, string];

/** The policy of an answer whose scripts carry `nonce` (base64). */
export function contentSecurityPolicy(nonce: string): string {
  return `${BEFORE_NONCE}'nonce-${nonce}'${AFTER_NONCE}`;
}
