import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { createPageCache, type PageCacheVariables } from "./page-cache";
import { pageEtag } from "./page-etag";
import { securityHeaders } from "./security-headers";

/** The catalogue's change signal, as a test drives it. */
function catalogueSignal() {
  const drops: (() => void)[] = [];
  return {
    cacheable: true,
    onChange: (drop: () => void) => drops.push(drop),
    change: () => drops.forEach((drop) => drop()),
  };
}

/**
 * The site's middleware order around pages (server/app.ts), over a page that shows the catalogue's
 * price and its render count; `cacheControl` and `setCookie` are what the page route answers with.
 */
function site({ cacheControl = "public, max-age=0, must-revalidate", status = 200, setCookie = false } = {}) {
  const catalogue = catalogueSignal();
  const reviews = catalogueSignal();
  const state = { price: 25, renders: 0, now: Date.UTC(2026, 10, 25, 12, 0, 10), duringRender: () => {} };
  const cache = createPageCache({ catalogue, reviews, now: () => state.now });
  const app = new Hono<{ Variables: PageCacheVariables }>()
    .use(requestId())
    .use(cache.recall)
    .use(securityHeaders())
    .get("/*", cache.serve, pageEtag(), (c) => {
      state.renders++;
      state.duringRender();
      const nonce = c.get("secureHeadersNonce");
      const html = `<script nonce="${nonce}">hydrate()</script><p>Full detail $${state.price} (render ${state.renders})</p>${"<p>Our packages.</p>".repeat(100)}`;
      return c.html(html, status as 200, {
        "Cache-Control": cacheControl,
        ...(setCookie && { "Set-Cookie": "seen=1" }),
      });
    });
  return { app, catalogue, reviews, state };
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!;
const scriptNonce = (html: string) => /<script nonce="([^"]+)"/.exec(html)![1];

describe("visitors' pages kept whole", () => {
  it("render a visitor's page once and send it again with the nonce its scripts carry, under a new request id", async () => {
    const { app, state } = site();
    const first = await app.request("/pricing");
    const second = await app.request("/pricing");
    const [html1, html2] = [await first.text(), await second.text()];
    expect(state.renders).toBe(1);
    expect(html2).toBe(html1);
    expect(nonceOf(second)).toBe(nonceOf(first));
    expect(scriptNonce(html2)).toBe(nonceOf(second));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // Another address is another page.
    await app.request("/pricing?from=home");
    expect(state.renders).toBe(2);
  });

  it("show a catalogue change on the next request, with a fresh nonce", async () => {
    const { app, catalogue, state } = site();
    const before = await app.request("/pricing");
    state.price = 30;
    catalogue.change();
    const after = await app.request("/pricing");
    const html = await after.text();
    expect(html).toContain("Full detail $30");
    expect(nonceOf(after)).not.toBe(nonceOf(before));
    expect(scriptNonce(html)).toBe(nonceOf(after));
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("render again once a review is published, hidden or answered, and keep none while that cannot be heard", async () => {
    const { app, reviews, state } = site();
    await app.request("/");
    await app.request("/");
    expect(state.renders).toBe(1);
    reviews.change();
    await app.request("/");
    expect(state.renders).toBe(2);
    reviews.cacheable = false;
    await app.request("/");
    expect(state.renders).toBe(3);
  });

  it("keep no page rendered while the catalogue changed", async () => {
    const { app, catalogue, state } = site();
    state.duringRender = () => {
      if (state.renders === 1) catalogue.change();
    };
    await app.request("/pricing");
    await app.request("/pricing");
    expect(state.renders).toBe(2);
    await app.request("/pricing");
    expect(state.renders).toBe(2);
  });

  it("render again when the minute turns ('today', 'open now') and while changes cannot be heard", async () => {
    const { app, catalogue, state } = site();
    await app.request("/location");
    state.now += 49_000; // 12:00:59
    await app.request("/location");
    expect(state.renders).toBe(1);
    state.now += 1_000; // 12:01:00
    await app.request("/location");
    expect(state.renders).toBe(2);
    catalogue.cacheable = false;
    await app.request("/location");
    await app.request("/location");
    expect(state.renders).toBe(4);
  });

  it("never share a page with a signed-in request, nor keep one rendered for it", async () => {
    const { app, state } = site();
    await app.request("/pricing", { headers: { Cookie: "carwash.session_token=abc.def" } });
    await app.request("/pricing", { headers: { Authorization: "Bearer abc" } });
    expect(state.renders).toBe(2);
    const visitor = await app.request("/pricing");
    expect(state.renders).toBe(3);
    await app.request("/pricing", { headers: { Cookie: "theme=dark; __Secure-carwash.session_token=abc.def" } });
    expect(state.renders).toBe(4);
    // A visitor's unrelated cookie does not make the page theirs.
    const withCookie = await app.request("/pricing", { headers: { Cookie: "theme=dark" } });
    expect(state.renders).toBe(4);
    expect(nonceOf(withCookie)).toBe(nonceOf(visitor));
  });

  it("keep only pages any cache may keep: not private ones, nor errors, nor answers that set a cookie", async () => {
    for (const options of [{ cacheControl: "private, no-store" }, { status: 404 }, { setCookie: true }]) {
      const { app, state } = site(options);
      await app.request("/pricing");
      await app.request("/pricing");
      expect(state.renders, JSON.stringify(options)).toBe(2);
    }
  });

  it("answer a kept page's ETag with a bare 304, and keep gzip and plain answers apart", async () => {
    const { app, state } = site();
    const plain = await app.request("/pricing");
    const etag = plain.headers.get("etag")!;
    const revalidated = await app.request("/pricing", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(await revalidated.text()).toBe("");

    const zipped = await app.request("/pricing", { headers: { "Accept-Encoding": "gzip" } });
    const zippedAgain = await app.request("/pricing", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(state.renders).toBe(2);
    expect(zippedAgain.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await zippedAgain.arrayBuffer())).toString();
    expect(scriptNonce(html)).toBe(nonceOf(zippedAgain));
    expect(nonceOf(zippedAgain)).toBe(nonceOf(zipped));
    expect((await app.request("/pricing")).headers.get("content-encoding")).toBeNull();
  });
});
