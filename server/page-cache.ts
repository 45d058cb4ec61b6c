import type { MiddlewareHandler } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { ChangeSignal } from "~/.server/db/change-signal";
import { hasSessionCookie } from "~/lib/session-cookie";
import { acceptsGzip, ifNoneMatch, notModified } from "./page-etag";

/** Pages kept at once: the site has a dozen public pages; query strings are anyone's to vary. */
const MAX_PAGES = 200;
const MINUTE_MS = 60_000;

interface CachedPage {
  /** The nonce the page's scripts carry: a hit is sent with the policy that names it. */
  nonce: string;
  /** The page's own headers (Cache-Control, Vary, ETag, Content-Type, Content-Encoding). */
  headers: [string, string][];
  etag: string;
  body: ArrayBuffer;
}

/** What `recall` found for `serve`: the request's key (none when it may not share a page) and the page kept under it. */
export type PageCacheVariables = { pageKey?: string; cachedPage?: CachedPage };
type Variables = SecureHeadersVariables & PageCacheVariables;

/**
 * Visitors' pages, kept whole in memory, so a page is rendered once and then sent as it is until
 * something it shows may have changed. What a visitor's page shows follows from:
 * - its address (path, query, and the origin absolute links use when PUBLIC_URL is unset): the key;
 * - the catalogue, the opening hours (Booking Settings) and the published reviews: every change to
 *   any of them (through any process: `catalogue`'s, `settings`' and `reviews`' NOTIFY) drops every
 *   page, and while a process cannot hear changes it keeps none;
 * - the clock, to the minute ("today" in the booking forms, "open now" on /location): the pages
 *   kept are dropped when the minute turns;
 * - the site's configuration, which is fixed for the process's life.
 * Nothing else reaches a visitor's page (no session, no booking, no setting). A page is kept only when
 * its own Cache-Control says any cache may keep it ("public": site-layout says so to visitors only)
 * and it sets no cookie; requests with a session cookie or an Authorization header never meet one.
 *
 * A kept page is sent with the same Content-Security-Policy nonce as when it was rendered. A nonce
 * keeps out scripts that were injected into the page; a kept page is byte for byte what the server
 * rendered with that nonce, so it has no room for anything injected later (a shared cache that keeps
 * a "public" page does the same). Each page rendered, and each signed-in page, gets a fresh nonce.
 *
 * Two middlewares: `recall`, before secureHeaders (which writes the policy with the nonce it finds
 * in the context), finds the page; `serve`, at the pages' route, sends it or keeps a new one.
 */
export function createPageCache({
  catalogue,
  settings,
  reviews,
  now = Date.now,
}: {
  catalogue: Pick<ChangeSignal, "cacheable" | "onChange">;
  /** Booking Settings' saves: the footer, /location and the structured data show the opening hours. */
  settings?: Pick<ChangeSignal, "cacheable" | "onChange">;
  /** Reviews published, hidden or answered: home, /reviews and the structured data show them. */
  reviews?: Pick<ChangeSignal, "cacheable" | "onChange">;
  now?: () => number;
}) {
  const pages = new Map<string, CachedPage>();
  let minute = -1;
  /** Counts the drops: a page rendered while one happened may show what was dropped. */
  let generation = 0;
  const dropAll = () => {
    pages.clear();
    generation++;
  };
  catalogue.onChange(dropAll);
  settings?.onChange(dropAll);
  reviews?.onChange(dropAll);

  /** The page's key, or undefined when the request may not share one. */
  function keyOf(request: Request): string | undefined {
    if (
      request.method !== "GET" ||
      !catalogue.cacheable ||
      settings?.cacheable === false ||
      reviews?.cacheable === false
    )
      return undefined;
    const headers = request.headers;
    if (headers.has("authorization") || hasSessionCookie(headers.get("cookie"))) return undefined;
    const thisMinute = Math.floor(now() / MINUTE_MS);
    if (thisMinute !== minute) {
      dropAll();
      minute = thisMinute;
    }
    return `${acceptsGzip(headers.get("accept-encoding")) ? "gzip" : "identity"} ${request.url}`;
  }

  const recall: MiddlewareHandler<{ Variables: Variables }> = async (c, next) => {
    // The API's answers are never pages: no key to work out (it reads three headers) for them.
    if (c.req.path.startsWith("/api/")) return next();
    const key = keyOf(c.req.raw);
    if (key !== undefined) {
      c.set("pageKey", key);
      const page = pages.get(key);
      if (page) {
        c.set("cachedPage", page);
        c.set("secureHeadersNonce", page.nonce);
      }
    }
    await next();
  };

  const serve: MiddlewareHandler<{ Variables: Variables }> = async (c, next) => {
    const page = c.get("cachedPage");
    if (page) {
      const headers = new Headers(page.headers);
      if (ifNoneMatch(c.req.header("If-None-Match"), page.etag)) return c.body(null, notModified(headers));
      return c.body(page.body, { status: 200, headers });
    }
    const key = c.get("pageKey");
    const renderedIn = generation;
    await next();
    const response = c.res;
    const nonce = c.get("secureHeadersNonce");
    const etag = response.headers.get("ETag");
    if (
      key === undefined ||
      generation !== renderedIn ||
      response.status !== 200 ||
      !nonce ||
      !etag ||
      response.headers.has("Set-Cookie") ||
      !/(^|,)\s*public\s*(,|$)/.test(response.headers.get("Cache-Control") ?? "")
    )
      return;
    const body = await response.clone().arrayBuffer();
    // A Map keeps insertion order: the first key is the oldest page.
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    // The request id is this answer's own (Hono has copied it onto the response by now).
    const headers = [...response.headers].filter(([name]) => name !== "x-request-id");
    pages.set(key, { nonce, etag, body, headers });
  };

  return { recall, serve };
}
