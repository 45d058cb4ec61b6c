import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, twoFactors, users } from "~/.server/db/schema";
import { jsonPost, signIn, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";
import { turnOnTwoFactor, withCookies } from "../../tests/two-factor";

const t = setupTestApp();

/** The signed-in account a Cookie header names, or null: what every page and API call asks. */
async function whoIs(cookie: string): Promise<string | null> {
  const response = await t.request("/api/auth/get-session", { headers: { Cookie: cookie } });
  const body = (await response.json()) as { user: { email: string } } | null;
  return body?.user.email ?? null;
}

/** The password step of a sign-in: its answer and the cookies a browser would keep. */
async function passwordStep(account: TestAccount) {
  const response = await signIn(t, account.email, account.password);
  return { response, body: (await response.json()) as Record<string, unknown>, cookie: withCookies("", response) };
}

function giveCode(cookie: string, code: string, kind: "totp" | "backup-code" = "totp") {
  return t.request(`/api/auth/two-factor/verify-${kind}`, jsonPost({ code }, { cookie }));
}

describe("two-factor sign-in", () => {
  it("is turned on with the password and a first code, and recorded", async () => {
    const account = await signUp(t);
    const wrong = await t.request(
      "/api/auth/two-factor/enable",
      jsonPost({ password: "not-the-password" }, { cookie: account.cookie }),
    );
    expect(wrong.status).toBe(400);
    const app = await turnOnTwoFactor(t, account);
    expect(app.backupCodes).toHaveLength(10);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(user!.twoFactorEnabled).toBe(true);
    expect(await whoIs(account.cookie)).toBe(account.email);
    const records = await t.database.db
      .select({ kind: auditEvents.kind, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, account.id));
    expect(records).toEqual([
      { kind: "user.two-factor-on", summary: `Two-factor sign-in turned on for ${account.email}` },
    ]);
  });

  it("is not on until the first code is confirmed: the password alone still signs in", async () => {
    const account = await signUp(t);
    const enabled = await t.request(
      "/api/auth/two-factor/enable",
      jsonPost({ password: account.password }, { cookie: account.cookie }),
    );
    expect(enabled.status).toBe(200);
    const { cookie, body } = await passwordStep(account);
    expect(body).not.toHaveProperty("twoFactorRedirect");
    expect(await whoIs(cookie)).toBe(account.email);
  });

  it("asks for the code after the password, with no session until it is given", async () => {
    const account = await signUp(t);
    const app = await turnOnTwoFactor(t, account);
    const { response, body, cookie } = await passwordStep(account);
    expect(response.status).toBe(200);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(cookie).not.toMatch(/session_token=/);
    expect(await whoIs(cookie)).toBeNull();
    expect((await t.request("/api/vehicles", { headers: { Cookie: cookie } })).status).toBe(401);

    const refused = await giveCode(cookie, app.code(10));
    expect(refused.status).toBe(401);
    expect(await whoIs(withCookies(cookie, refused))).toBeNull();

    const accepted = await giveCode(cookie, app.code());
    expect(accepted.status).toBe(200);
    expect(await whoIs(withCookies(cookie, accepted))).toBe(account.email);
  });

  it("takes each backup code once", async () => {
    const account = await signUp(t);
    const app = await turnOnTwoFactor(t, account);
    const [first, second] = app.backupCodes;
    const once = await passwordStep(account);
    const used = await giveCode(once.cookie, first!, "backup-code");
    expect(used.status).toBe(200);
    expect(await whoIs(withCookies(once.cookie, used))).toBe(account.email);

    const again = await passwordStep(account);
    const reused = await giveCode(again.cookie, first!, "backup-code");
    expect(reused.status).toBe(401);
    expect(await whoIs(withCookies(again.cookie, reused))).toBeNull();
    const other = await giveCode(again.cookie, second!, "backup-code");
    expect(other.status).toBe(200);
    expect(await whoIs(withCookies(again.cookie, other))).toBe(account.email);
  });

  it("is turned off with the password: then the password alone signs in, and it is recorded", async () => {
    const account = await signUp(t);
    await turnOnTwoFactor(t, account);
    const wrong = await t.request(
      "/api/auth/two-factor/disable",
      jsonPost({ password: "not-the-password" }, { cookie: account.cookie }),
    );
    expect(wrong.status).toBe(400);
    const off = await t.request(
      "/api/auth/two-factor/disable",
      jsonPost({ password: account.password }, { cookie: account.cookie }),
    );
    expect(off.status).toBe(200);
    expect(await t.database.db.$count(twoFactors, eq(twoFactors.userId, account.id))).toBe(0);
    const { body, cookie } = await passwordStep(account);
    expect(body).not.toHaveProperty("twoFactorRedirect");
    expect(await whoIs(cookie)).toBe(account.email);
    const kinds = await t.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, account.id), eq(auditEvents.kind, "user.two-factor-off")));
    expect(kinds).toHaveLength(1);
  });
});
