import { beforeAll, describe, expect, it } from "vitest";
import { jsonPost, signUp, signUpAdmin, type TestAccount } from "../tests/accounts";
import { buildBookingRequest, inDays } from "../tests/factories";
import { setupTestApp, TEST_ORIGIN } from "../tests/test-app";
import { bookings, closedDates } from "~/.server/db/schema";

/** Cross-site request forgery (issue 12, finding 3): one guard in front of every state-changing API request. */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;

/** Another port of the same host: same-site to SameSite=Lax cookies, another origin all the same. */
const SIBLING_ORIGIN = "http://localhost:3001";

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const written = async () => ({
  bookings: (await t.database.db.select().from(bookings)).length,
  closedDates: (await t.database.db.select().from(closedDates)).length,
});

/** The two writes the outside run forged: a closed date and a booking, with the admin's cookie. */
const forgeries = (headers: Record<string, string>, body = (b: object) => JSON.stringify(b)) => [
  t.json("/api/closed-dates", {
    method: "POST",
    headers: { Cookie: admin.cookie, ...headers },
    body: body({ date: inDays(30), reason: "Forged" }),
  }),
  t.json("/api/bookings", {
    method: "POST",
    headers: { Cookie: admin.cookie, ...headers },
    body: body(buildBookingRequest({ preferredDate: inDays(31) })),
  }),
];

async function expectRefused(headers: Record<string, string>, status: number, code: string) {
  const before = await written();
  for (const answer of await Promise.all(forgeries(headers))) {
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ error: { code, message: expect.any(String) } });
  }
  expect(await written()).toEqual(before);
}

describe("a state-changing API request", () => {
  it("refuses an auto-submitted text/plain form from another site, and writes nothing", async () => {
    await expectRefused(
      { "Content-Type": "text/plain", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      415,
      "unsupported_media_type",
    );
  });

  it("refuses a text/plain form from another port of the same host, and writes nothing", async () => {
    await expectRefused({ "Content-Type": "text/plain", Origin: SIBLING_ORIGIN }, 415, "unsupported_media_type");
  });

  it("refuses JSON from another port of the same host (by Origin), and writes nothing", async () => {
    await expectRefused({ "Content-Type": "application/json", Origin: SIBLING_ORIGIN }, 403, "cross_site_request");
  });

  it("refuses Sec-Fetch-Site: same-site and cross-site, whatever the Origin says", async () => {
    for (const site of ["same-site", "cross-site"])
      await expectRefused(
        { "Content-Type": "application/json", Origin: TEST_ORIGIN, "Sec-Fetch-Site": site },
        403,
        "cross_site_request",
      );
  });

  it("refuses a session cookie with neither Origin nor Sec-Fetch-Site", async () => {
    await expectRefused({ "Content-Type": "application/json" }, 403, "cross_site_request");
  });

  it("refuses a form's urlencoded body even from the site itself", async () => {
    const before = await written();
    const answer = await t.json("/api/closed-dates", {
      method: "POST",
      headers: {
        Cookie: admin.cookie,
        Origin: TEST_ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: `date=${inDays(32)}&reason=Forged`,
    });
    expect(answer.status).toBe(415);
    expect(await written()).toEqual(before);
  });

  it("passes same-origin JSON from the site's pages (by Sec-Fetch-Site or by Origin)", async () => {
    const bySecFetch = await t.json("/api/closed-dates", {
      ...jsonPost({ date: inDays(33), reason: "Staff day" }),
      headers: { "Content-Type": "application/json", Cookie: admin.cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect(bySecFetch.status).toBe(201);
    const byOrigin = await t.json(
      "/api/closed-dates",
      jsonPost({ date: inDays(34), reason: "Staff day" }, { cookie: admin.cookie }),
    );
    expect(byOrigin.status).toBe(201);
  });

  it("passes an API client with a bearer token, which sends no Origin", async () => {
    const { body } = await t.json<{ token: string }>("/api/jwt", jsonPost({}, { cookie: admin.cookie }));
    const answer = await t.json("/api/closed-dates", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${body.token}` },
      body: JSON.stringify({ date: inDays(35), reason: "Inventory" }),
    });
    expect(answer.status).toBe(201);
  });

  it("passes a visitor's request without cookies or browser headers (a script, a monitor)", async () => {
    const answer = await t.json("/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(buildBookingRequest({ preferredDate: inDays(36) })),
    });
    expect(answer.status).toBe(201);
  });
});

describe("better-auth's endpoints, behind the same guard", () => {
  it("refuse a cross-origin sign-out and password change, and accept the site's own sign-in", async () => {
    const member = await signUp(t);
    for (const path of ["/api/auth/sign-out", "/api/auth/change-password"]) {
      const answer = await t.json(path, {
        method: "POST",
        headers: { "Content-Type": "text/plain", Cookie: member.cookie, Origin: SIBLING_ORIGIN },
        body: JSON.stringify({ currentPassword: member.password, newPassword: "forged-password" }),
      });
      expect(answer.status).toBe(415);
    }
    const signIn = await t.json(
      "/api/auth/sign-in/email",
      jsonPost({ email: member.email, password: member.password }, { cookie: member.cookie }),
    );
    expect(signIn.status).toBe(200);
  });
});
