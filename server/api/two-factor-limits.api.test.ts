import { describe, expect, it } from "vitest";
import { jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";
import { turnOnTwoFactor, withCookies, type Authenticator } from "../../tests/two-factor";

// Per-address limits high and every request from a new address: only the per-account limit (10) bites.
const t = setupTestApp({ env: { TRUST_PROXY: "1" }, rateLimit: { signIn: 1000, signUp: 1000 } });

let lastAddress = 0;
const freshAddress = () => `198.19.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function post(path: string, body: unknown, cookie?: string) {
  const init = jsonPost(body, { cookie });
  return t.request(path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": freshAddress() },
  });
}

/** The password step: its status and the pending sign-in's cookie. */
async function password(account: TestAccount, given = account.password) {
  const response = await post("/api/auth/sign-in/email", { email: account.email, password: given });
  return { status: response.status, cookie: withCookies("", response) };
}

async function code(cookie: string, value: string) {
  const response = await post("/api/auth/two-factor/verify-totp", { code: value }, cookie);
  return response.status;
}

/** A code the authenticator shows ten minutes from now: wrong now. */
const wrongCode = (app: Authenticator) => app.code(20);

describe("the sign-in limit per account, with two-factor sign-in", () => {
  it("counts each wrong code: after ten failures even the right code waits", async () => {
    const account = await signUp(t);
    const app = await turnOnTwoFactor(t, account);
    const statuses: number[] = [];
    let pending = "";
    for (let challenge = 0; challenge < 2; challenge++) {
      const step = await password(account);
      statuses.push(step.status);
      pending = step.cookie;
      for (let i = 0; i < 4; i++) statuses.push(await code(pending, wrongCode(app)));
    }
    expect(statuses).toEqual([200, 401, 401, 401, 401, 200, 401, 401, 401, 401]);
    // The challenge itself would take a fifth code; the account's limit is spent first.
    expect(await code(pending, app.code())).toBe(429);
    expect((await password(account)).status).toBe(429);
  });

  it("counts a right password waiting for its code until the code is given", async () => {
    const account = await signUp(t);
    await turnOnTwoFactor(t, account);
    for (let i = 0; i < 10; i++) expect((await password(account)).status).toBe(200);
    expect((await password(account)).status).toBe(429);
  });

  it("does not count sign-ins finished with the right code", async () => {
    const account = await signUp(t);
    const app = await turnOnTwoFactor(t, account);
    for (let i = 0; i < 12; i++) {
      const step = await password(account);
      expect(step.status).toBe(200);
      expect(await code(step.cookie, app.code())).toBe(200);
    }
    expect((await password(account, "wrong-guess")).status).toBe(401);
  });

  it("leaves a signed-in account confirming its new authenticator out of the count", async () => {
    const account = await signUp(t);
    await post("/api/auth/two-factor/enable", { password: account.password }, account.cookie);
    for (let i = 0; i < 11; i++) expect(await code(account.cookie, "000000")).toBe(401);
    expect((await password(account)).status).toBe(200);
  });
});
