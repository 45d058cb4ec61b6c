import { eq } from "drizzle-orm";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, jsonPost, sessionCookie, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";
import { sessions, users } from "./db/schema";
import { signedValue } from "./session-reader";
import { hasSessionCookie, SESSION_COOKIE_PREFIX } from "~/lib/session-cookie";

/**
 * The session reader (session-reader.ts) answers the common case itself and leaves the rest to
 * better-auth: who is signed in must be the same either way, and better-auth's renewals and
 * clean-ups must still happen.
 */
const t = setupTestApp();
const DAY = 86_400_000;

const whoIs = (cookie: string) => t.services.getActor(new Headers({ cookie }));
const betterAuthSays = async (cookie: string) =>
  (await t.services.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id ?? null;
const tokenOf = (account: TestAccount) => decodeURIComponent(/session_token=([^;.]+)/.exec(account.cookie)![1]!);
const sessionRow = async (account: TestAccount) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(account)))
  )[0];

describe("who a session cookie names", () => {
  it("is set under the name the page cache looks for, so a signed-in page is never shared", async () => {
    const account = await signUp(t);
    expect(hasSessionCookie(account.cookie)).toBe(true);
    const { authCookies } = await t.services.auth.$context;
    expect(authCookies.sessionToken.name).toBe(`${SESSION_COOKIE_PREFIX}.session_token`);
  });

  it("is the account better-auth names, with its role and verification as they are now", async () => {
    const account = await signUp(t, { verified: false });
    expect(await whoIs(account.cookie)).toEqual({
      id: account.id,
      name: account.name,
      email: account.email.toLowerCase(),
      role: "member",
      emailVerified: false,
    });
    expect(await betterAuthSays(account.cookie)).toBe(account.id);
    await t.database.db.update(users).set({ role: "admin", emailVerified: true }).where(eq(users.id, account.id));
    expect(await whoIs(account.cookie)).toMatchObject({ role: "admin", emailVerified: true });
    // And so do the API's answers: an admin's list is everyone's.
    expect((await t.request("/api/user", as(account))).status).toBe(200);
  });

  it("is nobody for a cookie whose signature or token was tampered with, as better-auth says", async () => {
    const account = await signUp(t);
    const [name, value] = account.cookie.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const forged = [
      `${name}=${encodeURIComponent(`${flip(token, 0)}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${flip(signature, 3)}`)}`,
      `${name}=${encodeURIComponent(token)}`,
      `${name}=`,
    ];
    for (const cookie of forged) {
      expect(await whoIs(cookie), cookie).toBeNull();
      expect(await betterAuthSays(cookie), cookie).toBeNull();
    }
    // The first cookie of the name counts, as in better-call; other cookies around it do not matter.
    expect(await whoIs(`theme=dark; ${account.cookie}; ${forged[0]}`)).toMatchObject({ id: account.id });
    expect(await whoIs(`${forged[0]}; ${account.cookie}`)).toBeNull();
  });

  it("is signed exactly as better-call signs it: URL-safe base64, which Node would also decode, is refused", () => {
    const secret = "a-secret-of-at-least-thirty-two-characters";
    const sign = (value: string) => createHmac("sha256", secret).update(value).digest("base64");
    let value = "token-0";
    for (let i = 1; !/[+/]/.test(sign(value)); i++) value = `token-${i}`;
    expect(signedValue(`${value}.${sign(value)}`, secret)).toBe(value);
    const urlSafe = sign(value).replaceAll("+", "-").replaceAll("/", "_");
    expect(signedValue(`${value}.${urlSafe}`, secret)).toBeUndefined();
    expect(signedValue(`${value}.${sign(value)}`, `${secret}!`)).toBeUndefined();
  });

  it("is nobody once signed out, or once the account is deleted", async () => {
    const signedOut = await signUp(t);
    expect((await t.request("/api/auth/sign-out", jsonPost({}, { cookie: signedOut.cookie }))).status).toBe(200);
    expect(await whoIs(signedOut.cookie)).toBeNull();
    const deleted = await signUp(t);
    await t.database.db.delete(users).where(eq(users.id, deleted.id));
    expect(await whoIs(deleted.cookie)).toBeNull();
  });

  it("is renewed by better-auth when a day of its 30 has passed, and cleaned up when expired", async () => {
    const due = await signUp(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 29 * DAY - 60_000) })
      .where(eq(sessions.token, tokenOf(due)));
    expect(await whoIs(due.cookie)).toMatchObject({ id: due.id });
    expect((await sessionRow(due))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);

    const expired = await signUp(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(expired)));
    expect(await whoIs(expired.cookie)).toBeNull();
    expect(await sessionRow(expired)).toBeUndefined();
  });

  it("names the account of a bearer token (better-auth's plugin) too", async () => {
    const account = await signUp(t);
    const signedIn = await t.request(
      "/api/auth/sign-in/email",
      jsonPost({ email: account.email, password: account.password }),
    );
    const bearer = signedIn.headers.get("set-auth-token")!;
    expect(bearer).toBeTruthy();
    expect(sessionCookie(signedIn)).toMatch(/session_token=/);
    expect(await t.services.getActor(new Headers({ authorization: `Bearer ${bearer}` }))).toMatchObject({
      id: account.id,
    });
  });
});
