import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { pageEtag } from "./page-etag";
import { securityHeaders } from "./security-headers";

/** A page as the site sends one: its CSP nonce in the header and in the page's scripts. */
const page = (extra = "") =>
  new Hono<{ Variables: SecureHeadersVariables }>()
    .use(securityHeaders())
    .get("/short", pageEtag(), (c) => c.html("<p>Hi</p>"))
    .get("/missing", pageEtag(), (c) => c.html(`<p>${"Not here. ".repeat(200)}</p>`, 404))
    .get("/*", pageEtag(), (c) =>
      c.html(`<script nonce="${c.get("secureHeadersNonce")}">go()</script><p>${"Prices. ".repeat(300)}${extra}</p>`),
    );

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];

describe("pages' ETags and compression", () => {
  it("give an unchanged page the same ETag whatever its nonce, and a changed page another", async () => {
    const app = page();
    const [first, second] = [await app.request("/pricing"), await app.request("/pricing")];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect((await page("new price").request("/pricing")).headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("answer a matching If-None-Match with a bare 304: its ETag and Cache-Control kept, no policy, no body", async () => {
    const app = page();
    const etag = (await app.request("/pricing")).headers.get("etag")!;
    const again = await app.request("/pricing", { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(again.headers.get("content-type")).toBeNull();
    expect(await again.text()).toBe("");
    expect((await app.request("/pricing", { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  it("gzip a page for a browser that takes gzip, and send it plain to one that does not", async () => {
    const app = page();
    const plain = await app.request("/pricing");
    const zipped = await app.request("/pricing", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(zipped.headers.get("content-type")).toMatch(/^text\/html/);
    const html = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    expect(html).toContain(`nonce="${nonceOf(zipped)}"`);
    expect(html.replace(nonceOf(zipped)!, "")).toBe((await plain.text()).replace(nonceOf(plain)!, ""));
    expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
  });

  it("leave a short page uncompressed, and an error page without an ETag", async () => {
    const app = page();
    const short = await app.request("/short", { headers: { "Accept-Encoding": "gzip" } });
    expect(short.headers.get("content-encoding")).toBeNull();
    expect(await short.text()).toBe("<p>Hi</p>");
    const missing = await app.request("/missing", { headers: { "Accept-Encoding": "gzip" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
  });
});
