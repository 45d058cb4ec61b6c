import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { guardStateChanges } from "./request-guard";

const appFor = (publicUrl?: string) =>
  new Hono().use("/api/*", guardStateChanges(publicUrl)).all("/api/change", (c) => c.text("done"));

const post = (app: Hono, headers: Record<string, string>) =>
  app.request("http://localhost:3000/api/change", { method: "POST", headers: { Cookie: "s=1", ...headers } });

describe("the state-changing-request guard's origin", () => {
  it("is PUBLIC_URL when set: the address a proxy forwarded to does not count", async () => {
    const app = appFor("https://carwash.example");
    expect((await post(app, { Origin: "https://carwash.example" })).status).toBe(200);
    expect((await post(app, { Origin: "http://localhost:3000" })).status).toBe(403);
  });

  it("is the request's own origin when PUBLIC_URL is unset", async () => {
    const app = appFor(undefined);
    expect((await post(app, { Origin: "http://localhost:3000" })).status).toBe(200);
    expect((await post(app, { Origin: "http://localhost:3001" })).status).toBe(403);
  });

  it("lets reads and a user-typed navigation (Sec-Fetch-Site: none) through", async () => {
    const app = appFor(undefined);
    expect(
      (await app.request("/api/change", { headers: { Cookie: "s=1", "Sec-Fetch-Site": "cross-site" } })).status,
    ).toBe(200);
    expect((await post(app, { "Sec-Fetch-Site": "none" })).status).toBe(200);
  });
});
