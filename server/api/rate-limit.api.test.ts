import { describe, expect, it } from "vitest";
import { jsonPost, signUp } from "../../tests/accounts";
import { buildBookingRequest } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

const t = setupTestApp({ env: { TRUST_PROXY: "true" }, rateLimit: { signIn: 5, signUp: 3 } });

const from = (ip: string, init: RequestInit) => ({
  ...init,
  headers: { ...(init.headers as object), "X-Forwarded-For": ip },
});

describe("rate limits per IP", () => {
  it("allows 5 sign-in attempts a minute from one address, then answers 429; other addresses are unaffected", async () => {
    const account = await signUp(t);
    const attempt = (ip: string) =>
      t.request("/api/auth/sign-in/email", from(ip, jsonPost({ email: account.email, password: "wrong" })));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt("203.0.113.7")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt("198.51.100.9")).status).toBe(401);
  });

  it("allows 3 sign-ups a minute from one address", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const body = { name: "Bot", email: `bot${i}-${Date.now()}@example.com`, password: "123456" };
      statuses.push((await t.request("/api/auth/sign-up/email", from("192.0.2.44", jsonPost(body)))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("allows a visitor 10 booking requests a minute from one address, then says when to come back", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      // Malformed on purpose: the limit counts requests before reading them.
      const response = await t.request(
        "/api/bookings",
        from("192.0.2.80", jsonPost(buildBookingRequest({ phone: "" }))),
      );
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});
