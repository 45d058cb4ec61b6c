import { TOTP } from "otpauth";
import { jsonPost, sessionCookie, type TestAccount } from "./accounts";
import type { TestApp } from "./test-app";

/** An account's authenticator app, as a phone holds it after scanning the QR code. */
export interface Authenticator {
  /** The code it shows now (or `offset` periods of 30 seconds from now). */
  code(offset?: number): string;
  backupCodes: string[];
}

/** The authenticator for the otpauth:// address better-auth answers on enable. */
export function authenticatorFor(totpURI: string, backupCodes: string[] = []): Authenticator {
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  return { code: (offset = 0) => totp.generate({ timestamp: Date.now() + offset * 30_000 }), backupCodes };
}

/** The cookies of a response that sets some, over those of the request that had them. */
export function withCookies(before: string, response: Response): string {
  const jar = new Map(
    before
      .split(";")
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c]),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Turns two-factor sign-in on for `account` as the security page does: the password, then the
 * first code. The account's cookie is the new session better-auth hands back.
 */
export async function turnOnTwoFactor(t: TestApp, account: TestAccount): Promise<Authenticator> {
  const enabled = await t.request(
    "/api/auth/two-factor/enable",
    jsonPost({ password: account.password }, { cookie: account.cookie }),
  );
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const app = authenticatorFor(totpURI, backupCodes);
  const verified = await t.request(
    "/api/auth/two-factor/verify-totp",
    jsonPost({ code: app.code() }, { cookie: account.cookie }),
  );
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  account.cookie = sessionCookie(verified);
  return app;
}
