import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, jsonPost, sessionCookie, signIn, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp, type TestApp } from "../../tests/test-app";
import { writtenMessages } from "../../tests/outbox-mail";
import { outbox } from "./db/schema";

/** better-auth's endpoints under the site's own rules (issue 12, findings 4 and 8). */
const t = setupTestApp();

async function signedIn(t: TestApp, cookie: string) {
  const session = await (await t.request("/api/auth/get-session", as({ cookie } as TestAccount))).json();
  return session !== null;
}

async function secondSession(account: TestAccount) {
  return sessionCookie(await signIn(t, account.email, account.password));
}

/** Asks for a reset mail and answers the link it holds. */
async function resetLink(account: TestAccount, redirectTo: string) {
  const requested = await t.request("/api/auth/request-password-reset", jsonPost({ email: account.email, redirectTo }));
  expect(requested.status).toBe(200);
  const [mail] = await writtenMessages(t, eq(outbox.to, account.email));
  return new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
}

describe("a password change", () => {
  it("signs out the account's other sessions even when the client asks to keep them", async () => {
    const account = await signUp(t);
    const other = await secondSession(account);
    expect(await signedIn(t, other)).toBe(true);
    const changed = await t.request(
      "/api/auth/change-password",
      jsonPost(
        { currentPassword: account.password, newPassword: "a-new-password", revokeOtherSessions: false },
        { cookie: account.cookie },
      ),
    );
    expect(changed.status).toBe(200);
    expect(await signedIn(t, other)).toBe(false);
    // The session that made the change goes on (better-auth hands it a fresh cookie).
    expect(await signedIn(t, sessionCookie(changed) || account.cookie)).toBe(true);
  });
});

describe("a password reset", () => {
  it("signs out every session of the account", async () => {
    const account = await signUp(t);
    const sessions = [account.cookie, await secondSession(account)];
    const link = await resetLink(account, "/reset-password");
    const opened = await t.request(link.pathname + link.search);
    const token = new URL(opened.headers.get("location")!, link).searchParams.get("token")!;
    const reset = await t.request("/api/auth/reset-password", jsonPost({ token, newPassword: "brand-new-pass" }));
    expect(reset.status).toBe(200);
    for (const cookie of sessions) expect(await signedIn(t, cookie)).toBe(false);
  });
});

describe("a reset link's return path", () => {
  it.each([
    "/%09/evil.test",
    "/%0a/evil.test",
    "/%E3%80%80/evil.test",
    "/\\evil.test",
    "/%5C/evil.test",
    // Dot segments the parser collapses to "//evil.test", and an encoded slash (issue 24, finding 1).
    "/.//evil.test",
    "/x/..//evil.test",
    "/%2e%2e//evil.test",
    "/./%2F/evil.test",
  ])("leads to a path on this site for %j", async (callbackURL) => {
    const account = await signUp(t);
    const link = await resetLink(account, "/reset-password");
    link.searchParams.set("callbackURL", callbackURL);
    const opened = await t.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get("location")!, link);
    expect(location.origin).toBe(link.origin);
    expect(location.searchParams.get("token")).toBeTruthy();
  });

  it("refuses a raw control character outright, as every better-auth input (auth-input.ts)", async () => {
    const account = await signUp(t);
    const link = await resetLink(account, "/reset-password");
    link.searchParams.set("callbackURL", "/\t/evil.test");
    expect((await t.request(link.pathname + link.search)).status).toBe(400);
    const requested = await t.request(
      "/api/auth/request-password-reset",
      jsonPost({ email: account.email, redirectTo: "/\t/evil.test" }),
    );
    expect(requested.status).toBe(400);
  });

  it("is checked when the mail is asked for too", async () => {
    const account = await signUp(t);
    const link = await resetLink(account, "/\\evil.test");
    expect(new URL(link.searchParams.get("callbackURL")!, link).origin).toBe(link.origin);
  });
});
