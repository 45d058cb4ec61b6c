import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chosenEncoding, compress } from "./compress";

const big = { items: "Prices. ".repeat(300) };
const app = new Hono()
  .use(compress())
  .get("/json", (c) => c.json(big))
  .get("/varied", (c) => c.json(big, 200, { Vary: "Origin" }))
  .get("/small", (c) => c.body("ok", 200, { "Content-Type": "text/plain", "Content-Length": "2" }))
  .get("/tagged", (c) => c.json(big, 200, { ETag: '"abc"' }))
  .get("/kept", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }))
  .get("/image", (c) => c.body(new Uint8Array(2048), 200, { "Content-Type": "image/webp" }));

describe("compress", () => {
  it("gzips a compressible answer for a client that takes gzip, weakening its ETag and saying it varies", async () => {
    const response = await app.request("/tagged", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("etag")).toBe('W/"abc"');
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual(big);
  });

  it("sends the answer as it is to a client that takes no encoding, with the Vary a cache needs", async () => {
    const response = await app.request("/json");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.json()).toEqual(big);
    const varied = await app.request("/varied");
    expect(varied.headers.get("vary")).toBe("Origin, Accept-Encoding");
  });

  it("leaves alone short answers, images, no-transform answers and HEAD", async () => {
    const gzip = { headers: { "Accept-Encoding": "gzip" } };
    for (const path of ["/small", "/image", "/kept"]) {
      const response = await app.request(path, gzip);
      expect(response.headers.get("content-encoding"), path).toBeNull();
    }
    expect((await app.request("/small", gzip)).headers.get("vary")).toBeNull();
    expect((await app.request("/json", { ...gzip, method: "HEAD" })).headers.get("content-encoding")).toBeNull();
  });
});

describe("chosenEncoding", () => {
  it("takes gzip before deflate, honours q=0 and the wildcard", () => {
    expect(chosenEncoding(undefined)).toBeUndefined();
    expect(chosenEncoding("gzip, deflate, br")).toBe("gzip");
    expect(chosenEncoding("deflate")).toBe("deflate");
    expect(chosenEncoding("gzip;q=0, deflate")).toBe("deflate");
    expect(chosenEncoding("gzip;q=0.5, deflate;q=0.8")).toBe("deflate");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("*;q=0")).toBeUndefined();
    expect(chosenEncoding("identity, br")).toBeUndefined();
  });
});
