import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The only bodies the API reads; a plain HTML form can send neither JSON nor (without a script) a cross-origin upload. */
const BODY_TYPES = ["application/json", "multipart/form-data"];
/** Fetch metadata of a request the site itself made (or one the user typed). */
const SAME_ORIGIN_FETCH = new Set(["same-origin", "none"]);

/**
 * One guard for every state-changing API request (better-auth's endpoints included), against
 * cross-site request forgery from any other origin — another port or a sibling subdomain is
 * "same-site" to SameSite cookies, so those alone do not stop it:
 * - a body must be declared JSON (uploads: multipart), so a form's text/plain or urlencoded
 *   body is refused before anything parses it;
 * - the request must come from this site: by Sec-Fetch-Site when the browser sends it, else by
 *   Origin against the public origin (PUBLIC_URL, or the address asked for when unset);
 * - with neither header it is no browser's page request, and is let through when it carries no
 *   cookie; an API client's bearer token is let through always (a cross-site page cannot set
 *   Authorization without a CORS preflight, which this site never grants).
 */
export function guardStateChanges(publicUrl: string | undefined): MiddlewareHandler {
  const publicOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const refusal = bodyTypeRefusal(c) ?? originRefusal(c, publicOrigin);
    if (refusal) return c.json(errorBody(refusal.code, refusal.message), refusal.status);
    return next();
  };
}

function bodyTypeRefusal(c: Context) {
  const type = c.req.header("content-type")?.split(";")[0]!.trim().toLowerCase();
  const declared = type !== undefined && type !== "";
  if (declared ? BODY_TYPES.includes(type) : !hasBody(c)) return undefined;
  return {
    status: 415 as const,
    code: "unsupported_media_type",
    message: "Send the request body as JSON (Content-Type: application/json).",
  };
}

/** By the message's framing (RFC 9112 §6.3): a length above 0, or a chunked body. */
function hasBody(c: Context) {
  const length = c.req.header("content-length");
  return c.req.header("transfer-encoding") !== undefined || (length !== undefined && length.trim() !== "0");
}

function originRefusal(c: Context, publicOrigin: string | undefined) {
  const fetchSite = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  let allowed: boolean;
  if (/^bearer\s/i.test(c.req.header("authorization") ?? "")) allowed = true;
  else if (fetchSite) allowed = SAME_ORIGIN_FETCH.has(fetchSite);
  else if (origin) allowed = origin === (publicOrigin ?? new URL(c.req.url).origin);
  else allowed = !c.req.header("cookie");
  if (allowed) return undefined;
  return {
    status: 403 as const,
    code: "cross_site_request",
    message: "This change must be made from the site itself.",
  };
}
